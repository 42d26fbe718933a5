import Layout

/// Import CSV and its preview (issue 22 point 12): a column of blocks at a comfortable
/// measure, buttons that wrap as a group rather than out of the page, and the date order's
/// select beside its button while they fit, under it when they do not. The preview's table
/// keeps its cells whole (rules in app.css, "issue 22 point 12"): on a phone each row is a
/// cell of the list's subtitle style, as the report's are.
extension PageLayouts {
    static let exchangePage = spec {
        try LayoutSpec(
            block: "exchange", stack: LayoutStack(axis: .vertical, spacing: 12, wraps: false),
            variants: [.when(.wideWidth, .maximumWidth(1024))])
    }

    /// The upload form: label, file, error, button, one under the other, never wider than the page.
    static let exchangeForm = spec {
        try LayoutSpec(block: "exchange", container: "exchange__form", stack: LayoutStack(axis: .vertical, spacing: 8, wraps: false))
    }

    /// Import, Upload another file, Cancel: a row that wraps.
    static let exchangeActions = spec {
        try LayoutSpec(block: "exchange", container: "exchange__actions", stack: LayoutStack(axis: .horizontal, spacing: 12))
    }

    /// The confirmation: the choice for matched rows above its button.
    static let exchangeConfirm = spec {
        try LayoutSpec(block: "exchange", container: "exchange__confirm", stack: LayoutStack(axis: .vertical, spacing: 8, wraps: false))
    }

    /// How the file writes its dates: the label, the select and its button, the note.
    static let exchangeDates = spec {
        try LayoutSpec(block: "exchange", container: "exchange__dates", stack: LayoutStack(axis: .vertical, spacing: 8, wraps: false))
    }

    /// The select gives way first (down to a dozen characters), the button never; when both
    /// cannot share a line (a phone, very large text) the button goes under the select.
    static let exchangeDatesRow = spec {
        try LayoutSpec(
            block: "exchange-dates",
            formats: ["H:|-0-[select]-8-[apply]-0-|"],
            slots: [
                "select": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultLow, minimumSize: 160),
                "apply": button,
            ],
            variants: [.always(.wrap)])
    }
}
