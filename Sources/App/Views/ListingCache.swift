import Storage

/// Whole list pages' rows, kept for the store revision they were read at: an unchanged
/// list is served without a query or a row lookup. Any write to the list moves the store
/// to a new revision, and the pages of older revisions are dropped.
final class ListingCache: Sendable {
    struct Key: RevisionKeyed {
        let revision: Int
        let page: Int
        let language: Language
        let editing: Bool
        let filter: ItemQuery
    }

    struct Listing: Sendable {
        let count: Int
        /// `nil` for a search (counted by its index alone).
        let totalValue: Int?
        /// The page shown (the requested one, or the last when it asked past the end).
        let page: Int
        let pageCount: Int
        /// Each row's HTML (UTF-8), in order.
        let rows: [[UInt8]]
        /// How many items wait in Recently Deleted.
        let deletedCount: Int
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
}
