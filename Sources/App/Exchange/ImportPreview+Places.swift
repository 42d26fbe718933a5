import Foundation
import Storage

/// A row's Location and Labels cells (issue 23 point 7), checked with the store's limits so
/// that a bad cell refuses its row, with the reason, rather than the whole import; and the
/// household's caps on locations and labels, which refuse the whole file before anything is
/// written.
extension ImportPreview {
    /// `item` with the place its cells name (`nil`: the file has no such column).
    static func placed(_ item: ImportedItem, location: String?, labels: String?,
                       context: PageContext) -> Result<ImportedItem, RowRefusal> {
        var item = item
        let shown = { (cell: String) in String(cell.prefix(60)) }
        if let location {
            switch ItemCSV.locationPath(location) {
            case .success(let path): item.locationPath = path
            case .failure(let problem): return .failure(RowRefusal(reason: reason(problem, cell: shown(location), context: context)))
            }
        }
        if let labels {
            switch ItemCSV.labelNames(labels) {
            case .success(let names): item.labelNames = names
            case .failure(let problem): return .failure(RowRefusal(reason: reason(problem, cell: shown(labels), context: context)))
            }
        }
        return .success(item)
    }

    private static func reason(_ problem: ItemCSV.CellProblem, cell: String, context: PageContext) -> String {
        switch problem {
        case .emptyName: context.format("importReasonLocationEmpty", cell)
        case .tooDeep(let levels): context.format("importReasonLocationDeep", cell, String(levels), String(ItemStore.maxLocationDepth))
        case .nameTooLong: context.format("importReasonLocationLong", cell, String(ItemStore.maxLocationNameLength))
        case .labelTooLong(let name): context.format("importReasonLabelLong", String(name.prefix(60)), String(ItemStore.maxLabelNameLength))
        case .tooManyLabels(let count): context.format("importReasonLabelsMany", String(count), String(ItemStore.maxLabelsPerItem))
        }
    }

    /// The file would make more locations or labels than a household may have.
    struct OverCap: Equatable {
        let isLabels: Bool
        let new: Int
        let existing: Int
        let limit: Int

        var messageKey: String { isLabels ? "importErrorTooManyLabels" : "importErrorTooManyLocations" }
    }

    /// Whether the file cannot be imported at all for the caps (counting what it would
    /// create for every row it imports, changed rows included).
    var overCap: OverCap? {
        let missing = placesToCreate(updating: true)
        if places.tree.locations.count + missing.locations.count > ItemStore.maxLocationCount {
            return OverCap(isLabels: false, new: missing.locations.count, existing: places.tree.locations.count, limit: ItemStore.maxLocationCount)
        }
        if places.labels.count + missing.labels.count > ItemStore.maxLabelCount {
            return OverCap(isLabels: true, new: missing.labels.count, existing: places.labels.count, limit: ItemStore.maxLabelCount)
        }
        return nil
    }
}
