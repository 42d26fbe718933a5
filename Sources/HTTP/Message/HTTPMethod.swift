/// A request method (RFC 9110 §9): an open vocabulary, compared case-sensitively.
///
/// ```swift
/// router.add(.delete, "/items/:key") { request in … }
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let delete = HTTPMethod("DELETE")
    public static let patch = HTTPMethod("PATCH")
    public static let options = HTTPMethod("OPTIONS")
    public static let connect = HTTPMethod("CONNECT")
    public static let trace = HTTPMethod("TRACE")

    /// The methods RFC 9110 §9 defines, and PATCH (RFC 5789).
    public static let standard: Set<HTTPMethod> = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]
}
