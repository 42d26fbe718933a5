import Glibc
import HTTP

extension TestClient {
    /// Sends a request on the current connection (opening one if needed) and reads the
    /// response. Adds `Host`, `Cookie` (from `cookies`) and, for a body, `Content-Length`
    /// unless given. A response with `Connection: close` closes the client's connection
    /// afterwards; interim 1xx responses are skipped.
    public func request(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: [UInt8] = []
    ) throws -> TestResponse {
        if fd >= 0 && serverClosedConnection(within: .zero) { close() }
        var head = "\(method.rawValue) \(path) HTTP/1.1\r\n"
        if !headers.contains(.host) { head += "Host: \(host):\(port)\r\n" }
        if !body.isEmpty && !headers.contains(.contentLength) && !headers.contains(.transferEncoding) {
            head += "Content-Length: \(body.count)\r\n"
        }
        if storesCookies, !cookies.isEmpty, !headers.contains(.cookie) {
            head += "Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n"
        }
        for field in headers { head += "\(field.name.rawValue): \(field.value)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + body)
        var response = try readResponse(forHead: method == .head)
        while (100..<200).contains(response.status.rawValue) {
            response = try readResponse(forHead: method == .head)
        }
        if response.closesConnection { close() }
        if storesCookies { storeCookies(from: response) }
        return response
    }

    public func get(_ path: String, headers: HTTPHeaders = [:]) throws -> TestResponse {
        try request(.get, path, headers: headers)
    }

    public func head(_ path: String, headers: HTTPHeaders = [:]) throws -> TestResponse {
        try request(.head, path, headers: headers)
    }

    /// POSTs a URL-encoded form.
    public func post(_ path: String, form: [(String, String)], headers: HTTPHeaders = [:]) throws -> TestResponse {
        let encoded = URLEncodedForm(fields: form.map { (name: $0.0, value: $0.1) }).encoded
        var headers = headers
        if !headers.contains(.contentType) { headers[.contentType] = "application/x-www-form-urlencoded" }
        if !headers.contains(.contentLength) { headers[.contentLength] = String(encoded.utf8.count) }
        return try request(.post, path, headers: headers, body: Array(encoded.utf8))
    }

    /// POSTs raw bytes with a content type.
    public func post(_ path: String, body: [UInt8], contentType: String, headers: HTTPHeaders = [:]) throws -> TestResponse {
        var headers = headers
        headers[.contentType] = contentType
        headers[.contentLength] = String(body.count)
        return try request(.post, path, headers: headers, body: body)
    }

    /// POSTs `multipart/form-data` with text fields and files.
    public func postMultipart(
        _ path: String, fields: [(String, String)] = [], files: [TestMultipartFile] = [], headers: HTTPHeaders = [:]
    ) throws -> TestResponse {
        let boundary = "----HomepwnerTestBoundary\(UInt32.random(in: 0...UInt32.max))"
        let body = Self.multipartBody(boundary: boundary, fields: fields, files: files)
        return try post(path, body: body, contentType: "multipart/form-data; boundary=\(boundary)", headers: headers)
    }

    /// Encodes a multipart body (RFC 7578).
    public static func multipartBody(boundary: String, fields: [(String, String)], files: [TestMultipartFile]) -> [UInt8] {
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.contentType)\r\n\r\n".utf8)
            body += file.data
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return body
    }
}
