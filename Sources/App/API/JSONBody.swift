import Foundation
import HTTP

/// Reading and writing JSON with Foundation's `JSONSerialization`.
enum JSONBody {
    /// The largest JSON body an API write may send (413 beyond it).
    static let limit = 64 * 1024

    /// The request's body as a JSON object.
    ///
    /// - Throws: 415 unless it is `application/json`, 400 when it is not a JSON object.
    static func object(of request: HTTPRequest) throws -> [String: Any] {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" || type?.hasSuffix("+json") == true else {
            throw ProblemDetails(status: .unsupportedMediaType, detail: "apiErrorJSONType")
        }
        let bytes = try request.body.bytes()
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw ProblemDetails(status: .badRequest, detail: "apiErrorMalformedJSON")
        }
        guard let object = value as? [String: Any] else { throw ProblemDetails(status: .badRequest, detail: "apiErrorNotObject") }
        return object
    }
}

extension HTTPResponse {
    /// A JSON document (sorted keys, so responses are stable); `no-store`, as items change.
    static func json(_ object: Any, status: HTTPStatus = .ok, contentType: String = "application/json") throws -> HTTPResponse {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return HTTPResponse(
            status: status, headers: [.contentType: contentType, .cacheControl: "no-store"], body: .bytes(Array(data)))
    }
}
