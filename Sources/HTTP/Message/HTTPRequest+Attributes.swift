/// A key for a value a middleware attaches to a request for the handlers after it (the
/// signed-in account, say): typed, so no stringly lookups.
///
/// ```swift
/// enum SignedIn: HTTPRequestAttribute { typealias Value = Account }
/// request[SignedIn.self] = account       // in a middleware
/// let account = request[SignedIn.self]   // in a handler
/// ```
public protocol HTTPRequestAttribute {
    associatedtype Value: Sendable
}

extension HTTPRequest {
    public subscript<Key: HTTPRequestAttribute>(_ key: Key.Type) -> Key.Value? {
        get { attributes[ObjectIdentifier(key)] as? Key.Value }
        set { attributes[ObjectIdentifier(key)] = newValue }
    }
}
