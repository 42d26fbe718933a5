import Foundation

/// A row's place resolved to keys: what an import sets. A part the file has no column for is
/// left as it is (an update keeps the item's; a new item has none).
struct ImportPlacement: Sendable {
    var setsLocation = false
    var locationKey: UUID?
    var labelKeys: [UUID]?

    func applied(to current: ItemPlacement) -> ItemPlacement {
        ItemPlacement(locationKey: setsLocation ? locationKey : current.locationKey, labelKeys: labelKeys ?? current.labelKeys)
    }
}
