/// Bounds on the work a template can ask for, so that neither a template nor the data it is
/// rendered with can exhaust the stack or memory. Each breach throws a ``MustacheError``
/// naming the template, line and column of the tag responsible.
///
/// ```swift
/// var limits = MustacheLimits()
/// limits.maxOutputSize = 1 << 20
/// let library = try MustacheLibrary(directory: "Templates", limits: limits)
/// ```
public struct MustacheLimits: Sendable, Hashable {
    /// How deep sections, inverted sections, blocks, parents and partials may nest: in each
    /// template when it is compiled, and again while rendering, where a partial's sections
    /// count below the tag that included it. Parsing and rendering recurse once per level,
    /// so this is what bounds the stack.
    public var maxNestingDepth: Int
    /// How deep partials, parents and lambdas may expand inside one another while rendering;
    /// deeper is taken for runaway recursion.
    public var maxPartialDepth: Int
    /// The most bytes one render may produce.
    public var maxOutputSize: Int

    public init(maxNestingDepth: Int = 256, maxPartialDepth: Int = 100, maxOutputSize: Int = 64 * 1024 * 1024) {
        self.maxNestingDepth = maxNestingDepth
        self.maxPartialDepth = maxPartialDepth
        self.maxOutputSize = maxOutputSize
    }
}
