/// The Auto Layout properties of one view of a spec, matched to its format by name.
///
/// Defaults are UILabel's: hugging `defaultLow`, compression resistance `defaultHigh`.
/// Sizes are in points along the spec's main axis and override the format's `[name(>=64)]`.
///
/// ```swift
/// LayoutSlot(compressionResistance: .defaultLow, minimumCharacters: 3) // squeezed early, never to nothing
/// LayoutSlot(lineLimit: 2)                                             // wraps to two lines, then "…"
/// LayoutSlot(hugging: .required, compressionResistance: .required)      // never squeezed
/// LayoutSlot(variants: [.when(.compactHeight, .hide)])
/// ```
public struct LayoutSlot: Sendable, Hashable {
    /// The lowest hugging slot of a row takes the room left over; higher ones keep their content size.
    public var hugging: LayoutPriority
    /// The lowest is squeezed first (text ellipsised), ``LayoutPriority/required`` never.
    public var compressionResistance: LayoutPriority
    public var minimumSize: Double?
    public var maximumSize: Double?
    public var fixedSize: Double?
    /// The largest size across the main axis (e.g. the height of an image in a row), in points.
    public var maximumCrossSize: Double?
    /// The class the template puts on the element; `nil` for `<block>__<name>`.
    public var className: String?
    public var textAlignment: TextAlignment?
    public var contentMode: ContentMode?
    /// Take no room while the element has no content (an empty error message).
    public var hidesWhenEmpty: Bool
    /// A squeezable label never gets narrower than this many characters and an ellipsis
    /// (or its whole text, when shorter): it gives way gracefully, never to nothing.
    public var minimumCharacters: Int?
    /// Text wraps onto up to this many lines before it is truncated with an ellipsis
    /// (UILabel's `numberOfLines`); nil keeps it on one line.
    public var lineLimit: Int?
    public var variants: [LayoutVariantRule]

    public init(
        hugging: LayoutPriority = .defaultLow,
        compressionResistance: LayoutPriority = .defaultHigh,
        minimumSize: Double? = nil,
        maximumSize: Double? = nil,
        fixedSize: Double? = nil,
        maximumCrossSize: Double? = nil,
        className: String? = nil,
        textAlignment: TextAlignment? = nil,
        contentMode: ContentMode? = nil,
        hidesWhenEmpty: Bool = false,
        minimumCharacters: Int? = nil,
        lineLimit: Int? = nil,
        variants: [LayoutVariantRule] = []
    ) {
        self.hugging = hugging
        self.compressionResistance = compressionResistance
        self.minimumSize = minimumSize
        self.maximumSize = maximumSize
        self.fixedSize = fixedSize
        self.maximumCrossSize = maximumCrossSize
        self.className = className
        self.textAlignment = textAlignment
        self.contentMode = contentMode
        self.hidesWhenEmpty = hidesWhenEmpty
        self.minimumCharacters = minimumCharacters
        self.lineLimit = lineLimit
        self.variants = variants
    }
}
