import Foundation
import Storage

/// The dialog's "Purchase and warranty" and "Notes" fields and its date recorded, as typed
/// (issue 24 points 3 and 4), and their validation: each problem is a message key by its
/// field, and nothing is saved until every field is right.
///
/// Text is cleaned before it is checked: one-line fields have their line breaks and control
/// characters turned into spaces and are trimmed; notes keep their line breaks (as `\n`) and
/// tabs, lose other control characters, and are trimmed.
struct OwnershipForm: Sendable, Equatable {
    var manufacturer = ""
    var modelNumber = ""
    var quantity = ""
    var purchaseDate = ""
    var purchasePrice = ""
    var placeBought = ""
    /// The Warranty choice: `""` not known, `none`, or `until` (with ``warrantyUntil``).
    var warranty = ""
    var warrantyUntil = ""
    var notes = ""
    /// The date recorded as `YYYY-MM-DD` (`""`: the form has none, as a viewer's).
    var dateRecorded = ""

    /// The names of the fields as the form sends them, and what marks a form that has them
    /// (a form without, as an older page's, leaves the fields as they are).
    static let marker = "ownershipFields"

    init() {}

    init(_ form: SubmittedForm) {
        manufacturer = form["manufacturer"] ?? ""
        modelNumber = form["modelNumber"] ?? ""
        quantity = form["quantity"] ?? ""
        purchaseDate = form["purchaseDate"] ?? ""
        purchasePrice = form["purchasePrice"] ?? ""
        placeBought = form["placeBought"] ?? ""
        warranty = form["warranty"] ?? ""
        warrantyUntil = form["warrantyUntil"] ?? ""
        notes = form["notes"] ?? ""
        dateRecorded = form["dateRecorded"] ?? ""
    }

    /// Whether nothing was typed in them (one of it, nothing else): a new item's untouched form.
    var isBlank: Bool {
        [manufacturer, modelNumber, purchaseDate, purchasePrice, placeBought, warranty, warrantyUntil, notes]
            .allSatisfy { $0.trimmingWhitespace.isEmpty } && ["", "1"].contains(quantity.trimmingWhitespace)
    }

    /// The fields as stored, as the dialog shows them.
    init(_ ownership: ItemOwnership, dateRecorded: String) {
        manufacturer = ownership.manufacturer
        modelNumber = ownership.modelNumber
        quantity = String(ownership.quantity)
        purchaseDate = ownership.purchaseDate?.iso ?? ""
        purchasePrice = ownership.purchasePriceCents.map(CentsInput.text) ?? ""
        placeBought = ownership.placeBought
        switch ownership.warranty {
        case nil: warranty = ""
        case .noWarranty?: warranty = "none"
        case .until(let day)?:
            warranty = "until"
            warrantyUntil = day.iso
        }
        notes = ownership.notes
        self.dateRecorded = dateRecorded
    }

    /// The message key per field, none when valid.
    struct Errors: Error, Sendable, Equatable {
        var manufacturer: String?
        var modelNumber: String?
        var quantity: String?
        var purchaseDate: String?
        var purchasePrice: String?
        var placeBought: String?
        var warranty: String?
        var notes: String?
        var dateRecorded: String?

        /// In the order the dialog shows them (focus goes to the first).
        var all: [(field: String, key: String?)] {
            [("manufacturer", manufacturer), ("modelNumber", modelNumber), ("quantity", quantity), ("purchaseDate", purchaseDate),
             ("purchasePrice", purchasePrice), ("placeBought", placeBought), ("warranty", warranty), ("notes", notes),
             ("dateRecorded", dateRecorded)]
        }

        var isEmpty: Bool { all.allSatisfy { $0.key == nil } }
    }

    /// The fields once valid.
    struct Clean: Sendable, Equatable {
        var ownership: ItemOwnership
        /// The day typed for the date recorded (`nil`: none sent).
        var dateRecorded: CalendarDate?
    }

    /// The cleaned fields, or the message key of each wrong one.
    ///
    /// - Parameters:
    ///   - valueInDollars: the item's value per unit, when it is valid (value × quantity is bounded).
    ///   - now: what "in the future" is measured from (a day is in the future when it is after
    ///     today everywhere on Earth: ``ItemOwnership/latestToday(at:)``).
    func validate(valueInDollars: Int?, now: Date) -> Result<Clean, Errors> {
        var errors = Errors()
        var ownership = ItemOwnership()
        let latest = ItemOwnership.latestToday(at: now)
        ownership.manufacturer = Self.line(manufacturer, limit: ItemOwnership.maxTextLength, error: "errorManufacturerLong", &errors.manufacturer)
        ownership.modelNumber = Self.line(modelNumber, limit: ItemOwnership.maxTextLength, error: "errorModelLong", &errors.modelNumber)
        ownership.placeBought = Self.line(placeBought, limit: ItemOwnership.maxTextLength, error: "errorPlaceBoughtLong", &errors.placeBought)
        if let count = Self.quantity(quantity) {
            ownership.quantity = count
            if let valueInDollars, valueInDollars * count > ItemOwnership.maxLineValue { errors.quantity = "errorQuantityValue" }
        } else {
            errors.quantity = "errorQuantity"
        }
        let bought = purchaseDate.trimmingWhitespace
        if !bought.isEmpty {
            if let day = CalendarDate(iso: bought) {
                if day >= .earliest, day <= latest { ownership.purchaseDate = day } else { errors.purchaseDate = "errorPurchaseDate" }
            } else {
                errors.purchaseDate = "errorDateNotADay"
            }
        }
        switch CentsInput.parse(purchasePrice) {
        case .success(let cents): ownership.purchasePriceCents = cents
        case .failure(.empty): break
        case .failure(.tooPrecise): errors.purchasePrice = "errorPriceCents"
        case .failure: errors.purchasePrice = "errorPriceNumber"
        }
        let until = warrantyUntil.trimmingWhitespace
        if warranty == "none" {
            ownership.warranty = .noWarranty
        } else if !until.isEmpty {
            if let day = CalendarDate(iso: until) {
                if day >= .earliest { ownership.warranty = .until(day) } else { errors.warranty = "errorWarrantyDate" }
            } else {
                errors.warranty = "errorDateNotADay"
            }
        } else if warranty == "until" {
            errors.warranty = "errorWarrantyMissing"
        }
        ownership.notes = Self.notes(notes)
        if ownership.notes.count > ItemOwnership.maxNotesLength { errors.notes = "errorNotesLong" }
        var recorded: CalendarDate?
        let day = dateRecorded.trimmingWhitespace
        if !day.isEmpty {
            if let date = CalendarDate(iso: day) {
                if date >= .earliest, date <= latest { recorded = date } else { errors.dateRecorded = "errorDateRecorded" }
            } else {
                errors.dateRecorded = "errorDateNotADay"
            }
        }
        return errors.isEmpty ? .success(Clean(ownership: ownership, dateRecorded: recorded)) : .failure(errors)
    }

    /// The date recorded to save for `day`: `nil` when it is the day `stored` already shows (in
    /// `timeZone`, the pages' own), so an untouched field keeps the moment to the second;
    /// otherwise noon of that day there, or `now` when that is still to come.
    static func dateCreated(for day: CalendarDate?, stored: Date, timeZone: TimeZone, now: Date) -> Date? {
        guard let day, day != CalendarDate(stored, in: timeZone) else { return nil }
        return min(day.noon(in: timeZone), now)
    }

    // MARK: - Cleaning

    /// One line: line breaks, tabs and control characters as spaces, trimmed; `error` when longer than `limit`.
    private static func line(_ text: String, limit: Int, error: String, _ problem: inout String?) -> String {
        let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 }
        var cleaned = String.UnicodeScalarView()
        cleaned.append(contentsOf: scalars)
        let line = String(cleaned).trimmingWhitespace
        if line.count > limit { problem = error }
        return line
    }

    /// Notes: CR LF and CR as LF, other control characters dropped (tabs kept), trimmed.
    static func notes(_ text: String) -> String {
        var cleaned = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\r": cleaned.append("\n")
            case "\n": if !previousCR { cleaned.append("\n") }
            case "\t": cleaned.append(scalar)
            default: if scalar.properties.generalCategory != .control { cleaned.append(scalar) }
            }
        }
        return String(cleaned).trimmingWhitespace
    }

    /// A whole number 1…1,000,000 (full-width digits read as ASCII, spaces and commas between
    /// groups allowed); empty is 1. `nil` for anything else ("1e9", "-1", "1.5", "0").
    static func quantity(_ text: String) -> Int? {
        let digits = text.trimmingWhitespace.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            (0xFF10...0xFF19).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0) : scalar
        }
        if digits.isEmpty { return 1 }
        let kept = digits.filter { $0 != "," && $0 != " " }
        guard !kept.isEmpty, kept.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let significant = kept.drop { $0 == "0" }
        guard significant.count <= 7 else { return nil }
        let value = significant.reduce(0) { $0 * 10 + Int($1.value - 48) }
        return (1...ItemOwnership.maxQuantity).contains(value) ? value : nil
    }
}
