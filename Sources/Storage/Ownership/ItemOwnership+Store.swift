import Foundation

/// How the ownership fields are kept: nine columns of `items`, `drafts` and `deleted_items`
/// (and `old_`-prefixed in `import_undo`), checked by one set of rules before any write.
extension ItemOwnership {
    /// The column names, in the order ``init(row:at:)`` reads and ``arguments`` binds them.
    static let columnNames = [
        "manufacturer", "model_number", "quantity", "purchase_date", "purchase_price_cents", "place_bought",
        "warranty_until", "no_warranty", "notes",
    ]

    /// The columns as a select list (`prefix` before each name: `old_` for `import_undo`, a table and a dot).
    static func columns(_ prefix: String = "") -> String {
        columnNames.map { prefix + $0 }.joined(separator: ", ")
    }

    static let columnCount = Int32(columnNames.count)

    /// Decodes the fields from `row`, starting at column `start`. A damaged row never traps:
    /// a quantity or price out of range is brought into it, a day that is not one is unknown.
    init(row: Row, at start: Int32) {
        let quantity: Int = row[start + 2]
        let price: Int? = row[start + 4]
        let until = (row[start + 6] as String?).flatMap(CalendarDate.init(iso:))
        let none: Bool = row[start + 7]
        self.init(manufacturer: row[start], modelNumber: row[start + 1], quantity: min(max(quantity, 1), Self.maxQuantity),
                  purchaseDate: (row[start + 3] as String?).flatMap(CalendarDate.init(iso:)),
                  purchasePriceCents: price.map { min(max($0, 0), Self.maxPriceCents) }, placeBought: row[start + 5],
                  warranty: until.map(Warranty.until) ?? (none ? .noWarranty : nil), notes: row[start + 8])
    }

    /// The values to bind, in ``columnNames`` order.
    var arguments: [any DatabaseValueConvertible] {
        [manufacturer, modelNumber, quantity, purchaseDate, purchasePriceCents, placeBought, warranty?.endDate,
         warranty == .noWarranty, notes]
    }

    /// `name = ?` for each column, for an UPDATE's SET (bind ``arguments``).
    static let assignments = columnNames.map { "\($0) = ?" }.joined(separator: ", ")

    /// The latest day that is today somewhere on Earth at `now` (UTC+14 is the furthest ahead):
    /// a day after it is in the future for everybody.
    public static func latestToday(at now: Date) -> CalendarDate {
        CalendarDate(now.addingTimeInterval(14 * 3_600), in: TimeZone(secondsFromGMT: 0)!)
    }

    /// The earliest moment a date recorded may be: 1 January 1900 wherever it is day already.
    public static let earliestDateRecorded = Date(timeIntervalSince1970: Double(CalendarDate.earliest.dayNumber) * 86_400 - 14 * 3_600)

    /// Refuses fields the store will not keep, naming the first field that is wrong.
    ///
    /// - Parameters:
    ///   - valueInDollars: the item's value per unit (value × quantity is bounded too).
    ///   - now: the store's clock (a purchase date may not be after today anywhere).
    /// - Throws: ``StoreError/invalidField(field:reason:)``.
    func validate(valueInDollars: Int, now: Date) throws {
        for (field, text) in [(StoreError.Field.manufacturer, manufacturer), (.modelNumber, modelNumber), (.placeBought, placeBought)] {
            if text.count > Self.maxTextLength { throw StoreError.invalidField(field: field, reason: "longer than \(Self.maxTextLength) characters") }
            if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw StoreError.invalidField(field: field, reason: "holds a line break or a control character")
            }
        }
        guard (1...Self.maxQuantity).contains(quantity) else {
            throw StoreError.invalidField(field: .quantity, reason: "not in 1…\(Self.maxQuantity)")
        }
        // Both are at most 1,000,000,000 and 1,000,000: the product cannot overflow.
        if valueInDollars * quantity > Self.maxLineValue {
            throw StoreError.invalidField(field: .quantity, reason: "value × quantity is more than \(Self.maxLineValue)")
        }
        if let day = purchaseDate, day < .earliest || day > Self.latestToday(at: now) {
            throw StoreError.invalidField(field: .purchaseDate, reason: "before 1900 or in the future")
        }
        if let cents = purchasePriceCents, !(0...Self.maxPriceCents).contains(cents) {
            throw StoreError.invalidField(field: .purchasePrice, reason: "not in 0…\(Self.maxPriceCents) cents")
        }
        if let day = warranty?.endDate, day < .earliest {
            throw StoreError.invalidField(field: .warranty, reason: "before 1900")
        }
        if notes.count > Self.maxNotesLength {
            throw StoreError.invalidField(field: .notes, reason: "longer than \(Self.maxNotesLength) characters")
        }
        if notes.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            throw StoreError.invalidField(field: .notes, reason: "holds a control character")
        }
    }

    /// Refuses a date recorded before 1900 or after `now`.
    static func validate(dateRecorded: Date, now: Date) throws {
        guard dateRecorded >= earliestDateRecorded, dateRecorded <= now else {
            throw StoreError.invalidField(field: .dateCreated, reason: "before 1900 or in the future")
        }
    }
}
