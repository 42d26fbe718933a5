import Foundation
import Storage

/// Whole list pages' rows, kept for the store revision they were read at: an unchanged
/// list is served without a query or a row lookup. Any write to the list moves the store
/// to a new revision; until the first page of it is kept, the pages of the revision before
/// stay, for an edit's Done to update (`older(_:)`), and are then dropped.
final class ListingCache: Sendable {
    struct Key: RevisionKeyed {
        let revision: Int
        let page: Int
        /// The language and the member's settings (text size, currency, default list view…).
        let presentation: Presentation
        let editing: Bool
        let filter: ItemQuery
        /// The household's high-value threshold: it marks rows and is what the filter keeps.
        var valuableThreshold = ItemQuery.defaultValuableThreshold
        /// Select mode's rows (selection circles) differ from edit mode's and the list's.
        var selecting = false
        /// How the page is cut into sections (their headers and index are part of its rows).
        var grouping = ItemGrouping.none
        /// Rows show their items' locations and labels by name (see `ItemStore.placesRevision`).
        var placesRevision = 0

        func at(revision: Int) -> Key {
            Key(revision: revision, page: page, presentation: presentation, editing: editing, filter: filter,
                valuableThreshold: valuableThreshold, selecting: selecting, grouping: grouping, placesRevision: placesRevision)
        }
    }

    struct Listing: Sendable {
        let count: Int
        /// `nil` for a search (counted by its index alone).
        let totalValue: Int?
        /// The page shown (the requested one, or the last when it asked past the end).
        let page: Int
        let pageCount: Int
        /// Each row's HTML (UTF-8), in order, and the key of its item. A sectioned page's rows
        /// are its headers and rows, and its keys its items', in order, not one for one.
        let rows: [[UInt8]]
        let keys: [UUID]
        /// How many items wait in Recently Deleted.
        let deletedCount: Int
        /// Cut into sections (`rows` are items and their sections' headers): never updated row
        /// by row; with the section index that goes before the list.
        var sectioned = false
        var sectionIndex: [UInt8] = []
        /// How many things the page's selection holds, each item counted by its quantity (issue 24):
        /// what the summary says; `count` (rows) cuts the pages. `nil` with `totalValue`.
        var units: Int?
    }

    private let kept: RevisionCache<Key, Listing>

    /// - Parameter capacity: pages kept for one revision (about 50 KB each).
    init(capacity: Int = 256) {
        kept = RevisionCache(capacity: capacity)
    }

    /// Forgets every page.
    func removeAll() { kept.removeAll() }

    func listing(for key: Key) -> Listing? { kept.value(for: key) }

    func keep(_ listing: Listing, for key: Key) { kept.keep(listing, for: key) }

    /// The same page kept for an older revision, with that revision: what a write that changed
    /// only some items' fields turns into the page of `key` (see `ItemStore.fieldChanges`).
    func older(_ key: Key) -> (revision: Int, listing: Listing)? {
        guard let revision = kept.revision, revision < key.revision,
              let listing = kept.value(for: key.at(revision: revision)) else { return nil }
        return (revision, listing)
    }
}
