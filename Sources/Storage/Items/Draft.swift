import Foundation

/// The pending state of the modal detail page: a new item, or an edit of an existing one.
///
/// Drafts live in their own table and never appear in the item list. Committing one
/// applies it in one transaction; cancelling it leaves the store as it was.
public struct Draft: Sendable, Equatable {
    public var id: UUID
    /// The key the item has (edit) or will have (new).
    public var itemKey: UUID
    public var isNew: Bool
    public var name: String
    public var serialNumber: String
    public var valueInDollars: Int
    public var dateCreated: Date
    /// The item's version when the edit began; `nil` for a new item.
    public var baseVersion: Int?
    /// The ETag of the cover photo the item will have on commit, or `nil` for none.
    public var photoETag: String?
    /// All the photos the item will have on commit, cover first.
    public var photoETags: [String] = []
    public var updatedAt: Date
    /// The location and labels the item will have on commit.
    public var placement: ItemPlacement = .nowhere
    /// The ownership fields the item will have on commit (issue 24).
    public var ownership: ItemOwnership = .blank

    public init(id: UUID, itemKey: UUID, isNew: Bool, name: String, serialNumber: String,
                valueInDollars: Int, dateCreated: Date, baseVersion: Int?, photoETag: String?,
                updatedAt: Date) {
        self.id = id
        self.itemKey = itemKey
        self.isNew = isNew
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.dateCreated = dateCreated
        self.baseVersion = baseVersion
        self.photoETag = photoETag
        self.photoETags = photoETag.map { [$0] } ?? []
        self.updatedAt = updatedAt
    }
}
