import Foundation

/// What shows a list of photos: a listed item, a dialog's draft, or an item in Recently Deleted.
/// Each keeps its cover (the first photo) in its own row's `photo_etag` as well.
enum PhotoHolder: Sendable, Equatable {
    case item(UUID)
    case draft(UUID)
    case deleted(UUID)

    /// The `photo_uses.holder` value.
    var kind: String {
        switch self {
        case .item: "item"
        case .draft: "draft"
        case .deleted: "deleted"
        }
    }

    var key: UUID {
        switch self {
        case .item(let key), .draft(let key), .deleted(let key): key
        }
    }

    /// The holder's own row: its table and the column that names it.
    var row: (table: String, keyColumn: String) {
        switch self {
        case .item: ("items", "key")
        case .draft: ("drafts", "id")
        case .deleted: ("deleted_items", "key")
        }
    }
}
