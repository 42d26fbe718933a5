import Foundation
import HTTP
import Storage

/// An error on an API request as RFC 9457 problem details (`application/problem+json`):
/// `type`, `title`, `status`, `detail`, and for invalid input `errors: [{field, message}]`.
struct ProblemDetails: Error, Sendable {
    struct FieldError: Sendable, Equatable {
        var field: String
        /// A string key (`errorNameRequired`), shown in the request's language.
        var message: String
        /// What fills the message's `{0}`, `{1}`… (a taken name, a limit).
        var arguments: [String] = []
    }

    var status: HTTPStatus
    /// A string key or a sentence.
    var detail: String?
    var type = "about:blank"
    var errors: [FieldError] = []
    /// The item as it is now, for a 409.
    var current: Item? = nil
    /// Whether the member asking starred `current` (issue 26), set by ``ConflictFavourite``.
    var currentFavourite: Bool? = nil
    /// The location or label as it is now, for a 409 on one of those.
    var currentLocation: Location? = nil
    var currentLabel: Label? = nil
    var headers: HTTPHeaders = [:]

    static let mediaType = "application/problem+json"

    /// 422 naming the fields and what is wrong with each.
    static func invalid(_ errors: [FieldError]) -> ProblemDetails {
        ProblemDetails(status: .unprocessableContent, detail: "apiErrorInvalid", type: "/problems/invalid-fields", errors: errors)
    }

    /// The document, in `language` where a string key says what went wrong.
    func response(language: Language) throws -> HTTPResponse {
        let code = status.rawValue
        var object: [String: Any] = [
            "type": type,
            "title": status.reasonPhrase,
            "status": code,
        ]
        let text = detail.map { Strings.lookup($0, language) ?? $0 } ?? Strings.lookup("errorText\(code)", language)
        if let text, !text.isEmpty { object["detail"] = text }
        if !errors.isEmpty {
            object["errors"] = errors.map { ["field": $0.field, "message": Strings.format($0.message, language, $0.arguments)] }
        }
        if let current { object["current"] = ItemJSON.object(current, favourite: currentFavourite) }
        if let currentLocation { object["current"] = PlaceJSON.object(currentLocation) }
        if let currentLabel { object["current"] = PlaceJSON.object(currentLabel) }
        var response = try HTTPResponse.json(object, status: status, contentType: Self.mediaType)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }

    /// The problem for an error a handler threw; nil for an unexpected one (a 500).
    init?(_ error: any Error) {
        switch error {
        case let problem as ProblemDetails:
            self = problem
        case let error as HTTPError:
            self.init(status: error.status, detail: error.message.isEmpty ? nil : error.message, headers: error.headers)
        case StoreError.conflict(let current):
            self.init(status: .conflict, detail: "apiErrorConflict", type: "/problems/conflict", current: current)
        case StoreError.locationConflict(let current):
            self.init(status: .conflict, detail: "placesErrorLocationConflict", type: "/problems/conflict")
            currentLocation = current
        case StoreError.labelConflict(let current):
            self.init(status: .conflict, detail: "placesErrorLabelConflict", type: "/problems/conflict")
            currentLabel = current
        case StoreError.invalidPlace(let problem):
            self = PlaceMessage(problem, subject: .either).problem
        case let error as StoreError:
            let (status, detail) = ErrorPages.describe(error)
            self.init(status: status, detail: detail)
        case let error as DatabaseError where error.isUnavailable:
            self.init(status: .serviceUnavailable, detail: "errorDatabaseUnavailable", headers: ErrorPages.retryAfter)
        default:
            return nil
        }
    }

    init(status: HTTPStatus, detail: String? = nil, type: String = "about:blank", errors: [FieldError] = [], current: Item? = nil,
         headers: HTTPHeaders = [:]) {
        self.status = status
        self.detail = detail
        self.type = type
        self.errors = errors
        self.current = current
        self.headers = headers
    }
}

/// Answers every error of an API request (see `HTTPRequest.isAPIRequest`) as problem
/// details; page requests go on to the error pages. Unexpected errors are logged and
/// answered 500 without their details.
struct APIProblems: HTTPMiddleware {
    let log: @Sendable (String) -> Void

    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        do {
            return try next(request)
        } catch {
            // Asked only on an error: most requests never pay for reading Accept and the path.
            guard request.isAPIRequest else { throw error }
            let problem = ProblemDetails(error) ?? {
                log("error: \(request.method.rawValue) \(request.path): \(error)")
                return ProblemDetails(status: .internalServerError)
            }()
            return try problem.response(language: Presentation.language(of: request))
        }
    }
}

/// A 409's current item, as every item the API shows, says whether the member asking starred it
/// (issue 26). Inside ``AccessGuard``, which knows the member; ``APIProblems`` answers with it.
struct ConflictFavourite: HTTPMiddleware {
    let store: ItemStore

    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        do {
            return try next(request)
        } catch StoreError.conflict(let current) where request.isAPIRequest {
            var problem = ProblemDetails(status: .conflict, detail: "apiErrorConflict", type: "/problems/conflict", current: current)
            if let account = request.signedIn?.account.id {
                problem.currentFavourite = try store.isFavourite(current.key, of: account)
            }
            throw problem
        }
    }
}
