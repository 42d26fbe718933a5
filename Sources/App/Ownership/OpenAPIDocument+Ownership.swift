import Foundation
import Storage

/// The document's part for issue 24's fields: what an item answers with, and what a create or
/// an update may send (every member optional; absent: as it is, or nothing known for a new item).
extension OpenAPIDocument {
    /// The members every item carries, each in ``Item``'s `required`.
    static var itemOwnershipResponse: JSON {
        [
            "manufacturer": ["type": "string"],
            "modelNumber": ["type": "string"],
            "quantity": ["type": "integer", "minimum": 1, "maximum": ItemOwnership.maxQuantity,
                         "description": "How many of it there are; `valueInDollars` is for one, totals count them all"],
            "purchaseDate": ["type": ["string", "null"], "format": "date"],
            "purchasePriceCents": ["type": ["integer", "null"], "minimum": 0, "maximum": ItemOwnership.maxPriceCents,
                                   "description": "What one cost when bought, in cents"],
            "placeBought": ["type": "string"],
            "warrantyUntil": ["type": ["string", "null"], "format": "date", "description": "The warranty's last day; null: none or not known"],
            "noWarranty": ["type": "boolean", "description": "Known to have no warranty"],
            "notes": ["type": "string"],
        ]
    }

    static var itemOwnershipRequired: [String] { itemOwnershipResponse.keys.sorted() }

    /// What a create or an update may send.
    static var itemOwnershipProperties: JSON {
        // One line: no control character (C0, DEL, C1); notes may hold tabs and line feeds.
        let oneLine: JSON = ["type": "string", "maxLength": ItemOwnership.maxTextLength, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]*$",
                             "description": "One line (trimmed), at most \(ItemOwnership.maxTextLength) characters"]
        return [
            "manufacturer": oneLine,
            "modelNumber": oneLine,
            "placeBought": oneLine,
            "notes": ["type": "string", "maxLength": ItemOwnership.maxNotesLength, "pattern": "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]*$",
                      "description": "Plain text (trimmed) of at most \(ItemOwnership.maxNotesLength) characters; line feeds and tabs kept"],
            "quantity": ["type": "integer", "minimum": 1, "maximum": ItemOwnership.maxQuantity,
                         "description": "valueInDollars × quantity may be at most \(ItemOwnership.maxLineValue) (else 422)"],
            "purchaseDate": ["type": ["string", "null"], "format": "date",
                             "description": "From 1900-01-01 to today (today anywhere on Earth), else 422"],
            "purchasePriceCents": ["type": ["integer", "null"], "minimum": 0, "maximum": ItemOwnership.maxPriceCents,
                                   "description": "What one cost, in cents"],
            "warrantyUntil": ["type": ["string", "null"], "format": "date", "description": "The warranty's last day (from 1900-01-01)"],
            "noWarranty": ["type": "boolean", "description": "true: no warranty (not with a warrantyUntil day, else 422); false: not known"],
            "dateCreated": ["type": "string", "format": "date-time",
                            "description": "The date recorded: from 1900-01-01 (anywhere) to now, else 422"],
        ]
    }
}
