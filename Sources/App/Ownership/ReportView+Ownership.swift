import Foundation
import Storage

/// The insurance report's part of issue 24: what each row says of the item's make, its purchase
/// and its warranty, and its quantity beside a value that counts them all.
extension ReportView {
    /// A row's texts for the ownership fields (empty when nothing is known).
    struct OwnershipTexts: Sendable {
        /// Value × quantity: what the row is worth.
        var value = ""
        /// "3 × $400" when there is more than one of it.
        var each = ""
        /// "Sony · ILCE-7M3".
        var make = ""
        /// "Bought Feb 29, 2024 · Paid $1,299.05 each · From B&H · Warranty until Feb 28, 2027".
        var purchase = ""
        /// "Receipt on file" when the item has a document of the kind Receipt.
        var receipt = ""
    }

    func ownershipTexts(_ item: Item, hasReceipt: Bool) -> OwnershipTexts {
        let ownership = item.ownership
        let language = context.language
        var texts = OwnershipTexts()
        texts.value = formatters.money(item.valueInDollars * ownership.quantity, language, context.currency)
        if ownership.quantity > 1 {
            texts.each = context.format("reportTimes", formatters.grouped(ownership.quantity, language),
                                        formatters.money(item.valueInDollars, language, context.currency))
        }
        texts.make = [ownership.manufacturer, ownership.modelNumber].filter { !$0.isEmpty }.joined(separator: " · ")
        var purchase: [String] = []
        if let day = ownership.purchaseDate { purchase.append(context.format("reportBoughtOn", formatters.day(day, language).medium)) }
        if let cents = ownership.purchasePriceCents {
            purchase.append(context.format(ownership.quantity > 1 ? "reportPaidEach" : "reportPaid", formatters.cents(cents, language, context.currency)))
        }
        if !ownership.placeBought.isEmpty { purchase.append(context.format("reportBoughtAt", ownership.placeBought)) }
        switch ownership.warranty {
        case .until(let day)?: purchase.append(context.format("reportWarrantyUntil", formatters.day(day, language).medium))
        case .noWarranty?: purchase.append(context.text("warrantyNone"))
        case nil: break
        }
        texts.purchase = purchase.joined(separator: " · ")
        if hasReceipt { texts.receipt = context.text("reportReceiptOnFile") }
        return texts
    }
}
