extension HTTPRequestParser {
    /// Progress through a head (or trailer section) that may arrive in pieces.
    struct HeadScan: Sendable {
        /// Next byte to examine.
        var index = 0
        var lineStart = 0
        /// Whether the request line (or, for trailers, its stand-in) has been seen.
        var sawRequestLine = false
        /// Index of the CR ending the request line.
        var requestLineEnd = 0
        /// Index of the CR ending each field line.
        var lineEnds: [Int] = []

        mutating func reset(at position: Int) {
            index = position
            lineStart = position
            sawRequestLine = false
            requestLineEnd = 0
            lineEnds.removeAll(keepingCapacity: true)
        }

        mutating func rebase(by offset: Int) {
            index -= offset
            lineStart -= offset
            requestLineEnd -= offset
            for i in lineEnds.indices { lineEnds[i] -= offset }
        }
    }

    enum ScanOutcome {
        case needMore
        case complete(end: Int)
        case failure(HTTPParserError)
    }

    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A

    /// Finds the end of the head, checking line endings, NULs and limits on the way.
    /// Returns the index just past the empty line, or nil if more bytes are needed.
    static func scanHead(
        _ buffer: [UInt8], from start: Int, _ scan: inout HeadScan, _ limits: HTTPLimits
    ) throws(HTTPParserError) -> Int? {
        let outcome = buffer.withUnsafeBufferPointer { bytes -> ScanOutcome in
            var i = scan.index
            let end = bytes.count
            while i < end {
                let byte = bytes[i]
                if byte == lf {
                    // RFC 9112 §2.2: we require CRLF; a bare LF is rejected.
                    guard i > scan.lineStart, bytes[i - 1] == cr else { return .failure(.bareLineFeed) }
                    let lineEnd = i - 1
                    if !scan.sawRequestLine {
                        guard lineEnd - start <= limits.maxRequestLineLength else {
                            return .failure(.requestLineTooLong)
                        }
                        scan.requestLineEnd = lineEnd
                        scan.sawRequestLine = true
                    } else if lineEnd == scan.lineStart {
                        scan.index = i + 1
                        guard lineEnd - (scan.requestLineEnd + 2) <= limits.maxHeaderSectionSize else {
                            return .failure(.headerSectionTooLarge)
                        }
                        return .complete(end: i + 1)
                    } else {
                        scan.lineEnds.append(lineEnd)
                        guard scan.lineEnds.count <= limits.maxHeaderCount else {
                            return .failure(.tooManyHeaderFields)
                        }
                    }
                    scan.lineStart = i + 1
                } else if byte == cr {
                    // RFC 9112 §2.2: a bare CR is invalid. Wait for the next byte to decide.
                    if i + 1 == end { break }
                    guard bytes[i + 1] == lf else { return .failure(.bareCarriageReturn) }
                } else if byte == 0 {
                    return .failure(.nulCharacter)
                }
                i += 1
            }
            scan.index = i
            // Measured up to `i`, not `end`: a CR waiting for its LF may end the line, and
            // must not count against a line that is exactly at the limit (any split of the
            // input has to give the same result).
            if !scan.sawRequestLine {
                if i - start > limits.maxRequestLineLength { return .failure(.requestLineTooLong) }
            } else if i - (scan.requestLineEnd + 2) > limits.maxHeaderSectionSize {
                return .failure(.headerSectionTooLarge)
            }
            return .needMore
        }
        switch outcome {
        case .needMore: return nil
        case .complete(let end): return end
        case .failure(let error): throw error
        }
    }

    /// Parses a complete head, or returns nil while it is incomplete.
    mutating func parseHead() throws(HTTPParserError) -> (HTTPRequest, Framing?)? {
        if !scan.sawRequestLine && scan.index == start {
            // RFC 9112 §2.2: ignore empty lines received before the request line.
            while buffer.count - start >= 2, buffer[start] == Self.cr, buffer[start + 1] == Self.lf {
                start += 2
            }
            scan.reset(at: start)
        }
        guard let end = try Self.scanHead(buffer, from: start, &scan, limits) else { return nil }
        let (method, target, version) = try Self.parseRequestLine(buffer, start, scan.requestLineEnd)
        let headers = try Self.parseFields(buffer, lineStart: scan.requestLineEnd + 2, lineEnds: scan.lineEnds)
        let framing = try Self.framing(of: headers, version: version)
        start = end
        scan.reset(at: start)
        var request = HTTPRequest(method: method, target: target, headers: headers, version: version)
        request.expectsContinue = Self.expectsContinue(headers, version)
        return (request, framing)
    }

    static func parseRequestLine(
        _ buffer: [UInt8], _ start: Int, _ end: Int
    ) throws(HTTPParserError) -> (HTTPMethod, String, HTTPVersion) {
        // RFC 9112 §3: request-line = method SP request-target SP HTTP-version
        guard let firstSpace = buffer[start..<end].firstIndex(of: 0x20),
            let secondSpace = buffer[(firstSpace + 1)..<end].firstIndex(of: 0x20)
        else { throw .invalidRequestLine }
        let versionBytes = buffer[(secondSpace + 1)..<end]
        let version = try parseVersion(versionBytes)
        let methodBytes = buffer[start..<firstSpace]
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(isTokenCharacter) else { throw .invalidRequestLine }
        let targetBytes = buffer[(firstSpace + 1)..<secondSpace]
        // RFC 9112 §3.2: the target is visible ASCII; origin-form, absolute-form, or "*".
        guard let first = targetBytes.first, targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .invalidTarget
        }
        let method = HTTPMethod(String(decoding: methodBytes, as: UTF8.self))
        let target = String(decoding: targetBytes, as: UTF8.self)
        if first == UInt8(ascii: "/") {
            let pathEnd = targetBytes.firstIndex(of: UInt8(ascii: "?")) ?? targetBytes.endIndex
            guard PercentEncoding.isWellFormed(targetBytes[targetBytes.startIndex..<pathEnd]) else {
                throw .invalidTarget
            }
        } else if target == "*" {
            guard method == .options else { throw .invalidTarget }
        } else if target.hasPrefix("http://") || target.hasPrefix("https://") {
            // absolute-form (RFC 9112 §3.2.2): accepted, routed by its path.
        } else if method == .connect {
            // authority-form (RFC 9112 §3.2.3): parsed; the router will not match it.
        } else {
            throw .invalidTarget
        }
        return (method, target, version)
    }

    static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParserError) -> HTTPVersion {
        // RFC 9112 §2.3: HTTP-version = "HTTP/" DIGIT "." DIGIT
        let b = Array(bytes)
        guard b.count == 8, b[0] == 0x48, b[1] == 0x54, b[2] == 0x54, b[3] == 0x50, b[4] == 0x2F,
            b[6] == 0x2E, (0x30...0x39).contains(b[5]), (0x30...0x39).contains(b[7])
        else { throw .invalidRequestLine }
        // RFC 9110 §15.6.6: answer 505 for other major versions (incl. the HTTP/2 preface).
        guard b[5] == UInt8(ascii: "1") else { throw .unsupportedVersion }
        // RFC 9110 §2.5 / RFC 9112 §2.3: a higher minor version of 1 is treated as the
        // highest we support, 1.1 (and answered as such).
        return b[7] == UInt8(ascii: "0") ? .http1_0 : .http1_1
    }

    /// Parses field lines; each runs from the previous line's end + 2 to its CR.
    static func parseFields(
        _ buffer: [UInt8], lineStart firstLine: Int, lineEnds: [Int]
    ) throws(HTTPParserError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.fields.reserveCapacity(lineEnds.count)
        var lineStart = firstLine
        for lineEnd in lineEnds {
            defer { lineStart = lineEnd + 2 }
            let first = buffer[lineStart]
            // RFC 9112 §5.2: obs-fold is rejected with 400.
            if first == 0x20 || first == 0x09 { throw .obsoleteLineFolding }
            guard let colon = buffer[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")), colon > lineStart
            else { throw .invalidHeaderField }
            // RFC 9112 §5.1: no whitespace between field name and colon; names are tokens.
            let nameBytes = buffer[lineStart..<colon]
            guard nameBytes.allSatisfy(isTokenCharacter) else { throw .invalidHeaderField }
            var valueStart = colon + 1
            var valueEnd = lineEnd
            while valueStart < valueEnd, buffer[valueStart] == 0x20 || buffer[valueStart] == 0x09 { valueStart += 1 }
            while valueEnd > valueStart, buffer[valueEnd - 1] == 0x20 || buffer[valueEnd - 1] == 0x09 { valueEnd -= 1 }
            let valueBytes = buffer[valueStart..<valueEnd]
            // RFC 9110 §5.5: field-value is VCHAR, obs-text, SP and HTAB; other CTLs are rejected.
            guard valueBytes.allSatisfy({ $0 >= 0x20 ? $0 != 0x7F : $0 == 0x09 }) else {
                throw .invalidHeaderField
            }
            let name = String(decoding: nameBytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            headers.fields.append((name: HTTPHeaderName(lowercased: name), value: String(decoding: valueBytes, as: UTF8.self)))
        }
        return headers
    }

    /// Decides how the body is delimited (RFC 9112 §6.3) and checks Host (RFC 9112 §3.2).
    static func framing(of headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParserError) -> Framing? {
        var hostCount = 0
        var contentLength: String? = nil
        var codings: [Substring] = []
        var hasTransferEncoding = false
        for field in headers {
            switch field.name.canonicalName {
            case "host":
                hostCount += 1
                // RFC 9112 §3.2: Host = uri-host [ ":" port ]; anything else is a 400.
                guard field.value.utf8.allSatisfy(isHostCharacter) else { throw .invalidHost }
            case "content-length":
                // RFC 9112 §6.3: repeated or list-valued Content-Length is rejected here.
                guard contentLength == nil else { throw .duplicateContentLength }
                contentLength = field.value
            case "transfer-encoding":
                hasTransferEncoding = true
                for coding in field.value.split(separator: ",") {
                    let trimmed = coding.trimmingHTTPWhitespace()
                    if !trimmed.isEmpty { codings.append(trimmed) }
                }
            default:
                continue
            }
        }
        // RFC 9112 §3.2: a 1.1 request has exactly one Host; more than one is always an error.
        if hostCount > 1 { throw .duplicateHost }
        if hostCount == 0 && version == .http1_1 { throw .missingHost }
        if hasTransferEncoding {
            // RFC 9112 §6.3: a message with both Transfer-Encoding and Content-Length is rejected.
            if contentLength != nil { throw .conflictingFraming }
            // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message means faulty framing.
            if version == .http1_0 { throw .conflictingFraming }
            // RFC 9112 §6.1: an unknown transfer coding is answered with 501.
            for coding in codings where coding.lowercased() != "chunked" { throw .unsupportedTransferCoding }
            // RFC 9112 §6.3: chunked must be the final coding, applied once.
            guard codings.count == 1 else { throw .invalidChunk }
            return .chunked
        }
        if let contentLength {
            let digits = contentLength.utf8
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let length = Int(contentLength)
            else { throw .invalidContentLength }
            return length > 0 ? .length(length) : nil
        }
        return nil
    }

    static func expectsContinue(_ headers: HTTPHeaders, _ version: HTTPVersion) -> Bool {
        // RFC 9110 §10.1.1: 100-continue is only meaningful from 1.1 clients.
        guard version == .http1_1, let expect = headers[.expect] else { return false }
        return expect.lowercased() == "100-continue"
    }

    /// Characters of RFC 3986 reg-name, IP literals and a port.
    static func isHostCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }

    /// RFC 9110 §5.6.2 tchar.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
