import Layout

extension PageLayouts {
    /// The navigation bar: Edit and Select left, the title centred, the member's menu (Settings,
    /// Account…) and Add right. The title gives way before any button but keeps its word; with
    /// very large text on a narrow screen it moves onto a line of its own under the buttons, as
    /// iOS's large titles do.
    static let navigationBar = spec {
        try LayoutSpec(
            block: "nav-bar",
            formats: ["H:|-16-[edit]-8-[select]-8-[title]-8-[menu]-8-[add]-16-|", "V:|-6-[edit]-6-|", "V:|-6-[select]-6-|",
                      "V:|-6-[menu]-6-|", "V:|-6-[add]-6-|"],
            slots: [
                "edit": button,
                "select": button,
                "menu": button,
                "title": LayoutSlot(
                    hugging: .defaultLow, compressionResistance: .defaultLow, textAlignment: .center,
                    minimumCharacters: 9, variants: [.when(.accessibilityContentSize, .stack)]),
                "add": button,
            ],
            variants: [.when(.compactWidth, .wrap)])
    }

    /// A list row: the cell, and outside edit and Select mode the member's star after it; in edit
    /// mode the delete control before it and the reorder controls after it, or the Delete it slid
    /// in once the minus was tapped; in Select mode the selection circle before it (UITableView's
    /// editing accessories).
    static let itemRow = spec {
        try LayoutSpec(
            block: "item-row",
            formats: ["H:|-0-[select]-0-[delete]-0-[cell]-0-[star]-0-[confirm]-0-[reorder]-0-|"],
            slots: [
                "select": editingAccessory,
                "delete": editingAccessory,
                // The member's own star (issue 26), a 44 pt target at the row's end, outside the cell's link.
                "star": LayoutSlot(hugging: .required, compressionResistance: .required, fixedSize: 44),
                "confirm": LayoutSlot(hugging: .required, compressionResistance: .required),
                // At an accessibility text size the accessories take a line of their own above
                // the cell, as a UIKit cell does, so the name keeps its width.
                "cell": LayoutSlot(
                    hugging: .defaultLow, compressionResistance: .defaultLow,
                    variants: [.when(.accessibilityContentSize, .stack)]),
                // ↑ ↓ and the handle on wider screens, the handle alone on a phone held upright.
                "reorder": LayoutSlot(hugging: .required, compressionResistance: .required, variants: [.when(.wideWidth, .fixedSize(132))]),
            ],
            estimatedRowHeight: 60)
    }

    /// The cell on one line (regular width): thumbnail, name, serial, value, badge, date. The
    /// date gives way first, then the serial, each down to three characters and an ellipsis,
    /// then the name; the value and its badge never. On a wide screen the columns have fixed
    /// widths, so they line up under the column headers.
    static let itemCellLine = spec {
        try LayoutSpec(
            block: "item-cell",
            formats: ["H:|-16-[thumb(44)]-12-[name(>=48)]-(>=8)-[serial]-8-[value]-6-[badge]-8-[date]-16-|"],
            slots: [
                "thumb": LayoutSlot(hugging: .required, compressionResistance: .required),
                "name": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultHigh, minimumCharacters: 3),
                "serial": LayoutSlot(
                    hugging: .defaultHigh, compressionResistance: 500, minimumCharacters: 3,
                    variants: [.when(.wideWidth, .fixedSize(160))]),
                "value": LayoutSlot(
                    hugging: .required, compressionResistance: .required, textAlignment: .trailing,
                    variants: [.when(.wideWidth, .fixedSize(128))]),
                // The high-value mark: a 10 pt diamond, its words for screen readers only.
                "badge": LayoutSlot(
                    hugging: .required, compressionResistance: .required,
                    variants: [.when(.wideWidth, .fixedSize(24))]),
                "date": LayoutSlot(
                    hugging: .defaultHigh, compressionResistance: .defaultLow, textAlignment: .trailing,
                    minimumCharacters: 3, variants: [.when(.wideWidth, .fixedSize(120))]),
            ],
            condition: .regularWidth,
            passThrough: ["item-cell__body", "item-cell__title", "item-cell__subtitle"])
    }

    /// The cell on two lines (compact width), iOS's subtitle style: thumbnail, then the
    /// name (up to two lines) with the value on the right, and the serial and date in
    /// secondary text under it, the badge on the right.
    static let itemCellStacked = spec {
        try LayoutSpec(
            block: "item-cell",
            formats: ["H:|-16-[thumb(44)]-12-[body]-16-|"],
            slots: [
                "thumb": LayoutSlot(hugging: .required, compressionResistance: .required),
                "body": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultLow),
            ],
            condition: .compactWidth)
    }

    static let itemCellBody = spec {
        try LayoutSpec(
            block: "item-cell", container: "item-cell__body",
            stack: LayoutStack(axis: .vertical, spacing: 2, wraps: false), condition: .compactWidth)
    }

    static let itemCellTitle = spec {
        try LayoutSpec(
            block: "item-cell", container: "item-cell__title",
            formats: ["H:|-0-[name]-8-[value]-0-|"],
            slots: [
                "name": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultHigh, minimumCharacters: 3, lineLimit: 2),
                "value": LayoutSlot(hugging: .required, compressionResistance: .required),
            ],
            // When even the shortest name does not fit beside the value (very large text, a row
            // asking to confirm a delete), the value goes under the name rather than out of view.
            variants: [.always(.wrap)],
            condition: .compactWidth)
    }

    static let itemCellSubtitle = spec {
        try LayoutSpec(
            block: "item-cell", container: "item-cell__subtitle",
            formats: ["H:|-0-[serial]-8-[date]-(>=8)-[badge]-0-|"],
            slots: [
                // At an accessibility text size the date takes a line of its own, whole, and a
                // long serial wraps (anywhere: serials have no words) rather than truncates.
                "serial": LayoutSlot(
                    hugging: .defaultHigh, compressionResistance: 500, hidesWhenEmpty: true, minimumCharacters: 3,
                    variants: [.when(.accessibilityContentSize, .wrap)]),
                "date": LayoutSlot(
                    hugging: .defaultLow, compressionResistance: .defaultLow, minimumCharacters: 3,
                    variants: [.when(.accessibilityContentSize, .stack)]),
                "badge": LayoutSlot(hugging: .required, compressionResistance: .required, hidesWhenEmpty: true),
            ],
            variants: [.always(.wrap)],
            condition: .compactWidth)
    }

    /// "No more items!": a default-height (44 pt) row.
    static let fixedRow = spec {
        try LayoutSpec(block: "item-row", container: "item-row--fixed", estimatedRowHeight: 44)
    }

    /// ↑, ↓ and the handle of a row in edit mode; on a phone held upright the handle alone
    /// (↑ and ↓ are on the Move page it leads to), so a row keeps to two lines.
    static let itemRowReorder = spec {
        try LayoutSpec(
            block: "item-row", container: "item-row__reorder",
            formats: ["H:|-0-[up(44)]-0-[down(44)]-0-[handle(44)]-0-|"],
            slots: [
                "up": LayoutSlot(variants: [.when(.compactWidth, .hide)]),
                "down": LayoutSlot(variants: [.when(.compactWidth, .hide)]),
                "handle": LayoutSlot(),
            ])
    }

    /// The list, and its column headers, at most 64 rem wide on a wide screen.
    static let itemList = spec {
        try LayoutSpec(
            block: "item-list", stack: LayoutStack(axis: .vertical, spacing: 0, wraps: false),
            variants: [.when(.wideWidth, .maximumWidth(1024))])
    }

    /// The column headers: a row of the list's own shape, above it on wide screens only.
    static let itemColumnHeaders = spec {
        try LayoutSpec(
            block: "item-row", container: "item-row--header",
            variants: [.when(.wideWidth, .maximumWidth(1024)), .when(SizeClassCondition(wide: false), .hide)])
    }

    /// Previous / next page links.
    static let pager = spec {
        try LayoutSpec(block: "pager", stack: LayoutStack(axis: .horizontal, spacing: 16))
    }

    /// A bar button: never squeezed, never stretched.
    static let button = LayoutSlot(hugging: .required, compressionResistance: .required)

    /// A control beside the cell in edit mode: a 44 pt target, never squeezed.
    static let editingAccessory = LayoutSlot(hugging: .required, compressionResistance: .required, fixedSize: 44)
}
