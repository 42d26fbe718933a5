import Foundation
import Storage

/// An item as the API shows it.
enum ItemJSON {
    /// `{key, name, serialNumber, valueInDollars, dateCreated, position, version, hasPhoto, photo,
    /// location, labels, favourite}`: `position` is 1-based in the household's own order (nil
    /// while unknown), `photo` a versioned URL or null, `location` a location's key or null,
    /// `labels` label keys (sorted, so the same labels always read the same), `favourite`
    /// whether the member asking starred it (issue 26: each member's own).
    static func object(_ item: Item, position: Int? = nil, favourite: Bool?) -> [String: Any] {
        var object: [String: Any] = [
            "key": item.key.lowercasedString,
            "name": item.name,
            "serialNumber": item.serialNumber,
            "valueInDollars": item.valueInDollars,
            "dateCreated": timestamp(item.dateCreated),
            "version": item.version,
            "hasPhoto": item.photoETag != nil,
            "photo": photoURL(item) ?? NSNull(),
            "location": item.locationKey.map { $0.lowercasedString as Any } ?? NSNull(),
            "labels": item.labelKeys.map(\.lowercasedString).sorted(),
        ]
        object.merge(ownership(item.ownership)) { $1 }
        if let position { object["position"] = position }
        if let favourite { object["favourite"] = favourite }
        return object
    }

    /// The item with its position read from the store, and whether it is among `favourites`
    /// (the member's, ``ItemAPIController/favourites(_:)``).
    static func object(_ item: Item, store: ItemStore, favourites: Set<UUID>) throws -> [String: Any] {
        object(item, position: try store.index(of: item.key).map { $0 + 1 }, favourite: favourites.contains(item.key))
    }

    /// `/items/{key}/photo?v={etag}`: a new photo gets a new URL, so it may be cached.
    static func photoURL(_ item: Item) -> String? {
        item.photoETag.map { "/items/\(item.key.lowercasedString)/photo?v=\(ListQuery.percentEncoded($0))" }
    }

    /// `/items/{key}.json`
    static func url(_ key: UUID) -> String { "/items/\(key.lowercasedString).json" }

    /// ISO 8601 in UTC with seconds (RFC 3339 `date-time`).
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
