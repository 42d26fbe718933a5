import Foundation
import Mustache
import Storage

/// The dialog's "Purchase and warranty", "Notes" and date recorded (`items/ownership-fields`):
/// the fields as typed (after a 422 or 409) or as stored, their messages, and after a conflict
/// what the item holds now.
extension DetailView {
    func ownershipValues(
        stored: ItemOwnership, form: OwnershipForm?, errors: OwnershipForm.Errors, conflict: Item?, dateRecorded: DayText,
        context: PageContext
    ) -> MustacheValue {
        let fields = form ?? OwnershipForm(stored, dateRecorded: dateRecorded.iso)
        var values: [String: MustacheValue] = [
            "manufacturer": .string(fields.manufacturer),
            "modelNumber": .string(fields.modelNumber),
            "quantity": .string(fields.quantity),
            "purchaseDate": .string(fields.purchaseDate),
            "purchasePrice": .string(fields.purchasePrice),
            "placeBought": .string(fields.placeBought),
            "warrantyUnknown": .bool(fields.warranty != "none" && fields.warranty != "until" && fields.warrantyUntil.trimmingWhitespace.isEmpty),
            "warrantyNone": .bool(fields.warranty == "none"),
            "warrantyUntil": .bool(fields.warranty != "none" && (fields.warranty == "until" || !fields.warrantyUntil.trimmingWhitespace.isEmpty)),
            "warrantyDate": .string(fields.warrantyUntil),
            "notes": .string(fields.notes),
            "notesMax": .int(ItemOwnership.maxNotesLength),
            "textMax": .int(ItemOwnership.maxTextLength),
            "maxQuantity": .int(ItemOwnership.maxQuantity),
            // A date input's value must be a day (valid HTML): what is not one is quoted in its message.
            "purchaseDateValue": .string(Self.dayValue(fields.purchaseDate)),
            "warrantyDateValue": .string(Self.dayValue(fields.warrantyUntil)),
            "dateRecordedValue": .string(fields.dateRecorded.isEmpty ? dateRecorded.iso : Self.dayValue(fields.dateRecorded)),
            "date": .string(dateRecorded.medium),
            "dateISO": .string(dateRecorded.iso),
            "earliest": .string(CalendarDate.earliest.iso),
        ]
        var messages: [String: MustacheValue] = [:]
        for (field, key) in errors.all {
            guard let key else { continue }
            switch key {
            case "errorDateNotADay":
                let typed = field == "purchaseDate" ? fields.purchaseDate : field == "warranty" ? fields.warrantyUntil : fields.dateRecorded
                messages[field] = .string(context.format(key, String(typed.trimmingWhitespace.prefix(40))))
            case "errorNotesLong":
                messages[field] = .string(context.format(key, formatters.grouped(ItemOwnership.maxNotesLength, context.language),
                                                         formatters.grouped(OwnershipForm.notes(fields.notes).count, context.language)))
            case "errorQuantityValue":
                messages[field] = .string(context.format(key, formatters.money(ItemOwnership.maxLineValue, context.language, context.currency)))
            default:
                messages[field] = .string(context.text(key))
            }
        }
        if !messages.isEmpty { values["errors"] = .object(messages) }
        if let conflict { values["conflict"] = conflictValues(conflict.ownership, dateCreated: conflict.dateCreated, context: context) }
        return .object(values)
    }

    /// `text` when it is a day (`YYYY-MM-DD`), else "".
    static func dayValue(_ text: String) -> String {
        let day = text.trimmingWhitespace
        return CalendarDate(iso: day) == nil ? "" : day
    }

    /// "Now: …" for each field, as the item holds it after another edit.
    private func conflictValues(_ now: ItemOwnership, dateCreated: Date, context: PageContext) -> MustacheValue {
        let language = context.language
        let current = { (text: String) in MustacheValue.string(context.format("currentValue", text)) }
        let none = context.text("ownershipNotKnown")
        return .object([
            "manufacturer": current(now.manufacturer.nonEmpty ?? none),
            "modelNumber": current(now.modelNumber.nonEmpty ?? none),
            "quantity": current(formatters.grouped(now.quantity, language)),
            "purchaseDate": current(now.purchaseDate.map { formatters.day($0, language).medium } ?? none),
            "purchasePrice": current(now.purchasePriceCents.map { formatters.cents($0, language, context.currency) } ?? none),
            "placeBought": current(now.placeBought.nonEmpty ?? none),
            "warranty": current(warrantyText(now.text(of: .warranty), context: context)),
            "notes": current(now.notes.isEmpty ? none : String(now.notes.prefix(200))),
            "dateRecorded": current(formatters.day(dateCreated, language).medium),
        ])
    }

    /// A warranty as history and conflicts record it ("", "none" or a day), in words.
    func warrantyText(_ text: String, context: PageContext) -> String {
        if text.isEmpty { return context.text("ownershipNotKnown") }
        if text == "none" { return context.text("warrantyNone") }
        guard let day = CalendarDate(iso: text) else { return text }
        return context.format("warrantyUntilDay", formatters.day(day, context.language).medium)
    }

    /// An ownership field's or the date recorded's history entry, in the page's language.
    func describeOwnership(_ entry: HistoryEntry, context: PageContext) -> String {
        let old = entry.oldValue ?? "", new = entry.newValue ?? ""
        let language = context.language
        let day = { (text: String) in CalendarDate(iso: text).map { formatters.day($0, language).medium } ?? text }
        let price = { (text: String) in Int(text).map { formatters.cents($0, language, context.currency) } ?? text }
        switch entry.field {
        case .manufacturer?: return Self.change("historyManufacturer", old, new, context: context)
        case .modelNumber?: return Self.change("historyModel", old, new, context: context)
        case .placeBought?: return Self.change("historyPlaceBought", old, new, context: context)
        case .purchaseDate?: return Self.change("historyPurchaseDate", day(old), day(new), context: context)
        case .purchasePrice?: return Self.change("historyPurchasePrice", old.isEmpty ? "" : price(old), new.isEmpty ? "" : price(new), context: context)
        case .quantity?: return context.format("historyQuantity", old, new)
        case .warranty?: return context.format("historyWarranty", warrantyText(old, context: context), warrantyText(new, context: context))
        case .notes?:
            if old.isEmpty { return context.text("historyNotesSet") }
            if new.isEmpty { return context.text("historyNotesCleared") }
            return context.text("historyNotes")
        case .dateCreated?:
            let moment = { (text: String) -> String in
                do { return formatters.day(try Date(text, strategy: .iso8601), language).medium } catch { return text }
            }
            return context.format("historyDateRecorded", moment(old), moment(new))
        default: return context.text("historyChanged")
        }
    }

    /// Set (was empty), cleared (is empty) or changed, by `key`'s three strings.
    private static func change(_ key: String, _ old: String, _ new: String, context: PageContext) -> String {
        if old.isEmpty { return context.format(key + "Set", new) }
        if new.isEmpty { return context.format(key + "Cleared", old) }
        return context.format(key, old, new)
    }
}
