/// What `HTTPRequestParser.next()` produced.
public enum HTTPParserEvent: Sendable {
    /// The head of a request whose body follows (only sent when there is a body).
    /// Set `bodyLimit` now, and answer `Expect: 100-continue` if wanted; the body is
    /// read on the following calls.
    case head(HTTPRequest)
    /// A complete request, body included.
    case request(HTTPRequest)
}
