import Foundation
import Storage

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
///
/// Rows are grouped by what a whole page shares, so a page's hundred rows are found with
/// one lock and small keys.
final class RowCache: Sendable {
    /// What every row of one list page shares.
    struct PageKey: Hashable {
        /// The query string of the list the rows' links return to (page, search, sort, filters).
        let listState: String
        /// The language and the member's settings (text size, currency, default list view…).
        let presentation: Presentation
        let editing: Bool
        /// Edit mode of the list in its own order (↑, ↓ and the handle); not of a sorted or filtered one.
        let reorderable: Bool
        /// The household's high-value threshold the rows were marked by (an owner may change it).
        var valuableThreshold = ItemQuery.defaultValuableThreshold
        /// Select mode: a selection circle before the cell.
        var selecting = false
        /// Rows show their items' locations and labels by name and colour, which a rename or
        /// recolour changes without a new item version.
        var placesRevision = 0
        /// Rows cut into sections by location show no location (the header does), and move
        /// (↑, ↓) within their section.
        var grouping = ItemGrouping.none
    }

    /// What sets one row apart on its page.
    struct RowKey: Hashable {
        let item: UUID
        let version: Int
        let photoETag: String?
        let isFirst: Bool
        let isLast: Bool
    }

    /// Rows by item (a UUID hashes faster than the whole key), each with its whole key.
    private let kept: GroupedCache<PageKey, UUID, (key: RowKey, html: [UInt8])>

    /// - Parameter capacity: rows kept before the cache starts over (1–2 KB each): forty
    ///   pages in each of the list's modes, so memory stays flat however long the server runs.
    init(capacity: Int = 4_000) {
        kept = GroupedCache(capacity: capacity)
    }

    /// Forgets every row.
    func removeAll() { kept.removeAll() }

    /// The cached HTML of each of `rows` (nil where there is none), under one lock.
    func html(for rows: [RowKey], on page: PageKey) -> [[UInt8]?] {
        kept.withValues(in: page) { kept in
            guard let kept else { return Array(repeating: nil, count: rows.count) }
            return rows.map { row in
                guard let found = kept[row.item], found.key == row else { return nil }
                return found.html
            }
        }
    }

    /// Keeps newly rendered rows of `page`; a row replaces its item's older one.
    func keep(_ rows: [(key: RowKey, html: [UInt8])], on page: PageKey) {
        kept.keep(rows, in: page) { $0.key.item }
    }
}
