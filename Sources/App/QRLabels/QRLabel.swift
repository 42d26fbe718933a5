import Foundation
import Storage

/// What one label on a sheet names: an item or a location, by key.
struct QRLabel: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case item
        case location
    }

    let kind: Kind
    let key: UUID
    /// The item's name, or the location's path ("Home › Garage › Box 3").
    let name: String

    init(kind: Kind, key: UUID, name: String) {
        self.kind = kind
        self.key = key
        self.name = name
    }

    init(_ item: Item) {
        self.init(kind: .item, key: item.key, name: item.name)
    }

    init(_ location: Location) {
        self.init(kind: .location, key: location.key, name: location.pathText)
    }

    /// What is printed beside the code to tell labels apart by eye (and a label from its
    /// neighbour on the shelf): the key's first 6 characters, upper case ("3F2A9C").
    var shortCode: String { Self.shortCode(key) }

    static func shortCode(_ key: UUID) -> String {
        String(key.lowercasedString.prefix(6)).uppercased()
    }

    /// How much room the name needs, so long names get a smaller type and still fit the label:
    /// a wide (CJK) character counts as two.
    var nameSize: String {
        let width = name.unicodeScalars.reduce(0) { $0 + (Self.isWide($1) ? 2 : 1) }
        switch width {
        case ...24: return "short"
        case ...64: return "medium"
        default: return "long"
        }
    }

    /// East Asian wide and full-width characters (Unicode's East_Asian_Width W and F, roughly).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
