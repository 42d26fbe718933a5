import HTTP
import Storage

/// What a refused document is told: the status and the message (a string key and what fills
/// it), the same in the dialog, next to the file field, and in the API's problem details.
struct DocumentMessage {
    let status: HTTPStatus
    let key: String
    let arguments: [String]

    init(_ problem: DocumentProblem) {
        switch problem {
        case .tooLarge: (status, key, arguments) = (.contentTooLarge, "errorDocumentTooLarge", [])
        case .empty: (status, key, arguments) = (.unprocessableContent, "errorDocumentEmpty", [])
        case .unsupportedType: (status, key, arguments) = (.unsupportedMediaType, "errorDocumentType", [])
        case .tooMany(let limit): (status, key, arguments) = (.unprocessableContent, "errorTooManyDocuments", [String(limit)])
        case .titleTooLong(let limit): (status, key, arguments) = (.unprocessableContent, "errorDocumentTitleLong", [String(limit)])
        case .titleMissing: (status, key, arguments) = (.unprocessableContent, "errorDocumentMissing", [])
        case .duplicate: (status, key, arguments) = (.unprocessableContent, "errorDocumentDuplicate", [])
        case .unreadable: (status, key, arguments) = (.badRequest, "errorDocumentUnreadable", [])
        case .notFound: (status, key, arguments) = (.conflict, "errorDocumentGone", [])
        }
    }

    /// As problem details: 413 and 415 say it in `detail`, the rest by the `document` field.
    var problem: ProblemDetails {
        switch status {
        case .contentTooLarge, .unsupportedMediaType, .badRequest: ProblemDetails(status: status, detail: key)
        default: ProblemDetails(status: status, detail: "apiErrorInvalid", type: "/problems/invalid-fields",
                                errors: [.init(field: "document", message: key, arguments: arguments)])
        }
    }
}
