import Foundation

extension OpenAPIDocument {
    static var components: JSON {
        [
            "securitySchemes": [
                "bearerAuth": ["type": "http", "scheme": "bearer", "description": "An API token from the account page"],
                "cookieAuth": ["type": "apiKey", "in": "cookie", "name": "hp_session",
                               "description": "A signed-in browser's session; writes also need the X-CSRF-Token header"],
            ],
            "schemas": schemas.merging(placeSchemas) { $1 }.merging(photoSchemas) { $1 }.merging(documentSchemas) { $1 },
            "responses": problemResponses,
        ]
    }

    static let problemStatuses: [(String, String)] = [
        ("400", "Malformed JSON or a malformed request"), ("401", "Not signed in, or an unknown or revoked API token"),
        ("403", "The member's role may not do this, or a cookie write lacks its CSRF token"), ("404", "No such item, location or label"),
        ("409", "The item, location or label was changed elsewhere; `current` is it as it is now"), ("413", "The body is too large"),
        ("415", "The body's media type is not accepted"), ("422", "Invalid fields, each named in `errors`"),
    ]

    static var problemResponses: JSON {
        var responses: JSON = ["Problem": problemResponse("Any other error (405, 429, 500, 503…)")]
        for (status, description) in problemStatuses {
            var response = problemResponse(description)
            if status == "401" {
                response["headers"] = ["WWW-Authenticate": ["description": "Bearer", "required": true, "schema": ["type": "string"]]]
            }
            responses["Problem\(status)"] = response
        }
        return responses
    }

    static func problemResponse(_ description: String) -> JSON {
        ["description": description, "content": ["application/problem+json": ["schema": ref("Problem")]]]
    }

    static var schemas: JSON {
        // "Not only white space", white space being Unicode's White_Space, as the form trims it.
        let notBlank = "[^\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"
        let name: JSON = ["type": "string", "minLength": 1, "maxLength": ItemForm.maxNameLength, "pattern": notBlank,
                          "description": "Required: not only white space (which is trimmed), at most 200 characters"]
        let serial: JSON = ["type": "string", "maxLength": ItemForm.maxSerialLength]
        let value: JSON = ["type": "number", "minimum": 0, "maximum": ItemForm.maxValue,
                           "description": "In dollars. Values are whole dollars: a fraction is rounded, half up (449.99 is stored as 450)."]
        let uuid: JSON = ["type": "string", "format": "uuid"]
        // A version is a stored 64-bit integer: a larger number can never be one, so it is invalid (422), not stale (409).
        let version: JSON = ["type": "integer", "format": "int64", "minimum": 1, "maximum": Int64.max]
        return [
            "Item": [
                "type": "object",
                "required": ["key", "name", "serialNumber", "valueInDollars", "dateCreated", "version", "hasPhoto", "photo", "location", "labels",
                             "favourite"] + itemOwnershipRequired,
                "properties": [
                    "key": uuid,
                    "name": ["type": "string"],
                    "serialNumber": ["type": "string"],
                    "valueInDollars": ["type": "integer"],
                    "dateCreated": ["type": "string", "format": "date-time"],
                    "position": ["type": "integer", "minimum": 1, "description": "1-based, in the household's own order"],
                    "version": version,
                    "hasPhoto": ["type": "boolean"],
                    "photo": ["type": ["string", "null"], "description": "The photo's URL (changes with the photo)"],
                    "favourite": ["type": "boolean", "description": "Whether the member asking starred it: each member's own, never another's"],
                ].merging(itemPlaceProperties) { $1 }.merging(itemOwnershipResponse) { $1 } as JSON,
            ] as JSON,
            "NewItem": [
                "type": "object", "required": ["name"],
                "properties": ["name": name, "serialNumber": serial, "valueInDollars": value].merging(itemPlaceProperties) { $1 }
                    .merging(itemOwnershipProperties) { $1 } as JSON,
                "description": "`location` and `labels` absent: none",
            ] as JSON,
            "ItemUpdate": [
                "type": "object", "required": ["name", "serialNumber", "valueInDollars", "version"],
                "properties": ["name": name, "serialNumber": serial, "valueInDollars": value,
                               "version": version].merging(itemPlaceProperties) { $1 }.merging(itemOwnershipProperties) { $1 } as JSON,
                "description": "`location` or `labels` absent: as they are",
            ] as JSON,
            "Move": [
                "type": "object", "required": ["position"],
                "properties": ["position": ["type": "integer", "minimum": 1, "description": "1-based; at most the number of items"]],
            ] as JSON,
            "Restore": [
                "type": "object", "anyOf": [["required": ["batch"]], ["required": ["key"]]],
                "properties": ["batch": uuid, "key": uuid] as JSON,
                "description": "`batch` (from a delete) or `key` (one deleted item)",
            ] as JSON,
            "ItemPage": [
                "type": "object", "required": ["items", "page", "pageSize", "pageCount", "total"],
                "properties": [
                    "items": ["type": "array", "items": ref("Item")],
                    "page": ["type": "integer", "minimum": 1],
                    "pageSize": ["type": "integer"],
                    "pageCount": ["type": "integer", "minimum": 1],
                    "total": ["type": "integer", "minimum": 0, "description": "How many items (rows) are selected: what pages are cut by"],
                    "totalValue": ["type": "integer", "description": "What the selected items are worth, each valueInDollars × quantity (absent for a search)"],
                    "units": ["type": "integer", "minimum": 0, "description": "How many things the selected items are, each counted by its quantity (absent for a search)"],
                ] as JSON,
            ] as JSON,
            "ItemList": ["type": "object", "required": ["items"], "properties": ["items": ["type": "array", "items": ref("Item")]]] as JSON,
            "DeletedBatch": [
                "type": "object", "required": ["batch", "items"],
                "properties": ["batch": uuid, "items": ["type": "array", "items": ref("Item")]] as JSON,
            ] as JSON,
            "Problem": [
                "type": "object", "required": ["type", "title", "status"],
                "description": "RFC 9457 problem details",
                "properties": [
                    "type": ["type": "string"],
                    "title": ["type": "string"],
                    "status": ["type": "integer"],
                    "detail": ["type": "string"],
                    "errors": [
                        "type": "array",
                        "items": [
                            "type": "object", "required": ["field", "message"],
                            "properties": ["field": ["type": "string"], "message": ["type": "string"]],
                        ] as JSON,
                    ] as JSON,
                    "current": ["anyOf": [ref("Item"), ref("Location"), ref("Label")]] as JSON,
                ] as JSON,
            ] as JSON,
        ]
    }
}
