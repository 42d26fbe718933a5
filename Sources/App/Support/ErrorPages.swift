import HTTP
import Mustache
import Storage

/// Turns every error a handler throws into a page in the shared layout: `HTTPError`
/// keeps its status (404, 405 + Allow, …), store errors map onto theirs, and anything
/// else is a 500 that is logged but never shows internals to the browser.
struct ErrorPages: HTTPMiddleware {
    let renderer: PageRenderer
    let log: @Sendable (String) -> Void
    let unavailable: UnavailableLog

    init(renderer: PageRenderer, log: @escaping @Sendable (String) -> Void) {
        self.renderer = renderer
        self.log = log
        unavailable = UnavailableLog(log: log)
    }

    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        do {
            return try next(request)
        } catch let error as HTTPError {
            return page(error.status, detail: error.message, headers: error.headers, request: request)
        } catch StoreError.invalidPlace(let problem) {
            // In the page's language, with the name or limit it concerns.
            let message = PlaceMessage(problem, subject: .either).text(Presentation.language(of: request))
            return page(.unprocessableContent, detail: message, headers: [:], request: request)
        } catch let error as StoreError {
            let (status, detail) = Self.describe(error)
            return page(status, detail: detail, headers: [:], request: request)
        } catch let error as DatabaseError where error.isUnavailable {
            unavailable.record("\(request.method.rawValue) \(request.path)", error.message)
            return page(.serviceUnavailable, detail: "errorDatabaseUnavailable", headers: Self.retryAfter, request: request)
        } catch {
            log("error: \(request.method.rawValue) \(request.path): \(error)")
            return page(.internalServerError, detail: nil, headers: [:], request: request)
        }
    }

    /// When to try again after a 503 for a database that did not answer: long enough for a
    /// PostgreSQL restart, short enough that a person waiting is not sent away for long.
    static let retryAfter: HTTPHeaders = ["Retry-After": "5"]

    static func describe(_ error: StoreError) -> (HTTPStatus, String) {
        switch error {
        case .itemNotFound: (.notFound, "No such item.")
        case .draftNotFound: (.notFound, "No such draft. It may have been cancelled or saved already.")
        case .indexOutOfRange(let index, let count): (.unprocessableContent, "Position \(index + 1) is outside 1…\(count).")
        case .conflict: (.conflict, "The item was changed elsewhere.")
        case .photoTooLarge: (.contentTooLarge, "That photo is larger than 10 MB.")
        case .photoHasTooManyPixels: (.contentTooLarge, "errorPhotoPixels")
        case .unsupportedPhotoType: (.unsupportedMediaType, "That file is not a JPEG, PNG, GIF or WebP image.")
        case .unreadablePhoto(let message): (.unprocessableContent, message)
        case .locationNotFound: (.notFound, "placesErrorNoLocation")
        case .labelNotFound: (.notFound, "placesErrorNoLabel")
        case .locationConflict: (.conflict, "placesErrorLocationConflict")
        case .labelConflict: (.conflict, "placesErrorLabelConflict")
        case .invalidPlace(let problem): (.unprocessableContent, PlaceMessage(problem, subject: .either).text(.english))
        default: (.unprocessableContent, "\(error)")
        }
    }

    private func page(_ status: HTTPStatus, detail: String?, headers: HTTPHeaders, request: HTTPRequest) -> HTTPResponse {
        let context = renderer.context(for: request, takingFlash: false)
        var response = renderer.errorPage(status, detail: detail, context: context)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}

extension PageRenderer {
    /// The error page in the shared layout; plain text if even that cannot render.
    func errorPage(_ status: HTTPStatus, detail: String?, context: PageContext) -> HTTPResponse {
        let code = status.rawValue
        let known: Set<Int> = [400, 401, 403, 404, 405, 413, 415, 421, 429, 500, 503]
        let title = context.text(known.contains(code) ? "errorTitle\(code)" : "errorTitleOther")
        // A detail that names a string (`errorText403Role`) is shown in the browser's language;
        // otherwise the status's own text, else the detail as it is.
        var text: String
        if let detail, let translated = Strings.lookup(detail, context.language) {
            text = translated
        } else {
            text = Strings.lookup("errorText\(code)", context.language) ?? ""
            if text.isEmpty, let detail { text = detail }
        }
        let values: [String: MustacheValue] = [
            "title": .string(title),
            "status": .int(code),
            "message": .string(text),
            "backHref": "/items",
        ]
        do {
            return try render("error", values, context: context, status: status, isErrorPage: true)
        } catch {
            return .text("\(code) \(title)\n", status: status)
        }
    }
}
