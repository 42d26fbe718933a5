import Foundation

/// What proves an item is the household's and what it cost (issue 24 point 3): who made it,
/// its model, how many of it there are, when, where and for how much it was bought, its
/// warranty, and free notes.
///
/// The item's own value stays what one of it would cost to replace today, in whole dollars;
/// every count and total of the list multiplies it by ``quantity``. The purchase price is
/// what one of it cost then, in cents. Anything not known is empty or `nil`.
public struct ItemOwnership: Sendable, Equatable {
    /// Whether the item has a warranty, and until when.
    public enum Warranty: Sendable, Equatable {
        /// Known to have none ("no warranty").
        case noWarranty
        /// Covered up to and including this day.
        case until(CalendarDate)

        /// The day it ends, if it has one.
        public var endDate: CalendarDate? {
            if case .until(let day) = self { day } else { nil }
        }
    }

    /// The fields, as an import's columns or a history entry name them.
    public enum Field: String, Sendable, CaseIterable {
        case manufacturer, modelNumber, quantity, purchaseDate, purchasePrice, placeBought, warranty, notes
    }

    public var manufacturer: String
    public var modelNumber: String
    /// How many of the item there are: 1…``maxQuantity``.
    public var quantity: Int
    public var purchaseDate: CalendarDate?
    /// What one cost, in cents: 0…``maxPriceCents``.
    public var purchasePriceCents: Int?
    /// The shop, site or person it came from.
    public var placeBought: String
    /// `nil`: not known.
    public var warranty: Warranty?
    /// Plain text of up to ``maxNotesLength`` characters; line breaks are kept.
    public var notes: String

    public init(manufacturer: String = "", modelNumber: String = "", quantity: Int = 1, purchaseDate: CalendarDate? = nil,
                purchasePriceCents: Int? = nil, placeBought: String = "", warranty: Warranty? = nil, notes: String = "") {
        self.manufacturer = manufacturer
        self.modelNumber = modelNumber
        self.quantity = quantity
        self.purchaseDate = purchaseDate
        self.purchasePriceCents = purchasePriceCents
        self.placeBought = placeBought
        self.warranty = warranty
        self.notes = notes
    }

    /// Nothing known, one of it: what every item had before these fields existed.
    public static let blank = ItemOwnership()

    /// Manufacturer, model number and where bought: one line each, at most this many characters.
    public static let maxTextLength = 200
    public static let maxNotesLength = 10_000
    public static let maxQuantity = 1_000_000
    /// $1,000,000,000.00, the most an item's value may be.
    public static let maxPriceCents = 100_000_000_000
    /// The most the value of all of an item's units together may be (value × quantity): the
    /// same bound as one item's value, so totals can never overflow however many items there are.
    public static let maxLineValue = 1_000_000_000

    /// What one field holds, as a history entry records it (a price in cents, a day as
    /// `YYYY-MM-DD`, a warranty as `none` or its last day; "" when not known).
    public func text(of field: Field) -> String {
        switch field {
        case .manufacturer: manufacturer
        case .modelNumber: modelNumber
        case .quantity: String(quantity)
        case .purchaseDate: purchaseDate?.iso ?? ""
        case .purchasePrice: purchasePriceCents.map(String.init) ?? ""
        case .placeBought: placeBought
        case .warranty: warranty.map { $0.endDate?.iso ?? "none" } ?? ""
        case .notes: notes
        }
    }

    /// `self` with `field` as `other` has it.
    public func setting(_ field: Field, from other: ItemOwnership) -> ItemOwnership {
        var copy = self
        switch field {
        case .manufacturer: copy.manufacturer = other.manufacturer
        case .modelNumber: copy.modelNumber = other.modelNumber
        case .quantity: copy.quantity = other.quantity
        case .purchaseDate: copy.purchaseDate = other.purchaseDate
        case .purchasePrice: copy.purchasePriceCents = other.purchasePriceCents
        case .placeBought: copy.placeBought = other.placeBought
        case .warranty: copy.warranty = other.warranty
        case .notes: copy.notes = other.notes
        }
        return copy
    }
}

/// Some of an item's ownership fields, as a file gives them: the columns it has set the
/// item's fields, the others leave them as they are.
public struct OwnershipPatch: Sendable, Equatable {
    public var fields: Set<ItemOwnership.Field>
    public var values: ItemOwnership

    public init(fields: Set<ItemOwnership.Field>, values: ItemOwnership) {
        self.fields = fields
        self.values = values
    }

    /// `current` with the patched fields replaced.
    public func applied(to current: ItemOwnership) -> ItemOwnership {
        fields.reduce(current) { $0.setting($1, from: values) }
    }
}
