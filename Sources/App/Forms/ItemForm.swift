import Foundation
import Storage
/// The detail dialog's fields as typed, and their validation (DESIGN.md: name required,
/// at most 200 characters; serial at most 64; value a whole number 0…1,000,000,000).
struct ItemForm: Sendable, Equatable {
    var name: String
    var serialNumber: String
    var value: String
    /// The dialog's Location and Labels, when the form has them (`placeFields` is sent).
    var places: PlaceFields?
    /// The dialog's purchase, warranty, notes and date recorded, when the form has them
    /// (``OwnershipForm/marker`` is sent).
    var ownership: OwnershipForm?

    static let maxNameLength = 200
    static let maxSerialLength = 64
    static let maxValue = 1_000_000_000

    init(name: String, serialNumber: String, value: String) {
        self.name = name
        self.serialNumber = serialNumber
        self.value = value
    }

    init(_ form: SubmittedForm) {
        self.init(name: form["name"] ?? "", serialNumber: form["serialNumber"] ?? "", value: form["value"] ?? "")
        if form["placeFields"] != nil { places = PlaceFields(form) }
        if form[OwnershipForm.marker] != nil { ownership = OwnershipForm(form) }
    }

    /// What is wrong with the fields: the message key per field, empty when valid.
    struct Errors: Sendable, Equatable {
        var name: String?
        var serialNumber: String?
        var value: String?
        var photo: String?
        var location: String?
        var labels: String?
        var ownership = OwnershipForm.Errors()
        var document: String?

        var isEmpty: Bool {
            name == nil && serialNumber == nil && value == nil && photo == nil && location == nil && labels == nil && ownership.isEmpty
                && document == nil
        }
    }

    /// The fields once valid: trimmed text and a whole number of dollars.
    struct Clean: Sendable, Equatable {
        var name: String
        var serialNumber: String
        var valueInDollars: Int
        /// Cents were typed and rounded away: the page says what was kept.
        var valueWasRounded = false
        /// The ownership fields and the day typed for the date recorded, when the form had them.
        var ownership: OwnershipForm.Clean?

        /// The fields as the store saves them (the date recorded is the caller's to add: it
        /// depends on the stored one, see ``OwnershipForm/dateCreated(for:stored:timeZone:now:)``).
        var fields: ItemValues {
            ItemValues(name: name, serialNumber: serialNumber, valueInDollars: valueInDollars, ownership: ownership?.ownership)
        }
    }

    /// Whether nothing was typed at all: a new item's untouched form.
    var isBlank: Bool {
        name.trimmingWhitespace.isEmpty && serialNumber.trimmingWhitespace.isEmpty && value.trimmingWhitespace.isEmpty
            && ownership?.isBlank ?? true
    }

    /// The cleaned values, or the errors to show next to each field. A value left empty is $0.
    ///
    /// - Parameter requiresName: `false` for what a dialog does before Done (a photo taken
    ///   before the name is typed): an empty name is kept as it is.
    /// - Parameter now: what the ownership fields' "not in the future" is measured from.
    func validate(requiresName: Bool = true, now: Date = Date()) -> Result<Clean, ValidationFailure> {
        var errors = Errors()
        let name = name.trimmingWhitespace
        let serial = serialNumber.trimmingWhitespace
        if name.isEmpty {
            if requiresName { errors.name = "errorNameRequired" }
        } else if name.count > Self.maxNameLength {
            errors.name = "errorNameLong"
        }
        if serial.count > Self.maxSerialLength {
            errors.serialNumber = "errorSerialLong"
        }
        // What people type ("449.99", "$1,299.99", "1 299,99"), kept in whole dollars (MoneyInput);
        // a value left empty is $0.
        var money: MoneyInput?
        switch MoneyInput.parse(value) {
        case .success(let read): money = read
        case .failure(.empty): money = MoneyInput(dollars: 0, wasRounded: false)
        case .failure: errors.value = "errorValueNumber"
        }
        var ownership: OwnershipForm.Clean?
        if let form = self.ownership {
            switch form.validate(valueInDollars: money?.dollars, now: now) {
            case .success(let clean): ownership = clean
            case .failure(let problems): errors.ownership = problems
            }
        }
        guard errors.isEmpty, let money else { return .failure(ValidationFailure(errors: errors)) }
        return .success(Clean(name: name, serialNumber: serial, valueInDollars: money.dollars, valueWasRounded: money.wasRounded,
                              ownership: ownership))
    }
}

struct ValidationFailure: Error, Sendable {
    var errors: ItemForm.Errors
}

extension String {
    /// The string without leading and trailing white space (Unicode-aware, no Foundation).
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
