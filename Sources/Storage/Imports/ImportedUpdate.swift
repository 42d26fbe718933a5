import Foundation

/// A row of an import that matched an item already here (by key, else by serial number) and
/// changes it: the item's new fields, applied only if it is still at the version the preview saw.
public struct ImportedUpdate: Sendable, Equatable {
    public var key: UUID
    public var expectedVersion: Int
    public var name: String
    public var serialNumber: String
    public var valueInDollars: Int
    /// The item's new location and labels, as ``ImportedItem`` names them (`nil`: left as they are).
    public var locationPath: [String]?
    public var labelNames: [String]?
    /// The fields of ``ItemOwnership`` the file has columns for (`nil`: none).
    public var ownership: OwnershipPatch?

    public init(key: UUID, expectedVersion: Int, name: String, serialNumber: String, valueInDollars: Int,
                locationPath: [String]? = nil, labelNames: [String]? = nil, ownership: OwnershipPatch? = nil) {
        self.ownership = ownership
        self.key = key
        self.expectedVersion = expectedVersion
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.locationPath = locationPath
        self.labelNames = labelNames
    }
}

/// What one confirmed import did, and the batch that undoes it (``ItemStore/undoImport(batch:actor:)``).
public struct ImportOutcome: Sendable, Equatable {
    public let batch: UUID
    public let added: [Item]
    public let updated: Int
}

/// What Undo import did: the added items moved to Recently Deleted (as one batch, so the
/// list's Undo brings them back), the updated ones set back to their values before it.
public struct ImportUndo: Sendable, Equatable {
    public let deleted: DeletedBatch
    public let reverted: Int
    /// Items the import changed that were edited again since: left as they are.
    public let keptChanged: Int
}
