/// One region of a page described in Auto Layout terms: a container element, the named
/// slots inside it as a visual format string, their priorities and their size-class variants.
///
/// The first format is the main axis; further formats are on the other axis and name one
/// view each (`H:|-0-[photo]-0-|` in a vertical container). Every slot is found by the class
/// `<block>__<name>` unless ``LayoutSlot/className`` says otherwise; the container by
/// `container` (default: `block`).
///
/// ```swift
/// let row = try LayoutSpec(
///     block: "item-row",
///     formats: ["H:|-16-[name(>=64)]-(>=8)-[serial]-8-[value]-8-[date]-16-|"],
///     slots: [
///         "date": LayoutSlot(compressionResistance: .defaultLow),
///         "value": LayoutSlot(hugging: .required, compressionResistance: .required),
///     ],
///     estimatedRowHeight: 60)
/// ```
public struct LayoutSpec: Sendable, Hashable {
    /// The BEM block the slot classes belong to.
    public let block: String
    /// The class of the container element.
    public let container: String
    /// The format along the container's main axis, if the container has named slots.
    public let main: VisualFormat?
    /// Cross-axis formats, one view each.
    public let cross: [VisualFormat]
    public let slots: [String: LayoutSlot]
    /// A uniform stack of unnamed children, for containers without a format.
    public let stack: LayoutStack?
    /// Self-sizing rows' estimate, in points: the row's minimum height and its intrinsic size
    /// while `content-visibility: auto` skips it.
    public let estimatedRowHeight: Double?
    /// The class of the full-viewport backdrop this container is presented over, if modal.
    public let backdrop: String?
    public let variants: [LayoutVariantRule]
    /// The size classes this spec lays out (every rule is conditional on them): another spec
    /// may lay the same container out in the others, as UIKit swaps constraint sets.
    public let condition: SizeClassCondition
    /// Classes of wrapper elements between the container and its slots that this spec sees
    /// through (`display: contents`, slots ordered by the format): the same markup can group
    /// slots into lines in one size class and line them up in a single row in another.
    public let passThrough: [String]

    /// - Throws: ``LayoutSpecError`` for a bad format string (with its position), a slot no
    ///   format names, or an unsupported combination.
    public init(
        block: String,
        container: String? = nil,
        formats: [String] = [],
        slots: [String: LayoutSlot] = [:],
        stack: LayoutStack? = nil,
        estimatedRowHeight: Double? = nil,
        backdrop: String? = nil,
        variants: [LayoutVariantRule] = [],
        condition: SizeClassCondition = .any,
        passThrough: [String] = []
    ) throws(LayoutSpecError) {
        var parsed: [VisualFormat] = []
        for text in formats {
            do { parsed.append(try VisualFormat(text)) } catch { throw .format(error) }
        }
        let main = parsed.first
        let cross = Array(parsed.dropFirst())
        for format in cross {
            guard format.axis != main?.axis else {
                throw .unsupportedFormat(format.source, reason: "only the first format may run along the main axis (\(format.axis.rawValue):)")
            }
            guard format.views.count == 1 else {
                throw .unsupportedFormat(format.source, reason: "a cross-axis format names exactly one view")
            }
            guard main?.views.contains(where: { $0.name == format.views[0].name }) == true else {
                throw .unsupportedFormat(format.source, reason: "view '\(format.views[0].name)' is not in the main format")
            }
        }
        if main != nil, stack != nil {
            throw .invalid("A spec has either formats or a stack, not both (.\(container ?? block))")
        }
        let names = Set(main?.views.map(\.name) ?? [])
        for name in slots.keys.sorted() where !names.contains(name) {
            throw .unknownSlot(name, container: container ?? block)
        }
        // Each level of compression resistance weighs 10,000 times the one below (see
        // PriorityLevels): beyond this many, weights overflow what browsers keep (a float).
        let levels = Set(names.map { slots[$0]?.compressionResistance ?? LayoutSlot().compressionResistance })
            .filter { $0 < .required }
        guard levels.count <= PriorityLevels.maxLevels else {
            throw .invalid(
                "More than \(PriorityLevels.maxLevels) distinct compression resistances below required "
                    + "in .\(container ?? block) (\(levels.count))")
        }
        for identifier in [block, container ?? block, backdrop ?? block] + slots.values.compactMap(\.className) + passThrough
        where !CSSIdentifier.isValid(identifier) {
            throw .invalid("'\(identifier)' is not a CSS class name")
        }
        self.block = block
        self.container = container ?? block
        self.main = main
        self.cross = cross
        self.slots = slots
        self.stack = stack
        self.estimatedRowHeight = estimatedRowHeight
        self.backdrop = backdrop
        self.variants = variants
        self.condition = condition
        self.passThrough = passThrough
    }

    /// The slot for a view name, defaulted if the spec does not configure it.
    public func slot(_ name: String) -> LayoutSlot {
        slots[name] ?? LayoutSlot()
    }

    /// The class name the template puts on the element of a view.
    public func className(of name: String) -> String {
        slot(name).className ?? "\(block)__\(name)"
    }
}
