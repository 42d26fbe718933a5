extension HTTPRequestParser {
    /// Parses a chunk-size line (RFC 9112 §7.1): hex size, optional extensions, CRLF.
    /// Returns nil while the line is incomplete.
    mutating func parseChunkSize() throws(HTTPParserError) -> Int? {
        let available = buffer.count - start
        let searchEnd = start + min(available, limits.maxChunkLineLength + 2)
        guard let lf = buffer[start..<searchEnd].firstIndex(of: Self.lf) else {
            // Too long only once the line and its CRLF could have arrived: a line at the limit
            // whose CR is here and LF not yet is still fine (found by the fuzzer).
            if available >= limits.maxChunkLineLength + 2 { throw .invalidChunk }
            return nil
        }
        guard lf > start, buffer[lf - 1] == Self.cr else { throw .invalidChunk }
        let lineEnd = lf - 1
        var size = 0
        var index = start
        while index < lineEnd, let digit = PercentEncoding.hexValue(buffer[index]) {
            // Sixteen hex digits would overflow; no body we accept is near that.
            guard index - start < 15 else { throw .invalidChunk }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > start else { throw .invalidChunk }
        // chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] ): ignored, but checked
        // for stray CR, NUL and other control characters.
        while index < lineEnd, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
        if index < lineEnd {
            guard buffer[index] == UInt8(ascii: ";") else { throw .invalidChunk }
            guard buffer[index..<lineEnd].allSatisfy({ $0 >= 0x20 ? $0 != 0x7F : $0 == 0x09 }) else {
                throw .invalidChunk
            }
        }
        start = lf + 1
        return size
    }
}
