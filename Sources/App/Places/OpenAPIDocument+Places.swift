import Foundation
import Storage

/// The locations' and labels' part of the OpenAPI document: paths and schemas, with the
/// store's limits (lengths, depth, palette) so clients and schemathesis know them.
extension OpenAPIDocument {
    static var placePaths: JSON {
        let write = ["400", "401", "403", "404", "409", "413", "415", "422"]
        return [
            "/locations.json": [
                "get": operation("listLocations", "Every location, depth-first: each one, then the locations inside it, siblings in their own order.",
                                 ok: ("200", "The locations", ref("LocationList")), errors: ["401"]),
                "post": operation("createLocation", "Adds a location at the end of its parent's (`parent` null or absent: the top level). Names are unique among siblings (ignoring case); locations nest at most \(ItemStore.maxLocationDepth) levels.",
                                  body: ref("NewLocation"), ok: ("201", "The new location", ref("Location")),
                                  okHeaders: ["Location": placeURLHeader], links: locationLinks,
                                  errors: ["400", "401", "403", "413", "415", "422"]),
            ],
            "/locations/{key}.json": [
                "parameters": [placeKeyParameter("The location's key")],
                "get": operation("getLocation", "One location.", ok: ("200", "The location", ref("Location")), links: locationLinks, errors: ["401", "404"]),
                "put": operation("updateLocation", "Renames a location, changes its note, or moves it into another (never into itself or a location inside it). `version` must be its current version, else 409 with the location as it is now.",
                                 body: ref("LocationUpdate"), ok: ("200", "The updated location", ref("Location")), errors: write),
                "delete": operation("deleteLocation", "Deletes a location. Its items and the locations inside it go to `moveTo` in the same transaction (absent: its items to no location, the locations inside it to the top level).",
                                    parameters: [
                                        ["name": "moveTo", "in": "query", "description": "Where its contents go: a location outside it",
                                         "schema": ["type": "string", "format": "uuid"]],
                                        versionQuery,
                                    ],
                                    ok: ("200", "How many items moved", ref("LocationDeleted")), errors: ["401", "403", "404", "409", "422"]),
            ],
            "/labels.json": [
                "get": operation("listLabels", "Every label, by name.", ok: ("200", "The labels", ref("LabelList")), errors: ["401"]),
                "post": operation("createLabel", "Adds a label (`color` gray when absent). Names are unique, ignoring case.",
                                  body: ref("NewLabel"), ok: ("201", "The new label", ref("Label")),
                                  okHeaders: ["Location": placeURLHeader], links: labelLinks,
                                  errors: ["400", "401", "403", "413", "415", "422"]),
            ],
            "/labels/{key}.json": [
                "parameters": [placeKeyParameter("The label's key")],
                "get": operation("getLabel", "One label.", ok: ("200", "The label", ref("Label")), links: labelLinks, errors: ["401", "404"]),
                "put": operation("updateLabel", "Renames or recolours a label. `version` must be its current version, else 409 with the label as it is now.",
                                 body: ref("LabelUpdate"), ok: ("200", "The updated label", ref("Label")), errors: write),
                "delete": operation("deleteLabel", "Deletes a label: every item that had it loses it and keeps everything else.",
                                    parameters: [versionQuery],
                                    ok: ("200", "How many items had it", ref("LabelDeleted")), errors: ["401", "403", "404", "409", "422"]),
            ],
        ]
    }

    static var placeSchemas: JSON {
        let uuid: JSON = ["type": "string", "format": "uuid"]
        let version: JSON = ["type": "integer", "format": "int64", "minimum": 1, "maximum": Int64.max]
        let color: JSON = ["type": "string", "enum": Label.Color.allCases.map(\.rawValue), "description": "One of the palette's colours"]
        let locationName = placeName(ItemStore.maxLocationNameLength, "unique among its siblings, ignoring case")
        let labelName = placeName(ItemStore.maxLabelNameLength, "unique among labels, ignoring case")
        let note: JSON = ["type": "string", "maxLength": ItemStore.maxLocationNoteLength]
        let parent: JSON = ["type": ["string", "null"], "format": "uuid", "description": "The location it is in; null: the top level"]
        return [
            "Location": [
                "type": "object", "required": ["key", "name", "note", "parent", "path", "depth", "version"],
                "properties": [
                    "key": uuid, "name": ["type": "string"], "note": ["type": "string"], "parent": parent,
                    "path": ["type": "array", "items": ["type": "string"], "description": "Its names from the top down, its own last"],
                    "depth": ["type": "integer", "minimum": 1, "maximum": ItemStore.maxLocationDepth],
                    "version": version,
                ] as JSON,
            ] as JSON,
            "LocationList": ["type": "object", "required": ["locations"], "properties": ["locations": ["type": "array", "items": ref("Location")]]] as JSON,
            "NewLocation": ["type": "object", "required": ["name"], "properties": ["name": locationName, "note": note, "parent": parent] as JSON] as JSON,
            "LocationUpdate": [
                "type": "object", "required": ["name", "parent", "version"],
                "properties": ["name": locationName, "note": note, "parent": parent, "version": version] as JSON,
                "description": "An absent `note` is empty",
            ] as JSON,
            "LocationDeleted": ["type": "object", "required": ["itemsMoved"], "properties": ["itemsMoved": ["type": "integer", "minimum": 0]]] as JSON,
            "Label": [
                "type": "object", "required": ["key", "name", "color", "version"],
                "properties": ["key": uuid, "name": ["type": "string"], "color": color, "version": version] as JSON,
            ] as JSON,
            "LabelList": ["type": "object", "required": ["labels"], "properties": ["labels": ["type": "array", "items": ref("Label")]]] as JSON,
            "NewLabel": ["type": "object", "required": ["name"], "properties": ["name": labelName, "color": color] as JSON] as JSON,
            "LabelUpdate": [
                "type": "object", "required": ["name", "color", "version"],
                "properties": ["name": labelName, "color": color, "version": version] as JSON,
            ] as JSON,
            "LabelDeleted": ["type": "object", "required": ["itemsUnlabelled"], "properties": ["itemsUnlabelled": ["type": "integer", "minimum": 0]]] as JSON,
        ]
    }

    /// An item's place, on read and write.
    static var itemPlaceProperties: JSON {
        [
            "location": ["type": ["string", "null"], "format": "uuid", "description": "Its location's key; null: no location"],
            "labels": ["type": "array", "items": ["type": "string", "format": "uuid"], "maxItems": ItemStore.maxLabelsPerItem,
                       "description": "Its labels' keys (each counted once)"],
        ]
    }

    /// A name: not blank, one line once trimmed, at most `limit` characters.
    private static func placeName(_ limit: Int, _ rule: String) -> JSON {
        // Unicode's White_Space (what is trimmed, line breaks too, from either end) and the line
        // breaks a name may not hold between its first and last visible characters.
        let space = "\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
        let lineBreak = "\\n\\u000b\\u000c\\r\\u0085\\u2028\\u2029"
        let pattern = "^[\(space)]*[^\(lineBreak)]*[^\(space)][^\(lineBreak)]*[\(space)]*$"
        return ["type": "string", "minLength": 1, "maxLength": limit, "pattern": pattern,
                "description": "Required: not only white space (which is trimmed), one line, at most \(limit) characters, \(rule)"]
    }

    private static func placeKeyParameter(_ description: String) -> JSON {
        ["name": "key", "in": "path", "required": true, "description": description, "schema": ["type": "string", "format": "uuid"]]
    }

    private static var versionQuery: JSON {
        ["name": "version", "in": "query", "description": "Its version as read: when given and stale, 409",
         "schema": ["type": "integer", "format": "int64", "minimum": 1, "maximum": Int64.max]]
    }

    private static var placeURLHeader: JSON { ["description": "The new resource's URL", "required": true, "schema": ["type": "string"]] }

    private static var locationLinks: JSON {
        let key: JSON = ["key": "$response.body#/key"]
        return [
            "GetLocation": ["operationId": "getLocation", "parameters": key],
            "UpdateLocation": ["operationId": "updateLocation", "parameters": key],
            "DeleteLocation": ["operationId": "deleteLocation", "parameters": key],
        ]
    }

    private static var labelLinks: JSON {
        let key: JSON = ["key": "$response.body#/key"]
        return [
            "GetLabel": ["operationId": "getLabel", "parameters": key],
            "UpdateLabel": ["operationId": "updateLabel", "parameters": key],
            "DeleteLabel": ["operationId": "deleteLabel", "parameters": key],
        ]
    }
}
