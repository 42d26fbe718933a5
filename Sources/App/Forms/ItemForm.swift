import Storage
/// The detail dialog's fields as typed, and their validation (DESIGN.md: name required,
/// at most 200 characters; serial at most 64; value a whole number 0…1,000,000,000).
struct ItemForm: Sendable, Equatable {
    var name: String
    var serialNumber: String
    var value: String
    /// The dialog's Location and Labels, when the form has them (`placeFields` is sent).
    var places: PlaceFields?

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
    }

    /// What is wrong with the fields: the message key per field, empty when valid.
    struct Errors: Sendable, Equatable {
        var name: String?
        var serialNumber: String?
        var value: String?
        var photo: String?
        var location: String?
        var labels: String?
        var document: String?

        var isEmpty: Bool {
            name == nil && serialNumber == nil && value == nil && photo == nil && location == nil && labels == nil && document == nil
        }
    }

    /// The fields once valid: trimmed text and a whole number of dollars.
    struct Clean: Sendable, Equatable {
        var name: String
        var serialNumber: String
        var valueInDollars: Int
        /// Cents were typed and rounded away: the page says what was kept.
        var valueWasRounded = false

        /// The fields as the store saves them.
        var fields: ItemValues { ItemValues(name: name, serialNumber: serialNumber, valueInDollars: valueInDollars) }
    }

    /// Whether nothing was typed at all: a new item's untouched form.
    var isBlank: Bool {
        name.trimmingWhitespace.isEmpty && serialNumber.trimmingWhitespace.isEmpty && value.trimmingWhitespace.isEmpty
    }

    /// The cleaned values, or the errors to show next to each field. A value left empty is $0.
    ///
    /// - Parameter requiresName: `false` for what a dialog does before Done (a photo taken
    ///   before the name is typed): an empty name is kept as it is.
    func validate(requiresName: Bool = true) -> Result<Clean, ValidationFailure> {
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
        guard errors.isEmpty, let money else { return .failure(ValidationFailure(errors: errors)) }
        return .success(Clean(name: name, serialNumber: serial, valueInDollars: money.dollars, valueWasRounded: money.wasRounded))
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
