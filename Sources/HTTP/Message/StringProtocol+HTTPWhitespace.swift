extension StringProtocol {
    /// Drops leading and trailing SP and HTAB (RFC 9110 §5.6.3 OWS).
    func trimmingHTTPWhitespace() -> SubSequence {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
        while end > start {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return self[start..<end]
    }
}
