import Foundation
import Storage

/// The dialog's ownership fields and date recorded on their way to the store (issue 24).
extension DetailController {
    /// The fields to save: `clean`'s, with the date recorded as the day typed makes it (kept to
    /// the second when it is the day the dialog showed, see ``OwnershipForm/dateCreated(for:stored:timeZone:now:)``).
    func values(_ clean: ItemForm.Clean, storedDate: Date) -> ItemValues {
        var values = clean.fields
        values.dateCreated = OwnershipForm.dateCreated(for: clean.ownership?.dateRecorded, stored: storedDate,
                                                       timeZone: renderer.formatters.timeZone, now: Date())
        return values
    }

    /// The field messages of a store refusal of an ownership field (the form checks first, so
    /// this is for what only the store can see, as a value too large for the quantity kept),
    /// or `nil` for any other refusal.
    static func ownershipErrors(_ error: StoreError) -> ItemForm.Errors? {
        guard case .invalidField(let field, _) = error else { return nil }
        var errors = ItemForm.Errors()
        switch field {
        case .manufacturer: errors.ownership.manufacturer = "errorManufacturerLong"
        case .modelNumber: errors.ownership.modelNumber = "errorModelLong"
        case .placeBought: errors.ownership.placeBought = "errorPlaceBoughtLong"
        case .quantity: errors.ownership.quantity = "errorQuantityValue"
        case .purchaseDate: errors.ownership.purchaseDate = "errorPurchaseDate"
        case .purchasePrice: errors.ownership.purchasePrice = "errorPriceNumber"
        case .warranty: errors.ownership.warranty = "errorWarrantyDate"
        case .notes: errors.ownership.notes = "errorNotesLong"
        case .dateCreated: errors.ownership.dateRecorded = "errorDateRecorded"
        case .name, .serialNumber, .valueInDollars: return nil
        }
        return errors
    }
}
