import Foundation
import Storage

/// Issue 24's columns: Manufacturer, Model number, Quantity, Total value (value × quantity,
/// written for spreadsheets, ignored when read back), Purchase date and Warranty until (ISO
/// days; the warranty also "No warranty"), Purchase price (dollars and cents, `1299.50`),
/// Where bought and Notes (line breaks kept inside the quoted cell).
extension ItemCSV {
    /// What else a header may say for these columns (compared as ``normalizedHeader(_:)`` does).
    static let ownershipHeaderNames: [(String, Column)] = [
        ("make", .manufacturer), ("brand", .manufacturer), ("maker", .manufacturer), ("品牌", .manufacturer),
        ("model", .model), ("model no", .model), ("model #", .model),
        ("qty", .quantity), ("quantity owned", .quantity),
        ("purchased", .purchaseDate), ("date purchased", .purchaseDate), ("bought on", .purchaseDate),
        ("purchase cost", .purchasePrice), ("cost", .purchasePrice), ("paid", .purchasePrice),
        ("bought from", .placeBought), ("store", .placeBought), ("shop", .placeBought), ("vendor", .placeBought), ("retailer", .placeBought),
        ("warranty", .warranty), ("warranty expires", .warranty), ("warranty end", .warranty), ("warranty until", .warranty),
        ("note", .notes), ("comments", .notes),
    ]

    /// The columns read into ``ItemOwnership`` (``Column/lineValue`` is written only).
    static let ownershipColumns: [Column] = [.manufacturer, .model, .quantity, .purchaseDate, .purchasePrice, .placeBought, .warranty, .notes]

    /// The cells of an item's ownership columns, in ``Column`` order.
    static func ownershipCells(_ item: Item, language: Language) -> [String] {
        let ownership = item.ownership
        let warranty: String = switch ownership.warranty {
        case nil: ""
        case .noWarranty?: Strings.text("csvNoWarranty", language)
        case .until(let day)?: day.iso
        }
        return [
            neutralised(ownership.manufacturer),
            neutralised(ownership.modelNumber),
            String(ownership.quantity),
            String(item.valueInDollars * ownership.quantity),
            ownership.purchaseDate?.iso ?? "",
            ownership.purchasePriceCents.map(CentsInput.text) ?? "",
            neutralised(ownership.placeBought),
            warranty,
            neutralised(ownership.notes),
        ]
    }

    /// Whether a Warranty cell says "no warranty", in any language the app speaks (or `none`, `no`).
    static func saysNoWarranty(_ cell: String) -> Bool {
        let folded = normalizedHeader(cell)
        if ["none", "no", "nowarranty", "n/a", "无", "無"].contains(folded) { return true }
        return Language.allCases.contains { language in
            [Strings.text("csvNoWarranty", language), Strings.text("csvNo", language)].contains { normalizedHeader($0) == folded }
        }
    }
}
