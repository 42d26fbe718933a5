import Layout

/// Homepwner's screens in Auto Layout terms, compiled once into the layout stylesheet the
/// App serves at `/assets/<fileName>` with a long cache.
///
/// The templates use exactly the class names of the specs (`<block>__<slot>`); the look —
/// colours, type, the spacing scale — lives in hand-written CSS in `Public/`, the layout here.
///
/// A class that is both a slot of one spec and the container of another (`.detail__photo`,
/// `.item-row__controls`) is listed as a container first, so the slot rule — its place in
/// the parent row — comes later and wins where the two overlap (margins, min-width).
public enum PageLayouts {
    /// Every spec, in stylesheet order.
    public static let specs: [LayoutSpec] = [page, navigationBar, itemRowReorder, itemRow, itemColumnHeaders]
        + [itemCellBody, itemCellTitle, itemCellSubtitle, itemCellStacked, itemCellLine, fixedRow, itemList, pager]
        + [field, detailFields, detailBar, detailPhoto, detailToolbar, detailSheet]
        // Issue 22 point 12: import, import preview, report.
        + [exchangePage, exchangeForm, exchangeActions, exchangeConfirm, exchangeDates, exchangeDatesRow, reportBar, reportPage]

    /// The generated stylesheet; `stylesheet.fileName` is its content-hashed name.
    public static let stylesheet = LayoutStylesheet(specs)

    /// Builds a spec from literals; a bad literal is a programming error caught by the first
    /// test or launch, with the parser's message and position.
    static func spec(_ build: () throws -> LayoutSpec) -> LayoutSpec {
        do {
            return try build()
        } catch {
            preconditionFailure("Invalid page layout: \(error)")
        }
    }

    /// `<body class="page">`: the bar over the content.
    static let page = spec { try LayoutSpec(block: "page", stack: LayoutStack(axis: .vertical, spacing: 0, wraps: false)) }
}
