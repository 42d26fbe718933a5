import Foundation
import HTTP
import HTTPTestSupport

/// A script speaking the JSON API: with a Bearer token, or through a signed-in browser's
/// cookies (and then, on writes, `Origin` and optionally `X-CSRF-Token`).
struct APIClient {
    let client: TestClient
    var token: String?
    var origin: String { "http://\(client.host):\(client.port)" }

    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var contentType: String? { headers[.contentType] }
        /// The body as a JSON object (empty when it is not one).
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]) ?? [:] }
        var items: [[String: Any]] { json["items"] as? [[String: Any]] ?? [] }
        var fieldErrors: [String] { (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String } }
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> Reply {
        try send(.get, path, headers: headers)
    }

    func send(_ method: HTTPMethod, _ path: String, json: Any? = nil, headers: [String: String] = [:]) throws -> Reply {
        var body: [UInt8] = []
        var all = headers
        if let json {
            body = Array(try JSONSerialization.data(withJSONObject: json))
            if all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
        }
        return try send(method, path, body: body, headers: all)
    }

    func send(_ method: HTTPMethod, _ path: String, body: [UInt8], headers: [String: String] = [:]) throws -> Reply {
        var fields: HTTPHeaders = [:]
        if let token { fields[.authorization] = "Bearer \(token)" } else if method != .get { fields[.origin] = origin }
        for (name, value) in headers { fields[HTTPHeaderName(name)] = value }
        let response = try client.request(method, path, headers: fields, body: body)
        return Reply(status: response.status.rawValue, headers: response.headers, body: response.body)
    }
}
