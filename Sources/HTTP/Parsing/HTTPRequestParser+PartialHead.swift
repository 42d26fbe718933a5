extension HTTPRequestParser {
    /// What a head that failed (too long, too many fields, malformed fields) said before it
    /// failed, so the error can be answered in the client's terms — problem JSON for a
    /// `….json` path, say. Only the request line is used, never its fields: the complete line
    /// when it was read, else the method and a path that ended (at `?` or a space) before
    /// the limit. Nil when not even that much is known.
    public var partialHead: HTTPRequest? {
        guard failedInHead, buffer.count > start else { return nil }
        if scan.sawRequestLine {
            guard let (method, target, version) = try? Self.parseRequestLine(buffer, start, scan.requestLineEnd) else { return nil }
            return HTTPRequest(method: method, target: target, version: version)
        }
        let seen = buffer[start..<min(buffer.count, start + limits.maxRequestLineLength)]
        guard let space = seen.firstIndex(of: 0x20) else { return nil }
        let methodBytes = seen[seen.startIndex..<space]
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(Self.isTokenCharacter) else { return nil }
        let rest = seen[(space + 1)...]
        guard rest.first == UInt8(ascii: "/"),
            let pathEnd = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == 0x20 })
        else { return nil }
        let path = rest[rest.startIndex..<pathEnd]
        guard path.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), PercentEncoding.isWellFormed(path) else { return nil }
        return HTTPRequest(method: HTTPMethod(String(decoding: methodBytes, as: UTF8.self)), target: String(decoding: path, as: UTF8.self))
    }
}
