extension HTTPRequest {
    /// Whether `If-None-Match` names `etag` (or is `*`), so a 304 may answer.
    ///
    /// RFC 9110 §13.1.2: If-None-Match uses the weak comparison, so `W/"x"` matches `"x"`.
    /// Returns nil when the request has no If-None-Match (other validators may apply).
    public func ifNoneMatch(_ etag: String) -> Bool? {
        guard headers.contains(.ifNoneMatch) else { return nil }
        let strong = etag.hasPrefix("W/") ? etag.dropFirst(2) : etag[...]
        return headers.listValues(for: .ifNoneMatch).contains { tag in
            tag == "*" || tag == strong || (tag.hasPrefix("W/") && tag.dropFirst(2) == strong)
        }
    }
}
