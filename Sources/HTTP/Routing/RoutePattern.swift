/// A route path such as `/items/:key/photo`: literal segments and `:name` captures.
struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    let description: String

    init(_ path: String) {
        precondition(path.hasPrefix("/"), "Route paths start with /: \(path)")
        description = path
        segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { piece in
            piece.hasPrefix(":") && piece.count > 1 ? .parameter(String(piece.dropFirst())) : .literal(String(piece))
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
    /// encoded `/` stays inside its segment.
    static func segments(ofRawPath rawPath: Substring) -> [String] {
        rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { piece in
            PercentEncoding.decodeString(piece.utf8, plusAsSpace: false) ?? String(piece)
        }
    }
}
