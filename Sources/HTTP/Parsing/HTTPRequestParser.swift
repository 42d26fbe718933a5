/// An incremental HTTP/1.1 request parser (RFC 9112): bytes in, requests out.
///
/// Pure and socket-free: feed it whatever arrived, then call `next()` until it returns
/// nil. Any split of the input gives the same requests. Limits are enforced as bytes
/// arrive, so an oversized head is rejected without being buffered whole.
///
/// ```swift
/// var parser = HTTPRequestParser()
/// parser.feed(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
/// while let event = try parser.next() {
///     if case .request(let request) = event { print(request.path) }
/// }
/// ```
public struct HTTPRequestParser: Sendable {
    public let limits: HTTPLimits
    /// Largest body accepted for the current request; reset to the default at every head.
    public var bodyLimit: Int
    /// Where bodies larger than `limits.inMemoryBodyLimit` are spooled; nil keeps every
    /// body in memory (then only `bodyLimit` bounds it).
    public var spoolDirectory: String?

    var buffer: [UInt8] = []
    /// First byte not yet consumed.
    var start = 0
    var state: State = .head
    var scan = HeadScan()
    var pending: HTTPRequest? = nil
    /// Whether the parser failed on a request's head (see `partialHead`).
    var failedInHead = false
    var body = BodyAccumulator()

    enum State: Sendable {
        case head
        case bodyPending(Framing)
        case body(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(HTTPParserError)
    }

    enum Framing: Sendable {
        case length(Int)
        case chunked
    }

    public init(limits: HTTPLimits = HTTPLimits(), spoolDirectory: String? = nil) {
        self.limits = limits
        self.bodyLimit = limits.defaultBodyLimit
        self.spoolDirectory = spoolDirectory
    }

    /// Bytes buffered but not yet consumed by a complete request.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Bytes of request data this parser holds in memory: unparsed input and the part of
    /// the current body not spooled to a file (the server's memory budget counts these).
    public var bytesInMemory: Int { buffer.count + body.bytesInMemory }

    /// Whether the parser is between requests with nothing of the next one received.
    public var isIdle: Bool {
        if case .head = state { return start == buffer.count }
        return false
    }

    /// Whether a head has been parsed and its body is still being read.
    public var isReadingBody: Bool {
        switch state {
        case .bodyPending, .body, .chunkSize, .chunkData, .chunkDataEnd, .trailers: true
        default: false
        }
    }

    /// Appends received bytes.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Appends received bytes.
    public mutating func feed(_ bytes: [UInt8]) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or nil when more bytes are needed.
    ///
    /// - Throws: `HTTPParserError`; the parser then stays failed, and the connection
    ///   must be answered with the error's status and closed.
    public mutating func next() throws(HTTPParserError) -> HTTPParserEvent? {
        do {
            return try step()
        } catch {
            if case .head = state { failedInHead = true }
            state = .failed(error)
            throw error
        }
    }

    private mutating func step() throws(HTTPParserError) -> HTTPParserEvent? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .head:
                guard let (request, framing) = try parseHead() else { return nil }
                bodyLimit = limits.defaultBodyLimit
                body = BodyAccumulator()
                guard let framing else { return .request(request) }
                pending = request
                state = .bodyPending(framing)
                return .head(request)
            case .bodyPending(let framing):
                switch framing {
                case .length(let length):
                    guard length <= bodyLimit else { throw .contentTooLarge }
                    body.expect(length, inMemoryLimit: limits.inMemoryBodyLimit)
                    state = .body(remaining: length)
                case .chunked:
                    state = .chunkSize
                }
            case .body(let remaining):
                let taken = try takeBody(upTo: remaining)
                if taken == 0 { return nil }
                if taken == remaining { return finishRequest() }
                state = .body(remaining: remaining - taken)
            case .chunkSize:
                guard let size = try parseChunkSize() else { return nil }
                if size == 0 {
                    scan.reset(at: start)
                    scan.requestLineEnd = start - 2
                    scan.sawRequestLine = true
                    state = .trailers
                } else {
                    // RFC 9112 §7.1: the decoded body counts against the route's limit.
                    guard size <= bodyLimit - body.count else { throw .contentTooLarge }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let taken = try takeBody(upTo: remaining)
                if taken == 0 { return nil }
                state = taken == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - taken)
            case .chunkDataEnd:
                guard buffer.count - start >= 2 else { return nil }
                guard buffer[start] == 0x0D, buffer[start + 1] == 0x0A else { throw .invalidChunk }
                start += 2
                state = .chunkSize
            case .trailers:
                guard let end = try Self.scanHead(buffer, from: start, &scan, limits) else { return nil }
                let trailers = try Self.parseFields(buffer, lineStart: start, lineEnds: scan.lineEnds)
                start = end
                scan.reset(at: start)
                pending?.trailers = trailers
                return finishRequest()
            }
        }
    }

    private mutating func finishRequest() -> HTTPParserEvent? {
        state = .head
        scan.reset(at: start)
        guard var request = pending else { return nil }
        pending = nil
        request.body = body.finish()
        return .request(request)
    }

    private mutating func takeBody(upTo remaining: Int) throws(HTTPParserError) -> Int {
        let taken = min(remaining, buffer.count - start)
        guard taken > 0 else { return 0 }
        try body.append(buffer[start..<(start + taken)], inMemoryLimit: limits.inMemoryBodyLimit, spoolDirectory: spoolDirectory)
        start += taken
        return taken
    }

    /// Drops consumed bytes so the buffer does not grow across requests.
    private mutating func compact() {
        guard start > 0, start == buffer.count || start >= 16 * 1024 else { return }
        if start == buffer.count {
            // Keep the buffer for the next request unless a large body grew it.
            buffer.removeAll(keepingCapacity: buffer.capacity <= 256 * 1024)
        } else {
            buffer.removeSubrange(0..<start)
        }
        scan.rebase(by: start)
        start = 0
    }
}
