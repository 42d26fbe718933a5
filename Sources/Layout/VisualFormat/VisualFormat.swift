/// A parsed Auto Layout visual format string, e.g. `H:|-16-[name]-(>=8)-[serial]-16-|`.
///
/// ```swift
/// let row = try VisualFormat("H:|-16-[name(>=64)]-(>=8)-[serial]-8-[value]-16-|")
/// row.views.map(\.name)   // ["name", "serial", "value"]
/// ```
///
/// Supported: the `H:`/`V:` prefix (`H:` when absent), superview edges `|`, flush, standard
/// (`-`, 8 pt) and explicit spacing with `==`, `>=`, `<=` and `@priority`, and view sizes
/// `[name(>=64,<=200)]`. Not supported, with an error saying so: metric names and sizes
/// relative to other views (`[a(==b)]`).
public struct VisualFormat: Sendable, Hashable, CustomStringConvertible {
    /// One named view and its size predicates along the axis.
    public struct View: Sendable, Hashable {
        public var name: String
        public var size: [LayoutPredicate]

        public init(name: String, size: [LayoutPredicate] = []) {
            self.name = name
            self.size = size
        }
    }

    public var axis: LayoutAxis
    /// The spacing from the leading superview edge, or `nil` when the string has no leading `|`.
    public var leadingEdge: LayoutSpacing?
    public var views: [View]
    /// `spacings[i]` lies between `views[i]` and `views[i + 1]`.
    public var spacings: [LayoutSpacing]
    /// The spacing to the trailing superview edge, or `nil` when the string has no trailing `|`.
    public var trailingEdge: LayoutSpacing?
    /// The text this was parsed from.
    public let source: String

    /// Parses a visual format string.
    ///
    /// - Throws: ``VisualFormatError`` naming the position of the first problem, or the
    ///   limit a too long string, too many views or too large a number breaks.
    public init(_ source: String, limits: VisualFormatLimits = VisualFormatLimits()) throws(VisualFormatError) {
        var parser = try VisualFormatParser(source, limits: limits)
        let parsed = try parser.parse()
        self.axis = parsed.axis
        self.leadingEdge = parsed.leadingEdge
        self.views = parsed.views
        self.spacings = parsed.spacings
        self.trailingEdge = parsed.trailingEdge
        self.source = source
    }

    /// The spacing before `views[index]`: the leading edge for the first view; nil for an
    /// index outside `views`.
    public func spacing(before index: Int) -> LayoutSpacing? {
        guard views.indices.contains(index) else { return nil }
        return index == 0 ? leadingEdge : spacings[index - 1]
    }

    /// The spacing after `views[index]`: the trailing edge for the last view; nil for an
    /// index outside `views`.
    public func spacing(after index: Int) -> LayoutSpacing? {
        guard views.indices.contains(index) else { return nil }
        return index == views.count - 1 ? trailingEdge : spacings[index]
    }

    public var description: String { source }
}
