/// A route path such as `/items/:key/photo`: literal segments and `:name` captures.
struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    let description: String

    init(_ path: String) {
        // Split at bytes like request paths (see `segments(ofRawPath:)`), so that a pattern
        // and the path it was written for always agree.
        precondition(path.utf8.first == UInt8(ascii: "/"), "Route paths start with /: \(path)")
        description = path
        segments = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { piece in
            piece.first == UInt8(ascii: ":") && piece.count > 1
                ? .parameter(String(decoding: piece.dropFirst(), as: UTF8.self)) : .literal(String(decoding: piece, as: UTF8.self))
        }
    }

    /// Whether the pattern has no captures (then it matches one path only).
    var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// Matches percent-decoded path segments; returns the captures.
    func match(_ pathSegments: [String]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var captures: [String: String] = [:]
        for (segment, value) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard literal == value else { return nil }
            case .parameter(let name):
                guard !value.isEmpty else { return nil }
                captures[name] = value
            }
        }
        return captures
    }

    /// Splits a raw (still percent-encoded) path into decoded segments, so that an
    /// encoded `/` stays inside its segment. Split at `/` bytes, not Characters: a combining
    /// mark after a `/` must not merge two segments.
    static func segments(ofRawPath rawPath: Substring) -> [String] {
        rawPath.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { piece in
            PercentEncoding.decodeString(piece, plusAsSpace: false) ?? String(decoding: piece, as: UTF8.self)
        }
    }
}
