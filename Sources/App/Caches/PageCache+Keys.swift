import Foundation
import Mustache
import Storage

/// What the page cache keeps its frames and sheets' dialogs under, and the text that fills
/// a frame's holes.
extension PageCache {
    /// A list page as it looks at any revision of the store with the same shape: the same
    /// page of the same list, for the same role and language, with as many pages, and rows
    /// or none, deleted items or none, a sheet over it or not. What else changes with the
    /// data — the rows, the summary, the counts, the sheet — are holes, so a write costs the
    /// frame no render.
    struct FrameKey: Hashable, Sendable {
        let page: Int
        /// The language and the member's settings (text size, currency, default list view…).
        let presentation: Presentation
        let editing: Bool
        let filter: ItemQuery
        let role: Account.Role?
        let pageCount: Int
        let hasRows: Bool
        let hasDeleted: Bool
        /// The household's high-value threshold, in the legend and the filter's label.
        let valuableThreshold: Int
        var sheet = false
        /// Select mode (its own rows and bar), apart from edit mode.
        var selecting = false
        /// Sections or one list, and the grouping menu's choice.
        var grouping = ItemGrouping.none
        /// A page of one location or label names it (a rename changes the page).
        var placesRevision = 0
    }

    /// Everything an item's sheet shows, so its rendering is kept until one of them changes
    /// (a write to another item changes none of them).
    struct DialogKey: Hashable, Sendable {
        let item: UUID
        let version: Int
        let photoETag: String?
        /// The list it returns to (its links and forms carry it).
        let listState: String
        /// The language and the member's settings (text size, currency, default list view…).
        let presentation: Presentation
        let role: Account.Role?
        /// The history entries shown (entries are only ever added), and its page links.
        let history: [Int64]
        let hasOlderHistory: Bool
        let isFirstHistoryPage: Bool
        /// Its Location and Labels offer every location and label by name.
        var placesRevision = 0
    }

    /// A page's text that changes with the data, for its frame's holes.
    struct Texts: Sendable {
        var summary = ""
        var count = ""
        var deletedCount = ""
        /// The sheet's title, first in the page's `<title>`.
        var dialogTitle = ""

        /// As the list template names them (the dialog's title is the dialog's own).
        var values: [String: MustacheValue] {
            ["summary": .string(summary), "count": .string(count), "deletedCount": .string(deletedCount)]
        }
    }
}
