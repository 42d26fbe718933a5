/// How a slot or a whole spec changes in some size classes, like a trait-dependent
/// constraint set in UIKit.
public enum LayoutVariant: Sendable, Hashable {
    /// On a container: lay the slots out one under the other. On a slot: put it on a line of
    /// its own, under the slots before it (the container wraps).
    case stack
    /// Not shown and takes no room (`display: none`).
    case hide
    /// Shown dimmed and inert: no pointer events, and the form controls inside become
    /// `visibility: hidden`, which also takes them out of the tab order. Put it on a wrapper
    /// (e.g. the `<label>` around a file input) so the wrapper stays visible.
    case disable
    /// On a container: let the slots wrap onto more lines. On a slot: let its text wrap onto
    /// more lines instead of being truncated (a required slot wraps as the very last resort).
    case wrap
    /// On a container with a backdrop: how it is presented over the page.
    case present(ModalPresentation)
    /// On a slot: exactly this many points along the main axis, text ellipsised — a column
    /// that lines up across rows.
    case fixedSize(Double)
    /// On a container: at most this many points wide, centred — a comfortable measure on a
    /// wide screen.
    case maximumWidth(Double)
}
