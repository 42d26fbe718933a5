import Foundation

/// One row of an import, checked by the caller: what the new item will hold.
public struct ImportedItem: Sendable, Equatable {
    /// The key the file gave (our own export's), kept when no item or deleted item has it.
    public var key: UUID?
    public var name: String
    public var serialNumber: String
    public var valueInDollars: Int
    /// When the file says the item was recorded; `nil` for now.
    public var dateCreated: Date?
    /// Where it is, by names from the top-level location down (created when missing); empty
    /// for no location, `nil` when the file has no Location column.
    public var locationPath: [String]?
    /// Its labels by name (created when missing); `nil` when the file has no Labels column.
    public var labelNames: [String]?
    /// Its make, quantity, purchase, warranty and notes, as far as the file has columns for them.
    public var ownership: OwnershipPatch?

    public init(key: UUID? = nil, name: String, serialNumber: String, valueInDollars: Int, dateCreated: Date? = nil,
                locationPath: [String]? = nil, labelNames: [String]? = nil, ownership: OwnershipPatch? = nil) {
        self.ownership = ownership
        self.key = key
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.dateCreated = dateCreated
        self.locationPath = locationPath
        self.labelNames = labelNames
    }
}

/// An uploaded file waiting for its preview to be confirmed.
public struct PendingImport: Sendable, Equatable {
    public let id: UUID
    public let createdAt: Date
    public let accountID: Int64?
    public let fileName: String
    public let bytes: [UInt8]
}
