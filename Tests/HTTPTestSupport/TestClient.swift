import CLinuxShim
import Glibc
import HTTP

/// A raw HTTP/1.1 client over a blocking socket with a read timeout, for live tests.
///
/// Requests reuse the open connection (keep-alive) and reconnect when the server closed
/// it (`Connection: close`, or `close()`). `send` and `readResponse` give byte-level control.
///
/// ```swift
/// try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
/// let response = try client.readResponse()
/// #expect(client.serverClosedConnection() == false)
/// ```
public final class TestClient {
    public let host: String
    public let port: Int
    /// How long a read may wait before `TestClientError.timedOut`.
    public var timeout: Duration
    /// The server under test, when made by `withTestServer`.
    public let server: HTTPServer?
    /// Cookies kept like a browser: set from `Set-Cookie` on responses to `request(…)`
    /// (and its conveniences), sent back as `Cookie` unless the call passes its own.
    public var cookies: [String: String] = [:]
    /// Whether `request(…)` keeps and sends `cookies` (on by default).
    public var storesCookies = true
    /// The local address to connect from (e.g. "127.0.0.2", another client on loopback).
    public var sourceAddress: String? = nil
    var fd: Int32 = -1
    var received: [UInt8] = []

    public init(port: Int, host: String = "127.0.0.1", timeout: Duration = .seconds(5), server: HTTPServer? = nil) {
        self.port = port
        self.host = host
        self.timeout = timeout
        self.server = server
    }

    deinit { close() }

    /// Another client of the same server (its own connection).
    public func makeClient() -> TestClient {
        TestClient(port: port, host: host, timeout: timeout, server: server)
    }

    /// Records the cookies of a response (`Max-Age=0` or a past `Expires` deletes).
    public func storeCookies(from response: TestResponse) {
        for field in response.headers.values(for: .setCookie) {
            let attributes = field.split(separator: ";").map { $0.trimmingPrefix(" ") }
            guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let deletes = attributes.dropFirst().contains { $0.lowercased() == "max-age=0" || $0.lowercased().hasPrefix("max-age=-") }
            cookies[name] = deletes ? nil : String(pair[pair.index(after: equals)...])
        }
    }

    public var isConnected: Bool { fd >= 0 }

    /// Runs `body` with the socket, for byte-level tricks (reading a little at a time).
    public func withDescriptor<Result>(_ body: (Int32) -> Result) -> Result {
        body(fd)
    }

    /// Whether the server sent something or closed within `interval`.
    public func serverResponded(within interval: Duration) -> Bool {
        guard fd >= 0, received.isEmpty else { return true }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = interval.components
        return poll(&poller, 1, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)) == 1
    }

    /// Opens a new connection (closing the current one).
    public func connect() throws {
        close()
        let socket = shim_connect_tcp(host, Int32(port), sourceAddress)
        guard socket >= 0 else { throw TestClientError.cannotConnect(errno: errno) }
        fd = socket
        applyTimeout()
    }

    func applyTimeout() {
        let (seconds, attoseconds) = timeout.components
        shim_set_receive_timeout(fd, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        received.removeAll()
    }

    // MARK: Raw bytes

    public func send(_ bytes: [UInt8]) throws {
        if fd < 0 { try connect() }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { shim_send(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw TestClientError.sendFailed(errno: errno) }
            offset += count
        }
    }

    public func send(_ string: String) throws {
        try send(Array(string.utf8))
    }

    /// Reads more bytes into the buffer; false at end of stream.
    func receiveMore() throws -> Bool {
        guard fd >= 0 else { throw TestClientError.connectionClosed }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
                return true
            }
            if count == 0 { return false }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw TestClientError.timedOut
            case ECONNRESET: return false
            default: throw TestClientError.connectionClosed
            }
        }
    }

    /// Everything the server sends until it closes the connection (or the timeout).
    public func readUntilClosed() throws -> [UInt8] {
        while try receiveMore() {}
        defer { received.removeAll() }
        return received
    }

    /// Whether the server closed the connection within `interval` (EOF or reset), with
    /// no more data before it. Returns false if data arrives or the time runs out.
    public func serverClosedConnection(within interval: Duration = .seconds(2)) -> Bool {
        guard fd >= 0 else { return true }
        guard received.isEmpty else { return false }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = interval.components
        let milliseconds = Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        guard poll(&poller, 1, milliseconds) == 1 else { return false }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    // MARK: Responses

    /// Reads one response (an interim 1xx too). Pass `forHead: true` after a HEAD request.
    public func readResponse(forHead: Bool = false) throws -> TestResponse {
        var headEnd: Int? = nil
        while true {
            if let end = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: received) {
                headEnd = end
                break
            }
            guard try receiveMore() else {
                throw received.isEmpty ? TestClientError.connectionClosed : TestClientError.malformedResponse("incomplete head")
            }
        }
        guard let headEnd else { throw TestClientError.malformedResponse("no head") }
        let head = String(decoding: received[0..<headEnd], as: UTF8.self)
        received.removeSubrange(0..<(headEnd + 4))
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let code = Int(statusLine[1]) else {
            throw TestClientError.malformedResponse("status line: \(String(head.prefix(80)).debugDescription)")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw TestClientError.malformedResponse("field: \(line)") }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers.add(HTTPHeaderName(String(line[..<colon])), String(value))
        }
        let status = HTTPStatus(code)
        var response = TestResponse(
            status: status, reason: statusLine.count > 2 ? String(statusLine[2]) : "", headers: headers)
        if forHead || (100..<200).contains(code) || code == 204 || code == 304 {
            return response
        }
        if headers[.transferEncoding]?.lowercased() == "chunked" {
            response.body = try readChunkedBody()
        } else if let length = headers[.contentLength].flatMap({ Int($0) }) {
            while received.count < length {
                guard try receiveMore() else { throw TestClientError.malformedResponse("body shorter than Content-Length") }
            }
            response.body = Array(received[0..<length])
            received.removeSubrange(0..<length)
        } else {
            response.body = try readUntilClosed()
        }
        return response
    }

    func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readLineEnd()
            let line = String(decoding: received[0..<lineEnd], as: UTF8.self)
            received.removeSubrange(0..<(lineEnd + 2))
            guard let size = Int(line.split(separator: ";").first ?? "", radix: 16) else {
                throw TestClientError.malformedResponse("chunk size \(line)")
            }
            if size == 0 {
                while try readLineEnd() != 0 {
                    received.removeSubrange(0..<(try readLineEnd() + 2))
                }
                received.removeSubrange(0..<2)
                return body
            }
            while received.count < size + 2 {
                guard try receiveMore() else { throw TestClientError.malformedResponse("truncated chunk") }
            }
            body.append(contentsOf: received[0..<size])
            received.removeSubrange(0..<(size + 2))
        }
    }

    func readLineEnd() throws -> Int {
        while true {
            if let end = Self.find([0x0D, 0x0A], in: received) { return end }
            guard try receiveMore() else { throw TestClientError.malformedResponse("truncated line") }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }
}
