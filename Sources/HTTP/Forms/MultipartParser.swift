/// A streaming `multipart/form-data` parser (RFC 7578, RFC 2046 §5.1.1): feed chunks
/// as they arrive; limits are checked as bytes come in, not after buffering everything.
///
/// ```swift
/// var parser = try MultipartParser(boundary: "XyZ")
/// for chunk in chunks { try parser.feed(chunk) }
/// let form = try parser.finish()
/// ```
public struct MultipartParser: Sendable {
    public let limits: MultipartLimits
    /// CRLF "--" boundary: every delimiter, the first one included (see `init`).
    let delimiter: [UInt8]

    var buffer: [UInt8]
    var position = 0
    var state: State = .preamble
    var parts: [MultipartPart] = []
    var current: MultipartPart? = nil
    /// The current part's bytes, when kept in memory.
    var currentBytes: [UInt8] = []
    /// Where the current part's body starts in the stream, and its size so far.
    var currentOffset = 0
    var currentCount = 0
    var totalSize = 0
    /// The stream offset of `buffer[0]` (the synthetic leading CRLF makes it start at -2).
    var bufferOffset = -2
    /// The whole body being parsed, when file parts should stay in it rather than be copied.
    let source: HTTPBody?

    enum State: Sendable {
        case preamble
        case boundaryLine
        case headers
        case body
        case epilogue
    }

    /// - Throws: `HTTPError(.badRequest)` for an invalid boundary (RFC 2046: 1–70 characters).
    public init(boundary: String, limits: MultipartLimits = .init()) throws(HTTPError) {
        try self.init(boundary: boundary, limits: limits, source: nil)
    }

    /// - Parameter source: the complete body that will be fed; file parts then become
    ///   slices of it (no copy of a spooled upload) instead of bytes in memory.
    init(boundary: String, limits: MultipartLimits, source: HTTPBody?) throws(HTTPError) {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), !bytes.contains(where: { $0 < 0x20 || $0 > 0x7E }) else {
            throw HTTPError(.badRequest, "Invalid multipart boundary")
        }
        self.limits = limits
        self.source = source
        self.delimiter = [0x0D, 0x0A, 0x2D, 0x2D] + bytes
        // The first delimiter may open the body without a preceding CRLF; starting the
        // stream with one makes every delimiter look alike.
        self.buffer = [0x0D, 0x0A]
    }

    /// Parses the next chunk of the body.
    public mutating func feed<C: Collection<UInt8>>(_ chunk: C) throws(HTTPError) {
        if case .epilogue = state { return }
        buffer.append(contentsOf: chunk)
        try process()
        if position > 0 {
            buffer.removeSubrange(0..<position)
            bufferOffset += position
            position = 0
        }
    }

    /// Ends the body. - Throws: `HTTPError(.badRequest)` if the closing delimiter never came.
    public mutating func finish() throws(HTTPError) -> MultipartForm {
        guard case .epilogue = state else { throw HTTPError(.badRequest, "Truncated multipart body") }
        return MultipartForm(parts: parts)
    }

    private mutating func process() throws(HTTPError) {
        while true {
            switch state {
            case .preamble:
                guard let found = find(delimiter, from: position) else {
                    position = max(position, buffer.count - (delimiter.count - 1))
                    return
                }
                position = found + delimiter.count
                state = .boundaryLine
            case .boundaryLine:
                guard buffer.count - position >= 2 else { return }
                if buffer[position] == 0x2D && buffer[position + 1] == 0x2D {
                    state = .epilogue
                    position = buffer.count
                    return
                }
                // Transport padding (RFC 2046 §5.1.1), then CRLF.
                var index = position
                while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
                guard index + 2 <= buffer.count else {
                    if index - position > 256 { throw HTTPError(.badRequest, "Malformed multipart delimiter") }
                    return
                }
                guard buffer[index] == 0x0D, buffer[index + 1] == 0x0A else {
                    throw HTTPError(.badRequest, "Malformed multipart delimiter")
                }
                position = index + 2
                state = .headers
            case .headers:
                guard buffer.count - position >= 2 else { return }
                let headerEnd: Int
                if buffer[position] == 0x0D && buffer[position + 1] == 0x0A {
                    headerEnd = position  // a part without header fields
                } else if let found = find([0x0D, 0x0A, 0x0D, 0x0A], from: position) {
                    headerEnd = found + 2
                } else {
                    // The largest acceptable header may still be waiting for the last byte of
                    // its blank line: one byte more than the limit is not yet too large.
                    if buffer.count - position > limits.maxPartHeaderSize + 1 {
                        throw HTTPError(.contentTooLarge, "Multipart part header too large")
                    }
                    return
                }
                guard headerEnd - position <= limits.maxPartHeaderSize else {
                    throw HTTPError(.contentTooLarge, "Multipart part header too large")
                }
                guard parts.count < limits.maxParts else {
                    throw HTTPError(.contentTooLarge, "Too many multipart parts")
                }
                current = try Self.part(fromHeaderLines: buffer[position..<headerEnd])
                currentBytes = []
                currentOffset = bufferOffset + headerEnd + 2
                currentCount = 0
                position = headerEnd + 2
                state = .body
            case .body:
                if let found = find(delimiter, from: position) {
                    try appendToPart(buffer[position..<found])
                    if var part = current {
                        if keepsInSource(part), let source {
                            part.body = source.slice(offset: currentOffset, count: currentCount)
                        } else {
                            part.body = HTTPBody(currentBytes)
                        }
                        parts.append(part)
                    }
                    current = nil
                    currentBytes = []
                    position = found + delimiter.count
                    state = .boundaryLine
                } else {
                    let safeEnd = max(position, buffer.count - (delimiter.count - 1))
                    try appendToPart(buffer[position..<safeEnd])
                    position = safeEnd
                    return
                }
            case .epilogue:
                position = buffer.count
                return
            }
        }
    }

    private mutating func appendToPart(_ bytes: ArraySlice<UInt8>) throws(HTTPError) {
        guard !bytes.isEmpty else { return }
        totalSize += bytes.count
        guard totalSize <= limits.maxTotalSize else {
            throw HTTPError(.contentTooLarge, "Multipart body too large")
        }
        guard let part = current else { return }
        currentCount += bytes.count
        guard currentCount <= limits.maxPartSize else {
            throw HTTPError(.contentTooLarge, "Multipart part too large")
        }
        guard part.filename != nil || currentCount <= limits.maxFieldSize else {
            throw HTTPError(.contentTooLarge, "Multipart field too large")
        }
        if !keepsInSource(part) { currentBytes.append(contentsOf: bytes) }
    }

    /// File parts of a spooled body stay in its spool file.
    private func keepsInSource(_ part: MultipartPart) -> Bool {
        part.filename != nil && source?.isSpooled == true
    }

    /// The first index of `needle` at or after `from`.
    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, buffer.count - from >= needle.count else { return nil }
        return buffer.withUnsafeBufferPointer { haystack -> Int? in
            needle.withUnsafeBufferPointer { needle -> Int? in
                var index = from
                let last = haystack.count - needle.count
                while index <= last {
                    if haystack[index] == first {
                        var matched = 1
                        while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                        if matched == needle.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }

    /// Reads the part's fields; `Content-Disposition: form-data; name=…` is required (RFC 7578 §4.2).
    static func part(fromHeaderLines bytes: ArraySlice<UInt8>) throws(HTTPError) -> MultipartPart {
        var headers = HTTPHeaders()
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw HTTPError(.badRequest, "Malformed multipart header")
            }
            headers.add(HTTPHeaderName(String(line[..<colon])), String(line[line.index(after: colon)...].trimmingHTTPWhitespace()))
        }
        let disposition = MediaTypeValue(headers[.contentDisposition] ?? "")
        guard disposition.essence == "form-data", let name = disposition.parameters["name"] else {
            throw HTTPError(.badRequest, "Multipart part without a form-data name")
        }
        var filename = disposition.parameters["filename"]
        if let raw = filename, let slash = raw.lastIndex(where: { $0 == "/" || $0 == "\\" }) {
            filename = String(raw[raw.index(after: slash)...])
        }
        return MultipartPart(name: name, filename: filename, contentType: headers[.contentType], headers: headers, body: [])
    }
}
