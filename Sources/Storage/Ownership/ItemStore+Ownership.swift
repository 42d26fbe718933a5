import Foundation

extension ItemStore {
    /// Checks what a dialog or the API sets besides name, serial and value, before anything
    /// is written (`nil`: not being set).
    ///
    /// - Throws: ``StoreError/invalidField(field:reason:)``.
    static func validate(ownership: ItemOwnership?, dateCreated: Date?, valueInDollars: Int, now: Date) throws {
        try ownership?.validate(valueInDollars: valueInDollars, now: now)
        if let dateCreated { try ItemOwnership.validate(dateRecorded: dateCreated, now: now) }
    }

    /// The history entries of an edit of the ownership fields and the date recorded: one per
    /// changed field, as ``ItemOwnership/text(of:)`` writes it (a day as `YYYY-MM-DD`), the
    /// date recorded as an ISO 8601 moment.
    static func recordOwnershipChanges(from old: Item, to new: Item, actor: Actor, at now: Date, _ db: Database) throws {
        for field in ItemOwnership.Field.allCases {
            let before = old.ownership.text(of: field), after = new.ownership.text(of: field)
            guard before != after else { continue }
            try record(.updated, item: new.key, actor: actor, at: now, field: historyField(field), old: before, new: after, db)
        }
        if old.dateCreated != new.dateCreated {
            // As moments (ISO 8601, UTC): the page shows them as days in its own time zone.
            try record(.updated, item: new.key, actor: actor, at: now, field: .dateCreated,
                       old: old.dateCreated.formatted(.iso8601), new: new.dateCreated.formatted(.iso8601), db)
        }
    }

    static func historyField(_ field: ItemOwnership.Field) -> HistoryEntry.Field {
        switch field {
        case .manufacturer: .manufacturer
        case .modelNumber: .modelNumber
        case .quantity: .quantity
        case .purchaseDate: .purchaseDate
        case .purchasePrice: .purchasePrice
        case .placeBought: .placeBought
        case .warranty: .warranty
        case .notes: .notes
        }
    }
}
