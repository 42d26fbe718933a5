import Storage

/// What a refused location or label write tells people: a string key with its arguments and
/// the field it belongs beside, the same on the pages (422 by the field) and in the API
/// (`errors: [{field, message}]`).
struct PlaceMessage: Sendable, Equatable {
    /// What was being written, for messages that differ between the two (a taken name).
    enum Subject: Sendable {
        case location, label
        /// Not known where the error is described (an error no handler caught).
        case either
    }

    let key: String
    let arguments: [String]
    /// The form's (and the API's) field: `name`, `note`, `parent`, `moveTo`, `labels`.
    let field: String

    init(key: String, arguments: [String] = [], field: String) {
        self.key = key
        self.arguments = arguments
        self.field = field
    }

    init(_ problem: PlaceProblem, subject: Subject) {
        switch problem {
        case .nameRequired:
            self.init(key: "placesErrorNameRequired", field: "name")
        case .nameTooLong(let limit):
            self.init(key: "placesErrorNameLong", arguments: [String(limit)], field: "name")
        case .duplicateName(let name):
            let key = switch subject {
            case .location: "placesErrorLocationDuplicate"
            case .label: "placesErrorLabelDuplicate"
            case .either: "placesErrorDuplicate"
            }
            self.init(key: key, arguments: [name], field: "name")
        case .noteTooLong(let limit):
            self.init(key: "placesErrorNoteLong", arguments: [String(limit)], field: "note")
        case .tooDeep(let limit):
            self.init(key: "placesErrorTooDeep", arguments: [String(limit)], field: "parent")
        case .intoItself:
            self.init(key: "placesErrorIntoItself", field: "parent")
        case .tooMany(let limit):
            self.init(key: subject == .label ? "placesErrorLabelsTooMany" : "placesErrorLocationsTooMany", arguments: [String(limit)], field: "name")
        case .tooManyLabels(let limit):
            self.init(key: "placesErrorTooManyLabels", arguments: [String(limit)], field: "labels")
        case .targetInsideDeleted:
            self.init(key: "placesErrorTargetInside", field: "moveTo")
        }
    }

    /// The sentence in `language`.
    func text(_ language: Language) -> String {
        Strings.format(key, language, arguments)
    }

    /// The API's 422 for it.
    var problem: ProblemDetails {
        ProblemDetails.invalid([ProblemDetails.FieldError(field: field, message: key, arguments: arguments)])
    }
}
