import Foundation
import Synchronization

/// Rendered list rows, reused while nothing they show has changed — the web's cell reuse
/// (DESIGN.md: row fragments cached by item, version, locale and mode).
///
/// A row's HTML depends on the item (its version covers every field), its photo, the page
/// it is on (its link returns there), the language and the mode; in edit mode also on
/// whether it is the very first or last row (↑ or ↓ is disabled there). Not on its
/// position: a move re-renders the moved row, not every row it passes (scripts read
/// positions from the list). Rows carry no per-browser token: edit-mode buttons submit the
/// page's one `row-actions` form. Rows with a state of their own (focused, asking to
/// confirm a delete) are not kept.
final class RowCache: Sendable {
    struct Key: Hashable {
        let item: UUID
        let version: Int
        let photoETag: String?
        /// The query string of the list the row's link returns to (page, search, sort, filters).
        let listState: String
        let language: Language
        let editing: Bool
        /// Edit mode of the list in its own order (↑, ↓ and the handle); not of a sorted or filtered one.
        let reorderable: Bool
        let isFirst: Bool
        let isLast: Bool
    }

    private let entries = Mutex<[Key: String]>([:])
    private let capacity: Int

    /// - Parameter capacity: rows kept before the cache starts over (about 1 KB each).
    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// Forgets every row.
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// The cached HTML for `key`, or what `render` makes (then kept).
    func html(for key: Key, render: () throws -> String) rethrows -> String {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let html = try render()
        entries.withLock { entries in
            // Stale versions are never asked for again; starting over bounds them simply.
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = html
        }
        return html
    }
}
