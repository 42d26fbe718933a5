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

    /// Whether a representation last modified at `lastModified` (seconds since 1970) is
    /// unchanged since the `If-Modified-Since` date, so a 304 may answer.
    ///
    /// Returns nil when the field must be ignored (RFC 9110 §13.1.3): absent, repeated, not a
    /// valid HTTP-date, later than `now` (such a date is invalid), or on a method other than
    /// GET and HEAD. Callers check If-None-Match first: when present, it wins.
    public func ifModifiedSince(lastModified: Int, now: Int) -> Bool? {
        guard method == .get || method == .head else { return nil }
        let values = headers.values(for: .ifModifiedSince)
        guard values.count == 1, let date = HTTPDate.parse(values[0], now: now), date <= now else { return nil }
        return lastModified <= date
    }
}
