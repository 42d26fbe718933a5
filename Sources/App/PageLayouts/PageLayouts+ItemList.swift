import Layout

extension PageLayouts {
    /// The navigation bar: Edit left, the title centred, Add right. The title is squeezed
    /// (ellipsis) before either button; at compact width with very large text the buttons may
    /// wrap rather than overflow.
    static let navigationBar = spec {
        try LayoutSpec(
            block: "nav-bar",
            formats: ["H:|-16-[edit]-8-[title]-8-[add]-16-|", "V:|-6-[edit]-6-|", "V:|-6-[add]-6-|"],
            slots: [
                "edit": button,
                "title": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultLow, textAlignment: .center),
                "add": button,
            ],
            variants: [.when(.compactWidth, .wrap)])
    }

    /// An item row, as the tutorial's cell: under pressure the date is squeezed first, then the
    /// serial, then the name (never below 4 rem); the value with its badge never — it wraps
    /// between amount and badge, or the row wraps, as the last resort at compact width.
    /// Edit-mode controls move onto a line of their own at compact width. At accessibility
    /// text sizes the cell stacks, as UIKit cells do: name, then serial, value and date below.
    static let itemRow = spec {
        try LayoutSpec(
            block: "item-row",
            formats: ["H:|-16-[select]-8-[name(>=64)]-(>=8)-[serial]-8-[value]-8-[date]-8-[controls]-16-|"],
            slots: [
                "select": LayoutSlot(hugging: .required, compressionResistance: .required),
                "name": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultHigh),
                "serial": LayoutSlot(
                    hugging: .defaultHigh, compressionResistance: 500,
                    variants: [.when(.accessibilityContentSize, .stack)]),
                "value": LayoutSlot(
                    hugging: .required, compressionResistance: .required,
                    variants: [.when(.compactWidth, .wrap), .when(.accessibilityContentSize, .stack)]),
                "date": LayoutSlot(
                    hugging: .defaultHigh, compressionResistance: .defaultLow,
                    variants: [.when(.accessibilityContentSize, .stack)]),
                "controls": LayoutSlot(
                    hugging: .required, compressionResistance: .required,
                    variants: [.when(.compactWidth, .stack), .always(.wrap)]),
            ],
            estimatedRowHeight: 60,
            // Rows wrap only as the last resort (very large text): the squeezable slots
            // start at zero width, so only the value and the edit controls can move down.
            variants: [.always(.wrap)])
    }

    /// "No more items!": a default-height (44 pt) row.
    static let fixedRow = spec {
        try LayoutSpec(block: "item-row", container: "item-row--fixed", estimatedRowHeight: 44)
    }

    /// The ↑ ↓, move-to and Delete controls of a row in edit mode, wrapping when narrow.
    static let itemRowControls = spec {
        try LayoutSpec(block: "item-row", container: "item-row__controls", stack: LayoutStack(axis: .horizontal))
    }

    static let itemList = spec {
        try LayoutSpec(block: "item-list", stack: LayoutStack(axis: .vertical, spacing: 0, wraps: false))
    }

    /// Previous / next page links.
    static let pager = spec {
        try LayoutSpec(block: "pager", stack: LayoutStack(axis: .horizontal, spacing: 16))
    }

    /// A bar button: never squeezed, never stretched.
    static let button = LayoutSlot(hugging: .required, compressionResistance: .required)
}
