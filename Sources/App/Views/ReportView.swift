import Foundation
import Mustache
import Storage

/// The insurance report's view model: the heading's facts (owners, who prepared it, when,
/// what it selects, count and total), and one ``Row`` per item.
struct ReportView {
    let formatters: Formatters
    let context: PageContext
    /// The household's high-value line: the same the list marks and filters by.
    let valuableThreshold: Int

    /// Where `items/report` leaves room for the rows: the page is rendered once, cut here,
    /// and the rows are streamed in between. Every value a template prints is HTML-escaped
    /// but this one, so no item, name or search can spell it.
    static let rowsSlot = "<!-- report rows -->"
    /// Where the photo pages go (`?photos=1`), after the table: streamed in as the rows are.
    static let appendixSlot = "<!-- report photo pages -->"

    private var language: Language { context.language }

    /// The page around the rows; `grouped`: a section per location.
    func values(query: ListQuery, grouped: Bool = false, count: Int, totalValue: Int, owners: [String], date: Date) -> [String: MustacheValue] {
        let moment = formatters.moment(date, language)
        let countText = formatters.grouped(count, language)
        let total = formatters.money(totalValue, language, context.currency)
        var values: [String: MustacheValue] = [
            "title": .string(context.text("reportTitle")),
            "day": .string(formatters.day(date, language).medium),
            "date": .string(moment.medium),
            "dateISO": .string(moment.iso),
            "count": .string(countText),
            "totalLabel": .string(context.plural("reportTotalMany", count: count, countText)),
            "total": .string(total),
            "caption": .string(context.plural("itemsSummary", count: count, countText, total)),
            "selection": .string(grouped ? selection(query) + " · " + context.text("reportByLocation") : selection(query)),
            "grouped": .bool(grouped),
            "groupHref": .string(Self.reportURL(query, grouped: !grouped)),
            "groupLabel": .string(context.text(grouped ? "reportUngrouped" : "reportGroupByLocation")),
            "listHref": .string(query.state.url),
            "rowsSlot": .string(Self.rowsSlot),
            "appendixSlot": .string(Self.appendixSlot),
            "empty": .bool(count == 0),
        ]
        if !owners.isEmpty {
            values["ownersLabel"] = .string(context.plural("reportOwners", count: owners.count))
            values["owners"] = .string(owners.joined(separator: ", "))
        }
        if let member = context.signedIn?.account {
            values["preparedBy"] = .string(context.format("reportMember", member.username, context.text(PageRenderer.roleKey(member.role))))
        }
        return values
    }

    /// What the report holds, in words: "All items, in your order", or the search, sort and
    /// filters it was made with, so a part is never mistaken for the whole inventory.
    func selection(_ query: ListQuery) -> String {
        let filter = query.filter
        guard !filter.isDefault else { return context.text("reportAllItems") }
        var parts: [String] = []
        if !filter.search.isEmpty { parts.append(context.format("reportSearch", filter.search)) }
        if !filter.showsOwnOrder {
            parts.append(context.text(ItemListView.sortLabelKeys[query.sortParameter] ?? "sortPosition"))
        }
        if filter.valuableOnly { parts.append(context.format("filterValuableAt", formatters.money(valuableThreshold, language, context.currency))) }
        if filter.withPhotoOnly { parts.append(context.text("filterPhoto")) }
        // The member's own favourites (issue 26): a report of them says so.
        if filter.favouritesOf != nil { parts.append(context.text("filterFavourites")) }
        return parts.joined(separator: " · ")
    }

    /// `/items/report?…` for the list as `query` has it, grouped by location or not (a
    /// `group` the list's own state may carry is replaced, never repeated).
    static func reportURL(_ query: ListQuery, grouped: Bool) -> String {
        let parameters = query.filterParameters.filter { $0.0 != "group" } + (grouped ? [("group", "location")] : [])
        return "/items/report" + ListQuery.queryString(parameters)
    }

    /// A location's section heading: its path ("No location" for the items without one).
    func sectionStart(_ section: LocationSubtotal) -> MustacheValue {
        .object(["title": .string(section.location?.pathText ?? context.text("reportNoLocation"))])
    }

    /// A section's subtotal row: its count and value.
    func sectionEnd(_ section: LocationSubtotal) -> MustacheValue {
        let title = section.location?.pathText ?? context.text("reportNoLocation")
        return .object([
            "label": .string(context.plural("reportSubtotalMany", count: section.count, title, formatters.grouped(section.count, language))),
            "total": .string(formatters.money(section.totalValue, language, context.currency)),
        ])
    }

    func row(_ item: Item, number: Int, hasReceipt: Bool) -> Row {
        let ownership = ownershipTexts(item, hasReceipt: hasReceipt)
        return Row(item: item, number: formatters.grouped(number, language), value: ownership.value,
                   day: formatters.day(item.dateCreated, language), noPhoto: context.text("reportNoPhoto"), ownership: ownership)
    }

    /// One item's row, its fields looked up as the template asks for them.
    struct Row: MustacheObject {
        let item: Item
        let number: String
        let value: String
        let day: DayText
        let noPhoto: String
        /// Make, purchase, warranty and quantity (issue 24); `value` counts every one of it.
        let ownership: OwnershipTexts

        func mustacheValue(forKey key: String) -> MustacheValue? {
            switch key {
            case "number": .string(number)
            case "name": .string(item.name)
            case "serial": .string(item.serialNumber)
            case "value": .string(value)
            case "date": .string(day.medium)
            case "dateISO": .string(day.iso)
            case "thumb": thumbnail(60)
            case "thumb2x": thumbnail(120)
            case "noPhoto": .string(noPhoto)
            case "each": ownership.each.isEmpty ? .null : .string(ownership.each)
            case "make": ownership.make.isEmpty ? .null : .string(ownership.make)
            case "purchase": ownership.purchase.isEmpty ? .null : .string(ownership.purchase)
            case "receipt": ownership.receipt.isEmpty ? .null : .string(ownership.receipt)
            default: nil
            }
        }

        /// The list's thumbnail URL (immutable, versioned by the photo's ETag), or null.
        private func thumbnail(_ size: Int) -> MustacheValue {
            guard let etag = item.photoETag else { return .null }
            return .string("/items/\(item.key.lowercasedString)/thumbnails/\(size)?v=\(ItemListView.urlSafe(etag))")
        }
    }
}
