import CLinuxShim
import Glibc

/// One keep-alive HTTP/1.1 connection over a blocking socket, as lean as a benchmark
/// client should be: one receive buffer for response heads, reused for every request,
/// and each body read straight into the array that is handed back.
///
/// Requests are not pipelined, so bytes after a response's end are a protocol error.
final class ClientConnection {
    let host: String
    let port: Int
    private let timeoutMilliseconds: Int32
    private var fd: Int32 = -1
    /// Unread bytes are `head[start..<end]`.
    private var head: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    /// How many times a connection was opened (1 when keep-alive held throughout).
    private(set) var connects = 0

    /// Response heads larger than this are refused as malformed.
    private static let headCapacity = 64 * 1024

    init(host: String, port: Int, timeout: Duration) {
        self.host = host
        self.port = port
        let (seconds, attoseconds) = timeout.components
        timeoutMilliseconds = Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        head = .allocate(byteCount: Self.headCapacity, alignment: 1)
    }

    deinit {
        close()
        head.deallocate()
    }

    var isOpen: Bool { fd >= 0 }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        start = 0
        end = 0
    }

    /// Sends `request` (a whole message) and reads the response, opening the
    /// connection first if it is closed. Closes it after `Connection: close` or an error.
    func exchange(_ request: [UInt8]) throws(TransportError) -> ClientResponse {
        do {
            if fd < 0 { try open() }
            try send(request)
            let response = try readResponse()
            if response.closes { close() }
            return response
        } catch {
            close()
            throw error
        }
    }

    private func open() throws(TransportError) {
        let socket = shim_connect_tcp(host, Int32(port), nil)
        guard socket >= 0 else { throw .connect(errno: errno) }
        shim_set_receive_timeout(socket, timeoutMilliseconds)
        fd = socket
        connects += 1
    }

    private func send(_ bytes: [UInt8]) throws(TransportError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { shim_send(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .send(errno: errno) }
            offset += count
        }
    }

    /// recv(2) into `buffer`; the count received, never 0 (end of stream throws).
    private func receive(into buffer: UnsafeMutableRawPointer, count: Int) throws(TransportError) -> Int {
        while true {
            let received = recv(fd, buffer, count, 0)
            if received > 0 { return received }
            if received == 0 { throw .closedByServer }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw .timedOut
            default: throw .receive(errno: errno)
            }
        }
    }

    private func readResponse() throws(TransportError) -> ClientResponse {
        let headEnd = try readHead()
        var parsed = try ResponseHead(UnsafeRawBufferPointer(rebasing: head[start..<headEnd]))
        start = headEnd + 4
        let status = parsed.status
        if (100..<200).contains(status) { return try readResponse() }  // interim: skip
        if status == 204 || status == 304 {
            parsed.contentLength = 0
        }
        let body: [UInt8]
        if parsed.chunked {
            body = try readChunkedBody()
        } else if let length = parsed.contentLength {
            body = try readBody(length: length)
        } else {
            throw .malformed("a response without Content-Length (status \(status))")
        }
        guard start == end else { throw .malformed("\(end - start) bytes after the response") }
        start = 0
        end = 0
        return ClientResponse(
            status: status, location: parsed.location, setCookies: parsed.setCookies, body: body, closes: parsed.closes)
    }

    /// Reads until the buffer holds a whole head; returns the index of its CRLFCRLF.
    private func readHead() throws(TransportError) -> Int {
        var searchFrom = start
        while true {
            if let found = Self.find(crlfcrlf: head, from: searchFrom, to: end) { return found }
            searchFrom = max(start, end - 3)
            if end == head.count {
                guard start > 0 else { throw .malformed("response head over \(Self.headCapacity) bytes") }
                let unread = end - start
                head.baseAddress!.copyMemory(from: head.baseAddress! + start, byteCount: unread)
                searchFrom -= start
                start = 0
                end = unread
            }
            end += try receive(into: head.baseAddress! + end, count: head.count - end)
        }
    }

    private static func find(crlfcrlf buffer: UnsafeMutableRawBufferPointer, from: Int, to: Int) -> Int? {
        var index = from
        while index + 3 < to {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The body's bytes: those already buffered, then the rest received straight into the array.
    private func readBody(length: Int) throws(TransportError) -> [UInt8] {
        let buffered = min(length, end - start)
        var failure: TransportError?
        let body = [UInt8](unsafeUninitializedCapacity: length) { bytes, initialized in
            let target = UnsafeMutableRawBufferPointer(bytes)
            if buffered > 0 {
                target.baseAddress!.copyMemory(from: head.baseAddress! + start, byteCount: buffered)
            }
            initialized = buffered
            while initialized < length {
                do throws(TransportError) {
                    initialized += try receive(into: target.baseAddress! + initialized, count: length - initialized)
                } catch {
                    failure = error
                    return
                }
            }
        }
        start += buffered
        if let failure { throw failure }
        return body
    }

    /// RFC 9112 §7.1 chunked coding (the server sends Content-Length today; this keeps
    /// the client honest if that changes).
    private func readChunkedBody() throws(TransportError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            let sizeText = (line.split(separator: ";").first ?? "").filter { $0 != " " && $0 != "\t" }
            guard let size = Int(sizeText, radix: 16) else {
                throw .malformed("chunk size \(line)")
            }
            if size == 0 {
                while try !readLine().isEmpty {}  // trailer fields
                return body
            }
            body += try readBody(length: size)
            guard try readLine().isEmpty else { throw .malformed("no CRLF after a chunk") }
        }
    }

    private func readLine() throws(TransportError) -> String {
        while true {
            var index = start
            while index + 1 < end {
                if head[index] == 13 && head[index + 1] == 10 {
                    let line = String(decoding: UnsafeRawBufferPointer(rebasing: head[start..<index]), as: UTF8.self)
                    start = index + 2
                    return line
                }
                index += 1
            }
            if start > 0 {
                let unread = end - start
                head.baseAddress!.copyMemory(from: head.baseAddress! + start, byteCount: unread)
                start = 0
                end = unread
            }
            guard end < head.count else { throw .malformed("chunk line too long") }
            end += try receive(into: head.baseAddress! + end, count: head.count - end)
        }
    }
}

