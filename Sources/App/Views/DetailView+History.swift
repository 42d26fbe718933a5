import Foundation
import Mustache
import Storage

/// The dialog's History section: what changed, who changed it and when, newest first.
extension DetailView {
    static let historyPageSize = 10

    /// One page of an item's history, and whether there are more.
    struct HistoryPage {
        let entries: [HistoryEntry]
        let hasOlder: Bool
        let isFirstPage: Bool
    }

    func historyValues(_ page: HistoryPage, subject: Subject, list: ListQuery, context: PageContext) -> MustacheValue {
        let base: String
        switch subject {
        case .item(let item): base = "/items/\(item.key.lowercasedString)"
        case .draft(let draft): base = "/drafts/\(draft.id.lowercasedString)"
        }
        var values: [String: MustacheValue] = [
            "entries": .list(page.entries.map { entryValues($0, context: context) }),
            "none": .bool(page.entries.isEmpty && page.isFirstPage),
            "hasEntries": .bool(!page.entries.isEmpty),
            "pager": .bool(page.hasOlder || !page.isFirstPage),
        ]
        if page.hasOlder, let last = page.entries.last {
            values["olderHref"] = .string(base + ListQuery.queryString(list.stateParameters + [("history", String(last.id))]))
        }
        if !page.isFirstPage { values["newestHref"] = .string(base + list.stateQuery) }
        return .object(values)
    }

    private func entryValues(_ entry: HistoryEntry, context: PageContext) -> MustacheValue {
        let moment = formatters.moment(entry.at, context.language)
        var values: [String: MustacheValue] = [
            "text": .string(describe(entry, context: context)),
            "when": .string(moment.medium),
            "whenISO": .string(moment.iso),
        ]
        if !entry.actor.name.isEmpty { values["who"] = .string(entry.actor.name) }
        return .object(values)
    }

    /// "Name changed from “Lamp” to “Desk lamp”", in the page's language.
    func describe(_ entry: HistoryEntry, context: PageContext) -> String {
        let old = entry.oldValue ?? "", new = entry.newValue ?? ""
        switch entry.kind {
        case .created: return context.text("historyCreated")
        case .imported: return context.text("historyImported")
        case .deleted: return context.text("historyDeleted")
        case .restored: return context.format("historyRestored", new)
        case .moved: return context.format("historyMoved", old, new)
        case .photoAdded: return new.isEmpty ? context.text("historyPhotoAdded") : context.format("historyPhotosAdded", new)
        case .photoReplaced: return context.text("historyPhotoReplaced")
        case .photoRemoved: return new.isEmpty ? context.text("historyPhotoRemoved") : context.format("historyPhotosRemoved", new)
        case .coverChanged: return context.text("historyCoverChanged")
        case .photosReordered: return context.text("historyPhotosReordered")
        case .documentAdded, .documentRemoved: return describeDocument(entry, context: context)
        case .updated:
            switch entry.field {
            case .name?: return context.format("historyName", old, new)
            case .valueInDollars?:
                let money = { (text: String) in Int(text).map { formatters.money($0, context.language, context.currency) } ?? text }
                return context.format("historyValue", money(old), money(new))
            case .serialNumber?:
                if old.isEmpty { return context.format("historySerialSet", new) }
                if new.isEmpty { return context.format("historySerialCleared", old) }
                return context.format("historySerial", old, new)
            case .location?: return Self.describeChange("historyLocation", old, new, context: context)
            case .labels?: return Self.describeChange("historyLabels", old, new, context: context)
            case .manufacturer?, .modelNumber?, .quantity?, .purchaseDate?, .purchasePrice?, .placeBought?, .warranty?, .notes?, .dateCreated?:
                return describeOwnership(entry, context: context)
            case nil: return context.text("historyChanged")
            }
        }
    }

    /// A change of place: set (was empty), cleared (is empty) or changed, by `key`'s three strings.
    private static func describeChange(_ key: String, _ old: String, _ new: String, context: PageContext) -> String {
        if old.isEmpty { return context.format(key + "Set", new) }
        if new.isEmpty { return context.format(key + "Cleared", old) }
        return context.format(key, old, new)
    }
}
