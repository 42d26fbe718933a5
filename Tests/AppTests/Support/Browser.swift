import Foundation
import HTTP
import HTTPTestSupport

/// A browser with JavaScript off, as far as the server can tell: it keeps cookies (the
/// test client's jar), echoes the CSRF token in its forms, and shows what came back.
final class Browser {
    let client: TestClient
    var cookies: [String: String] { client.cookies }

    /// What a POST sends as `_csrf`.
    enum CSRF {
        case valid, none, wrong
    }

    struct Page {
        var status: Int
        var headers: HTTPHeaders
        var bodyBytes: [UInt8]
        var body: String { String(decoding: bodyBytes, as: UTF8.self) }
        var location: String? { headers[.location] }
        /// The body with HTML character references decoded, for checks on what a person reads.
        var text: String {
            var text = body
            for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#61;", "="), ("&#96;", "`"), ("&amp;", "&")] {
                text = text.replacingOccurrences(of: reference, with: character)
            }
            return text
        }
    }

    init(client: TestClient) {
        self.client = client
    }

    /// Fields sent with every request: `X-Forwarded-Proto: https` makes this a browser
    /// behind a (pretend) TLS proxy, for a server that trusts 127.0.0.1 as its proxy.
    var extraHeaders: [String: String] = [:]
    /// Every `Set-Cookie` field this browser was sent, in order.
    private(set) var setCookies: [String] = []

    /// This server's origin, as a browser on its pages sends it.
    var origin: String { "\(extraHeaders["X-Forwarded-Proto"] ?? "http")://\(client.host):\(client.port)" }

    func get(_ path: String, headers: [String: String] = [:]) throws -> Page {
        try send(.get, path, headers: headers, body: [], contentType: nil)
    }

    func post(_ path: String, _ fields: [String: String], csrf: CSRF = .valid, headers: [String: String] = [:]) throws -> Page {
        try post(path, fields.map { ($0.key, $0.value) }, csrf: csrf, headers: headers)
    }

    func post(_ path: String, _ fields: [(String, String)], csrf: CSRF = .valid, headers: [String: String] = [:]) throws -> Page {
        let all = try fieldsWithToken(fields, csrf)
        let body = URLEncodedForm(fields: all.map { (name: $0.0, value: $0.1) }).encoded
        return try send(.post, path, headers: headers, body: Array(body.utf8), contentType: "application/x-www-form-urlencoded")
    }

    /// A multipart form as the detail dialog sends it; `file` is (field, filename, type, bytes).
    func postMultipart(_ path: String, _ fields: [String: String], file: (String, String, String, [UInt8])?, csrf: CSRF = .valid) throws -> Page {
        try postMultipart(path, fields, files: file.map { [$0] } ?? [], csrf: csrf)
    }

    /// A form with several files (an `<input type=file multiple>`: one part per file, same name).
    func postMultipart(_ path: String, _ fields: [String: String], files: [(String, String, String, [UInt8])], csrf: CSRF = .valid) throws -> Page {
        let all = try fieldsWithToken(fields.map { ($0.key, $0.value) }, csrf)
        let files = files.map { TestMultipartFile(name: $0.0, filename: $0.1, contentType: $0.2, data: $0.3) }
        let boundary = "----BrowserBoundary\(UInt32.random(in: 0...UInt32.max))"
        let body = TestClient.multipartBody(boundary: boundary, fields: all, files: files)
        return try send(.post, path, headers: [:], body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    private func fieldsWithToken(_ fields: [(String, String)], _ csrf: CSRF) throws -> [(String, String)] {
        switch csrf {
        case .none:
            return fields
        case .wrong:
            return fields + [("_csrf", String(repeating: "0", count: 64))]
        case .valid:
            if formToken == nil { _ = try get("/items") }
            return fields + [("_csrf", formToken ?? "")]
        }
    }

    /// The `_csrf` value of the forms on the last page that had any, as a person's browser
    /// would submit it (the token is derived from the cookie on the server).
    private(set) var formToken: String?

    private func rememberFormToken(_ page: Page) {
        let marker = "name=\"_csrf\" value=\""
        guard let start = page.body.range(of: marker)?.upperBound,
              let end = page.body[start...].firstIndex(of: "\"") else { return }
        formToken = String(page.body[start..<end])
    }

    private func send(_ method: HTTPMethod, _ path: String, headers: [String: String], body: [UInt8], contentType: String?) throws -> Page {
        var fields: HTTPHeaders = [:]
        for (name, value) in extraHeaders.merging(headers, uniquingKeysWith: { $1 }) { fields.add(HTTPHeaderName(name), value) }
        if let contentType { fields[.contentType] = contentType }
        // Browsers send Origin with every POST; the server refuses writes without it.
        if method == .post && !fields.contains(.origin) { fields[.origin] = origin }
        let response = try client.request(method, path, headers: fields, body: body)
        let page = Page(status: response.status.rawValue, headers: response.headers, bodyBytes: response.body)
        setCookies += response.headers.values(for: .setCookie)
        rememberFormToken(page)
        return page
    }
}

