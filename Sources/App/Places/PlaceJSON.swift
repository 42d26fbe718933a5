import Foundation
import Storage

/// Locations and labels as the API shows them.
enum PlaceJSON {
    /// `{key, name, note, parent, path, depth, version}`: `parent` the key of the location it
    /// is in (null at the top level), `path` its names from the top down (its own last).
    static func object(_ location: Location) -> [String: Any] {
        [
            "key": location.key.lowercasedString,
            "name": location.name,
            "note": location.note,
            "parent": location.parentKey.map { $0.lowercasedString as Any } ?? NSNull(),
            "path": location.path,
            "depth": location.depth,
            "version": location.version,
        ]
    }

    /// `{key, name, color, version}`.
    static func object(_ label: Label) -> [String: Any] {
        [
            "key": label.key.lowercasedString,
            "name": label.name,
            "color": label.color.rawValue,
            "version": label.version,
        ]
    }

    static func url(_ location: Location) -> String { "/locations/\(location.key.lowercasedString).json" }
    static func url(_ label: Label) -> String { "/labels/\(label.key.lowercasedString).json" }
}
