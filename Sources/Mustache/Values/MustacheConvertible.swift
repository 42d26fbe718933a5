/// A Swift value that can be rendered by a template.
public protocol MustacheConvertible {
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue: MustacheConvertible {
    public var mustacheValue: MustacheValue { self }
}

extension String: MustacheConvertible {
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Substring: MustacheConvertible {
    public var mustacheValue: MustacheValue { .string(String(self)) }
}

extension Int: MustacheConvertible {
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Double: MustacheConvertible {
    public var mustacheValue: MustacheValue { .double(self) }
}

extension Bool: MustacheConvertible {
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Array: MustacheConvertible where Element: MustacheConvertible {
    public var mustacheValue: MustacheValue { .list(map(\.mustacheValue)) }
}

extension Optional: MustacheConvertible where Wrapped: MustacheConvertible {
    public var mustacheValue: MustacheValue { self?.mustacheValue ?? .null }
}

extension Dictionary: MustacheConvertible where Key == String, Value: MustacheConvertible {
    public var mustacheValue: MustacheValue { .object(mapValues(\.mustacheValue)) }
}
