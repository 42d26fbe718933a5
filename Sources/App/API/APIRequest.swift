import Foundation
import HTTP

extension HTTPRequest {
    /// Whether a script is asking, so errors are answered as problem details: a `.json`
    /// path, a Bearer token, or an `Accept` that prefers JSON to HTML. An item's photo is the
    /// API's too (OpenAPI `getItemPhoto`): its errors are problem details unless the client
    /// prefers HTML (a person who opened the photo's address).
    var isAPIRequest: Bool {
        path.hasSuffix(".json") || bearerToken != nil || prefersJSON
            || ((Self.isItemPhotoPath(path) || Self.isItemDocumentPath(path)) && !prefersHTML)
    }

    /// `/items/{key}/photo` and `/items/{key}/photos/{digest}`, whatever the key (a malformed one is the API's 404 too).
    static func isItemPhotoPath(_ path: String) -> Bool {
        guard path.hasPrefix("/items/") else { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        // `/items/{key}/photo` (the cover) and `/items/{key}/photos/{digest}` (any of them).
        return (segments.count == 4 && segments[3] == "photo") || (segments.count == 5 && segments[3] == "photos")
    }


    /// The token of `Authorization: Bearer <token>` (RFC 6750 §2.1), when present.
    var bearerToken: String? {
        guard let value = headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// Whether `Accept` names JSON (or problem JSON) before any HTML type.
    var prefersJSON: Bool { firstNamedInAccept == .json }

    /// Whether `Accept` names HTML before any JSON type (a browser opening a page).
    var prefersHTML: Bool { firstNamedInAccept == .html }

    private enum AcceptedKind { case json, html }

    /// Which of JSON and HTML `Accept` names first, if either.
    private var firstNamedInAccept: AcceptedKind? {
        guard let accept = headers[.accept]?.lowercased() else { return nil }
        for range in accept.split(separator: ",") {
            let type = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            if type == "application/json" || type == "application/problem+json" { return .json }
            if type == "text/html" || type == "application/xhtml+xml" { return .html }
        }
        return nil
    }
}

/// Content negotiation: `GET /items` and `GET /items/{key}` with `Accept: application/json`
/// are answered as `/items.json` and `/items/{key}.json`; both forms say `Vary: Accept`.
struct APINegotiation: HTTPMiddleware {
    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        guard request.method == .get || request.method == .head, let json = Self.jsonPath(request.path) else {
            return try next(request)
        }
        var asked = request
        if request.prefersJSON {
            let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
            asked.target = json + query
        }
        var response = try next(asked)
        response.headers.add(.vary, "Accept")
        return response
    }

    /// The JSON resource for a page's path, when it has one.
    static func jsonPath(_ path: String) -> String? {
        guard path.hasPrefix("/items") else { return nil }
        if path == "/items" { return "/items.json" }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count == 3, segments[1] == "items", UUID(uuidString: String(segments[2])) != nil {
            return path + ".json"
        }
        return nil
    }
}
