/// How a modal container is shown over the page, as `UIModalPresentationStyle`.
public enum ModalPresentation: Sendable, Hashable {
    /// Centred over the dimmed page, at most `maxWidth` points wide, rounded corners, as tall as
    /// its content up to the viewport, scrolling inside.
    case formSheet(maxWidth: Double)
    /// The whole viewport, no corners; scrolls inside.
    case fullScreen
}
