import Foundation
import Synchronization

/// Rendered list rows, reused while nothing they show has changed — the web's cell reuse
/// (DESIGN.md: row fragments cached by item, version, locale and mode).
///
/// Only view-mode rows are kept: edit-mode rows carry the browser's CSRF token. A row's
/// HTML depends on the item (its version covers every field), its photo, its position
/// (shown, and deciding the page its link returns to) and the language.
final class RowCache: Sendable {
    struct Key: Hashable {
        let item: UUID
        let version: Int
        let photoETag: String?
        let position: Int
        let language: Language
    }

    private let entries = Mutex<[Key: String]>([:])
    private let capacity: Int

    /// - Parameter capacity: rows kept before the cache starts over (about 1 KB each).
    init(capacity: Int = 20_000) {
        self.capacity = capacity
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
