/// The logical CSS property names for one axis, so one compiler serves `H:` and `V:`.
struct CSSAxisNames {
    let direction: String
    let size: String
    let minSize: String
    let maxSize: String
    let marginStart: String
    let marginEnd: String
    let paddingStart: String
    let paddingEnd: String
}

extension LayoutAxis {
    var css: CSSAxisNames {
        switch self {
        case .horizontal:
            CSSAxisNames(
                direction: "row", size: "width", minSize: "min-width", maxSize: "max-width",
                marginStart: "margin-inline-start", marginEnd: "margin-inline-end",
                paddingStart: "padding-inline-start", paddingEnd: "padding-inline-end")
        case .vertical:
            CSSAxisNames(
                direction: "column", size: "height", minSize: "min-height", maxSize: "max-height",
                marginStart: "margin-block-start", marginEnd: "margin-block-end",
                paddingStart: "padding-block-start", paddingEnd: "padding-block-end")
        }
    }
}
