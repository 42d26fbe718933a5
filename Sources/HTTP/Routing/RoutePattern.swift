/// A route path such as `/items/:key/photo`: literal segments and `:name` captures. A
/// capture may end in a literal suffix (`/items/:key.json` captures `abc` of `abc.json`);
/// such patterns are tried before plain captures, so they win over `/items/:key`.
struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String, suffix: String)
    }

    let segments: [Segment]
    let description: String

    init(_ path: String) {
        precondition(path.hasPrefix("/"), "Route paths start with /: \(path)")
        description = path
        segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { piece in
            guard piece.hasPrefix(":"), piece.count > 1 else { return .literal(String(piece)) }
            let body = piece.dropFirst()
            if let dot = body.firstIndex(of: "."), dot != body.startIndex {
                return .parameter(String(body[..<dot]), suffix: String(body[dot...]))
            }
            return .parameter(String(body), suffix: "")
        }
    }

    /// Whether the pattern has no captures (then it matches one path only).
    var isLiteral: Bool {
        segments.allSatisfy { if case .literal = $0 { true } else { false } }
    }

    /// Whether a capture has a literal suffix (such patterns are matched first).
    var hasSuffixedCapture: Bool {
        segments.contains { if case .parameter(_, let suffix) = $0 { !suffix.isEmpty } else { false } }
    }

    /// Matches percent-decoded path segments; returns the captures.
    func match(_ pathSegments: [String]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var captures: [String: String] = [:]
        for (segment, value) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard literal == value else { return nil }
            case .parameter(let name, let suffix):
                guard value.count > suffix.count, value.hasSuffix(suffix) else { return nil }
                captures[name] = String(value.dropLast(suffix.count))
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
