import Layout

/// The insurance report's screen chrome (issue 22 point 12): the bar's Back and Print never
/// squeezed, the hint giving way (wrapping at words) before them. The table's columns are
/// sized in app.css ("issue 22 point 12"): headers and serial numbers on one line, the name
/// column wrapping at words only.
extension PageLayouts {
    static let reportBar = spec {
        try LayoutSpec(
            block: "report-bar",
            formats: ["H:|-16-[back]-12-[print]-12-[hint]-16-|"],
            slots: [
                "back": LayoutSlot(hugging: .required, compressionResistance: .required, className: "report-bar__back"),
                "print": button,
                "hint": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultLow, minimumCharacters: 12,
                                   variants: [.always(.stack)]),
            ],
            variants: [.always(.wrap)])
    }

    /// The report's page: its header and table at most 64 rem wide on a wide screen.
    static let reportPage = spec {
        try LayoutSpec(
            block: "report", container: "report__page", stack: LayoutStack(axis: .vertical, spacing: 0, wraps: false),
            variants: [.when(.wideWidth, .maximumWidth(1024))])
    }
}
