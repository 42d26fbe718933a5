import Foundation
import Storage

/// An item's ownership fields and date recorded from a JSON body (issue 24 point 7), checked
/// by the dialog's rules. Every member is optional: one that is absent keeps what `base` has
/// (the item's on a PUT, nothing known on a POST).
///
/// `manufacturer`, `modelNumber`, `placeBought` (one line, ≤ 200), `notes` (≤ 10,000, tabs and
/// line feeds allowed), `quantity` (1…1,000,000), `purchaseDate` and `warrantyUntil` (`YYYY-MM-DD`
/// or null), `purchasePriceCents` (0…100,000,000,000 or null), `noWarranty` (boolean: true is
/// "no warranty", and may not come with a `warrantyUntil` day), `dateCreated` (RFC 3339).
extension ItemFields {
    static let ownershipMembers = ["manufacturer", "modelNumber", "quantity", "purchaseDate", "purchasePriceCents", "placeBought",
                                   "warrantyUntil", "noWarranty", "notes"]

    /// The ownership to save, or nil when the body names none of its members; problems in `errors`.
    static func ownership(_ body: [String: Any], base: ItemOwnership, now: Date, _ errors: inout [ProblemDetails.FieldError]) -> ItemOwnership? {
        guard ownershipMembers.contains(where: { body[$0] != nil }) else { return nil }
        var ownership = base
        let limit = ItemOwnership.maxTextLength
        // A control character is refused before anything is trimmed, as the document's patterns
        // refuse it wherever it is (a trailing line feed too).
        let control = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .control }
        if let text = string(body, "manufacturer", required: false, maxLength: limit, tooLong: "errorManufacturerLong", &errors),
           oneLine(text, "manufacturer", &errors) {
            ownership.manufacturer = text.trimmingWhitespace
        }
        if let text = string(body, "modelNumber", required: false, maxLength: limit, tooLong: "errorModelLong", &errors),
           oneLine(text, "modelNumber", &errors) {
            ownership.modelNumber = text.trimmingWhitespace
        }
        if let text = string(body, "placeBought", required: false, maxLength: limit, tooLong: "errorPlaceBoughtLong", &errors),
           oneLine(text, "placeBought", &errors) {
            ownership.placeBought = text.trimmingWhitespace
        }
        if let text = string(body, "notes", required: false, &errors) {
            // Counted as JSON Schema counts (code points), which the document states.
            let count = text.unicodeScalars.count
            if count > ItemOwnership.maxNotesLength {
                errors.append(.init(field: "notes", message: "errorNotesLong", arguments: [String(ItemOwnership.maxNotesLength), String(count)]))
            }
            if text.unicodeScalars.contains(where: { control($0) && $0 != "\n" && $0 != "\t" }) {
                errors.append(.init(field: "notes", message: "apiErrorNotesControl"))
            }
            ownership.notes = text.trimmingWhitespace
        }
        if body["quantity"] != nil {
            if let count = integer(body, "quantity", required: false, invalid: "errorQuantity", &errors) {
                if (1...ItemOwnership.maxQuantity).contains(count) { ownership.quantity = count } else {
                    errors.append(.init(field: "quantity", message: "errorQuantity"))
                }
            }
        }
        let latest = ItemOwnership.latestToday(at: now)
        if let day = day(body, "purchaseDate", &errors) {
            if let day, day < .earliest || day > latest { errors.append(.init(field: "purchaseDate", message: "errorPurchaseDate")) }
            ownership.purchaseDate = day
        }
        if let value = body["purchasePriceCents"] {
            if value is NSNull {
                ownership.purchasePriceCents = nil
            } else if let cents = wholeNumber(value), (0...ItemOwnership.maxPriceCents).contains(cents) {
                ownership.purchasePriceCents = cents
            } else {
                errors.append(.init(field: "purchasePriceCents", message: "errorPriceNumber"))
            }
        }
        ownership.warranty = warranty(body, base: base.warranty, &errors)
        return ownership
    }

    /// Whether `text` is one line (no control character); records the error when not.
    private static func oneLine(_ text: String, _ field: String, _ errors: inout [ProblemDetails.FieldError]) -> Bool {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return true }
        errors.append(.init(field: field, message: "apiErrorOneLine"))
        return false
    }

    /// `warrantyUntil` and `noWarranty` together.
    private static func warranty(_ body: [String: Any], base: ItemOwnership.Warranty?,
                                 _ errors: inout [ProblemDetails.FieldError]) -> ItemOwnership.Warranty? {
        var none: Bool?
        if let value = body["noWarranty"] {
            if let number = value as? NSNumber, String(cString: number.objCType) == "c" { none = number.boolValue } else {
                errors.append(.init(field: "noWarranty", message: "apiErrorBoolean"))
            }
        }
        if let until = day(body, "warrantyUntil", &errors) {
            if let until {
                if until < .earliest { errors.append(.init(field: "warrantyUntil", message: "errorWarrantyDate")) }
                if none == true { errors.append(.init(field: "noWarranty", message: "apiErrorWarrantyBoth")) }
                return .until(until)
            }
            return none == true ? .noWarranty : nil
        }
        switch none {
        case true?: return .noWarranty
        case false?: return base == .noWarranty ? nil : base
        case nil: return base
        }
    }

    /// A day member: `.some(nil)` for null, `.some(day)` for a day, nil when absent or wrong (recorded).
    private static func day(_ body: [String: Any], _ field: String, _ errors: inout [ProblemDetails.FieldError]) -> CalendarDate?? {
        guard let value = body[field] else { return nil }
        if value is NSNull { return .some(nil) }
        guard let text = value as? String, let day = CalendarDate(iso: text) else {
            errors.append(.init(field: field, message: "apiErrorDay"))
            return nil
        }
        return .some(day)
    }

    /// `dateCreated`: an RFC 3339 moment between 1900 and `now`, or nil when absent or wrong (recorded).
    static func dateCreated(_ body: [String: Any], now: Date, _ errors: inout [ProblemDetails.FieldError]) -> Date? {
        guard let value = body["dateCreated"] else { return nil }
        guard let text = value as? String, let date = RFC3339.date(text) else {
            errors.append(.init(field: "dateCreated", message: "apiErrorDateTime"))
            return nil
        }
        guard date >= ItemOwnership.earliestDateRecorded, date <= now else {
            errors.append(.init(field: "dateCreated", message: "errorDateRecorded"))
            return nil
        }
        return date
    }

    /// The 422 for a store refusal of an ownership field (or nil for another refusal).
    static func ownershipProblem(_ error: StoreError) -> ProblemDetails? {
        guard case .invalidField(let field, _) = error else { return nil }
        let named: (String, String)? = switch field {
        case .manufacturer: ("manufacturer", "apiErrorOneLine")
        case .modelNumber: ("modelNumber", "apiErrorOneLine")
        case .placeBought: ("placeBought", "apiErrorOneLine")
        case .notes: ("notes", "apiErrorNotesControl")
        case .quantity: ("quantity", "errorQuantityValue")
        case .purchaseDate: ("purchaseDate", "errorPurchaseDate")
        case .purchasePrice: ("purchasePriceCents", "errorPriceNumber")
        case .warranty: ("warrantyUntil", "errorWarrantyDate")
        case .dateCreated: ("dateCreated", "errorDateRecorded")
        case .name, .serialNumber, .valueInDollars: nil
        }
        guard let (name, message) = named else { return nil }
        return ProblemDetails.invalid([.init(field: name, message: message,
                                             arguments: field == .quantity ? ["$1,000,000,000"] : [])])
    }
}

extension ItemJSON {
    /// The ownership members of an item (issue 24): every one always present, null where not known.
    static func ownership(_ ownership: ItemOwnership) -> [String: Any] {
        [
            "manufacturer": ownership.manufacturer,
            "modelNumber": ownership.modelNumber,
            "quantity": ownership.quantity,
            "purchaseDate": ownership.purchaseDate.map { $0.iso as Any } ?? NSNull(),
            "purchasePriceCents": ownership.purchasePriceCents.map { $0 as Any } ?? NSNull(),
            "placeBought": ownership.placeBought,
            "warrantyUntil": ownership.warranty?.endDate.map { $0.iso as Any } ?? NSNull(),
            "noWarranty": ownership.warranty == .noWarranty,
            "notes": ownership.notes,
        ]
    }
}
