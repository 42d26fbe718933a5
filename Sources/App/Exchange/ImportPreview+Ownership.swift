import Foundation
import Storage

/// A row's ownership cells (issue 24 point 7), read by the dialog's rules so that a bad cell
/// refuses its row with the reason: one-line texts of up to 200 characters, a quantity of
/// 1…1,000,000 (empty: 1), a price of dollars and cents, notes of up to 10,000 characters
/// (line breaks kept), the days once the file's date order is known.
extension ImportPreview {
    /// A row's cells of these columns (`nil`: the file has no such column).
    struct OwnershipCells {
        var manufacturer: String?
        var model: String?
        var quantity: String?
        var purchaseDate: String?
        var purchasePrice: String?
        var placeBought: String?
        var warranty: String?
        var notes: String?

        /// Whether the file has none of these columns (most files: nothing to do per row).
        var isEmpty: Bool {
            manufacturer == nil && model == nil && quantity == nil && purchaseDate == nil && purchasePrice == nil
                && placeBought == nil && warranty == nil && notes == nil
        }

        /// The day cells, read with the file's date order (none when the file has neither column;
        /// `""` for an empty cell or one that is no day: "No warranty").
        var days: [String] {
            guard purchaseDate != nil || warranty != nil else { return [] }
            return [purchaseDate ?? "", warranty.flatMap { ItemCSV.saysNoWarranty($0) ? nil : $0 } ?? ""]
        }
    }

    /// `item` with the ownership its cells give but the days, which ``dated(_:days:order:now:context:)`` reads.
    static func owned(_ item: ImportedItem, cells: OwnershipCells, context: PageContext) -> Result<ImportedItem, RowRefusal> {
        guard !cells.isEmpty else { return .success(item) }
        var fields = Set<ItemOwnership.Field>()
        var values = ItemOwnership()
        let long = { (column: ItemCSV.Column, limit: Int) in
            RowRefusal(reason: context.format("importReasonOwnershipLong", Strings.text(column.stringKey, context.language),
                                              String(limit)))
        }
        let texts: [(ItemCSV.Column, String?, ItemOwnership.Field, WritableKeyPath<ItemOwnership, String>)] = [
            (.manufacturer, cells.manufacturer, .manufacturer, \.manufacturer), (.model, cells.model, .modelNumber, \.modelNumber),
            (.placeBought, cells.placeBought, .placeBought, \.placeBought),
        ]
        for (column, cell, field, path) in texts {
            guard let cell else { continue }
            // One line: a line break inside a quoted cell reads as a space.
            let line = String(String.UnicodeScalarView(cell.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
                .trimmingWhitespace
            if line.count > ItemOwnership.maxTextLength { return .failure(long(column, ItemOwnership.maxTextLength)) }
            values[keyPath: path] = line
            fields.insert(field)
        }
        if let cell = cells.quantity {
            guard let quantity = OwnershipForm.quantity(cell) else {
                return .failure(RowRefusal(reason: context.format("importReasonQuantity", String(cell.prefix(40)))))
            }
            values.quantity = quantity
            fields.insert(.quantity)
        }
        if values.quantity * item.valueInDollars > ItemOwnership.maxLineValue { return .failure(tooValuable(context)) }
        if let cell = cells.purchasePrice {
            switch CentsInput.parse(cell) {
            case .success(let cents): values.purchasePriceCents = cents
            case .failure(.empty): break
            case .failure: return .failure(RowRefusal(reason: context.format("importReasonPurchasePrice", String(cell.prefix(40)))))
            }
            fields.insert(.purchasePrice)
        }
        if let cell = cells.notes {
            values.notes = OwnershipForm.notes(cell)
            if values.notes.count > ItemOwnership.maxNotesLength { return .failure(long(.notes, ItemOwnership.maxNotesLength)) }
            fields.insert(.notes)
        }
        if cells.purchaseDate != nil { fields.insert(.purchaseDate) }
        if let cell = cells.warranty {
            if ItemCSV.saysNoWarranty(cell) { values.warranty = .noWarranty }
            fields.insert(.warranty)
        }
        var item = item
        if !fields.isEmpty { item.ownership = OwnershipPatch(fields: fields, values: values) }
        return .success(item)
    }

    /// `item` with its purchase date and warranty day read from `days` (``OwnershipCells/days``)
    /// in `order`, or the reason its row is refused.
    static func dated(_ item: ImportedItem, days: [String], order: DateOrder?, now: Date, context: PageContext) -> Result<ImportedItem, RowRefusal> {
        guard var patch = item.ownership, days.contains(where: { !$0.isEmpty }) else { return .success(item) }
        let utc = TimeZone(secondsFromGMT: 0)!
        let read = { (text: String) -> CalendarDate? in
            guard case .date(let date) = ItemCSV.date(text, order: order) else { return nil }
            // A day alone is read at noon UTC: its UTC day is the day written.
            return CalendarDate(date, in: utc)
        }
        if !days[0].isEmpty {
            guard let day = read(days[0]), day >= .earliest, day <= ItemOwnership.latestToday(at: now) else {
                return .failure(RowRefusal(reason: context.format("importReasonPurchaseDate", String(days[0].prefix(40)))))
            }
            patch.values.purchaseDate = day
        }
        if days.count > 1, !days[1].isEmpty {
            guard let day = read(days[1]), day >= .earliest else {
                return .failure(RowRefusal(reason: context.format("importReasonWarranty", String(days[1].prefix(40)))))
            }
            patch.values.warranty = .until(day)
        }
        var item = item
        item.ownership = patch
        return .success(item)
    }

    /// A row's value times the quantity the item will have (the row's, else the item's here) is too much.
    static func tooValuable(_ context: PageContext) -> RowRefusal {
        RowRefusal(reason: context.format("importReasonQuantityValue", "$1,000,000,000"))
    }
}
