import Foundation

/// A possession: the tutorial's `BNRItem`, plus a version for conflict detection.
public struct Item: Sendable, Equatable, Identifiable {
    public var key: UUID
    public var name: String
    public var serialNumber: String
    public var valueInDollars: Int
    public var dateCreated: Date
    /// 1 when created; bumped by every committed edit (not by moves).
    public var version: Int
    /// The ETag of the item's photo, or `nil` when it has none (lets a list show a
    /// thumbnail without loading the bytes).
    public var photoETag: String?
    /// Where it is (``Location``) and its labels (``Label``), by key.
    public var placement: ItemPlacement
    /// Make, model, quantity, purchase, warranty and notes (issue 24).
    public var ownership: ItemOwnership

    public var id: UUID { key }
    public var locationKey: UUID? { placement.locationKey }
    public var labelKeys: [UUID] { placement.labelKeys }

    public init(key: UUID, name: String, serialNumber: String, valueInDollars: Int,
                dateCreated: Date, version: Int = 1, photoETag: String? = nil, placement: ItemPlacement = .nowhere,
                ownership: ItemOwnership = .blank) {
        self.placement = placement
        self.ownership = ownership
        self.key = key
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.dateCreated = dateCreated
        self.version = version
        self.photoETag = photoETag
    }
}

/// The fields of an item a person types: what a dialog's Done saves.
public struct ItemValues: Sendable, Equatable {
    public var name: String
    public var serialNumber: String
    public var valueInDollars: Int
    /// The ownership fields to save (`nil`: as they are; a form without them leaves them alone).
    public var ownership: ItemOwnership?
    /// A new date recorded (`nil`: as it is): between 1900 and now.
    public var dateCreated: Date?

    public init(name: String, serialNumber: String, valueInDollars: Int, ownership: ItemOwnership? = nil, dateCreated: Date? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.ownership = ownership
        self.dateCreated = dateCreated
    }
}
