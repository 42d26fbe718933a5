import Foundation

/// One committed write to the list, as open pages learn of it (issue 25 point 4): its revision
/// and what it did to which items, in the words of the history entries it recorded. "Ann added
/// Digital camera" is its entries read aloud; a list redoes the rows of ``itemKeys`` in place
/// when ``fieldsOnly``, else reads its page again.
public struct StoreChange: Sendable, Equatable {
    /// ``ItemStore/revision`` once this write was committed.
    public let revision: Int
    /// Only the fields of existing items changed (an edit's Done): which items are listed,
    /// their order and their count are as they were.
    public let fieldsOnly: Bool
    /// The history entries the write recorded, oldest first; at most
    /// ``ChangeFeed/maxEntriesPerChange`` of them.
    public let entries: [HistoryEntry]
    /// The write recorded more entries than ``entries`` holds (an import, a bulk move).
    public let truncated: Bool
    /// How many items the write's entries were about, all of them (not only ``entries``').
    public let itemCount: Int

    public init(revision: Int, fieldsOnly: Bool, entries: [HistoryEntry], truncated: Bool, itemCount: Int? = nil) {
        self.revision = revision
        self.fieldsOnly = fieldsOnly
        self.entries = entries
        self.truncated = truncated
        self.itemCount = itemCount ?? Set(entries.map(\.itemKey)).count
    }

    /// The items the entries are about, each once, in the order first named.
    public var itemKeys: [UUID] {
        var seen = Set<UUID>()
        return entries.map(\.itemKey).filter { seen.insert($0).inserted }
    }
}
