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
        // Split at bytes like request paths (see `segments(ofRawPath:)`), so that a pattern
        // and the path it was written for always agree.
        precondition(path.utf8.first == UInt8(ascii: "/"), "Route paths start with /: \(path)")
        description = path
        segments = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { piece in
            guard piece.first == UInt8(ascii: ":"), piece.count > 1 else { return .literal(String(decoding: piece, as: UTF8.self)) }
            // `:key.json`: a parameter with a literal suffix, split at the first `.` byte.
            let body = piece.dropFirst()
            if let dot = body.firstIndex(of: UInt8(ascii: ".")), dot != body.startIndex {
                return .parameter(String(decoding: body[..<dot], as: UTF8.self), suffix: String(decoding: body[dot...], as: UTF8.self))
            }
            return .parameter(String(decoding: body, as: UTF8.self), suffix: "")
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
    /// encoded `/` stays inside its segment. Split at `/` bytes, not Characters: a combining
    /// mark after a `/` must not merge two segments.
    static func segments(ofRawPath rawPath: Substring) -> [String] {
        rawPath.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { piece in
            PercentEncoding.decodeString(piece, plusAsSpace: false) ?? String(decoding: piece, as: UTF8.self)
        }
    }
}
