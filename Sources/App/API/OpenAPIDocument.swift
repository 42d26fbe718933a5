import Foundation
import Storage

/// The OpenAPI 3.1 description of the JSON API, served at `GET /openapi.json`. Tests walk it
/// against the router and check real responses against its schemas, so it stays true.
enum OpenAPIDocument {
    typealias JSON = [String: Any]

    static var document: JSON {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Homepwner JSON API",
                "version": "1.0.0",
                "description": """
                    The household inventory for scripts and integration tests: the same store, rules, roles and \
                    history as the pages. Sign in with an API token from the account page (`Authorization: Bearer …`), \
                    or with the session cookie plus `X-CSRF-Token` on writes. Every error is RFC 9457 problem details.
                    """,
            ],
            "servers": [["url": "/"]],
            "security": [["bearerAuth": [String]()], ["cookieAuth": [String]()]],
            "paths": paths.merging(placePaths) { $1 }.merging(photoPaths) { $1 }.merging(documentPaths) { $1 },
            "components": components,
        ]
    }

    /// The document as served: JSON with sorted keys.
    static func bytes() throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    static var paths: JSON {
        [
            "/items.json": [
                "get": operation("listItems", "One page of the list (100 items), searched, sorted and filtered as the list page is.",
                                 parameters: listParameters, ok: ("200", "A page of items", ref("ItemPage")), errors: ["401", "422"]),
                "post": operation("createItem", "Adds an item at the end of the list.",
                                  body: ref("NewItem"), ok: ("201", "The new item", ref("Item")), okHeaders: ["Location": locationHeader],
                                  links: itemLinks,
                                  errors: ["400", "401", "403", "413", "415", "422"]),
            ],
            "/items/{key}.json": [
                "parameters": [keyParameter],
                "get": operation("getItem", "One item.", ok: ("200", "The item", ref("Item")), links: itemLinks, errors: ["401", "404"]),
                "put": operation("updateItem", "Replaces an item's fields. `version` must be the item's current version, else 409 with the current item.",
                                 body: ref("ItemUpdate"), ok: ("200", "The updated item", ref("Item")),
                                 errors: ["400", "401", "403", "404", "409", "413", "415", "422"]),
                "delete": operation("deleteItem", "Moves an item, photo included, to Recently Deleted (30 days).",
                                    ok: ("200", "The delete's batch, to restore it", ref("DeletedBatch")),
                                    links: ["RestoreBatch": ["operationId": "restoreItems", "requestBody": ["batch": "$response.body#/batch"]]],
                                    errors: ["401", "403", "404"]),
            ],
            "/items/{key}/move.json": [
                "parameters": [keyParameter],
                "post": operation("moveItem", "Moves an item to a 1-based position in the household's own order (remove, then insert).",
                                  body: ref("Move"), ok: ("200", "The moved item", ref("Item")),
                                  errors: ["400", "401", "403", "404", "413", "415", "422"]),
            ],
            "/items/{key}/favourite.json": [
                "parameters": [keyParameter],
                "put": operation("putItemFavourite", "Stars an item for the member asking (their own favourites: any role may, no history is written and the item's version stays). Idempotent.",
                                 ok: ("200", "The item, `favourite` true", ref("Item")), errors: ["401", "403", "404"]),
                "delete": operation("deleteItemFavourite", "Unstars an item for the member asking. Idempotent.",
                                    ok: ("200", "The item, `favourite` false", ref("Item")), errors: ["401", "403", "404"]),
            ],
            "/items/restore.json": [
                "post": operation("restoreItems", "Puts back every item of a delete (`batch`), or one deleted item (`key`).",
                                  body: ref("Restore"), ok: ("200", "The restored items", ref("ItemList")),
                                  errors: ["400", "401", "403", "404", "413", "415", "422"]),
            ],
            "/items/{key}/photo": [
                "parameters": [keyParameter],
                "get": photoOperation,
            ],
            "/items/{key}/photo.json": [
                "parameters": [keyParameter],
                "put": operation("putItemPhoto", "Replaces an item's cover photo (the first; the others stay): a JPEG, PNG, GIF or WebP image of at most 10 MB and 50 megapixels, stored without metadata.",
                                 body: nil, rawBody: ["image/jpeg", "image/png", "image/gif", "image/webp", "application/octet-stream"],
                                 ok: ("200", "The item with its new photo", ref("Item")), errors: ["401", "403", "404", "413", "415", "422"]),
                "delete": operation("deleteItemPhoto", "Removes an item's cover photo; the next one becomes the cover.", ok: ("200", "The item without that photo", ref("Item")),
                                    errors: ["401", "403", "404"]),
            ],
            "/openapi.json": [
                "get": [
                    "operationId": "getOpenAPIDocument",
                    "summary": "This document.",
                    "security": [JSON](),
                    "responses": ["200": ["description": "The OpenAPI document", "content": ["application/json": ["schema": ["type": "object"]]]]],
                ] as JSON,
            ],
        ]
    }

    static var photoOperation: JSON {
        var photo = operation("getItemPhoto", "An item's cover photo, with a strong ETag (If-None-Match gives 304).",
                              ok: ("200", "The photo", ["type": "string", "contentMediaType": "image/*"]), errors: ["401", "404"])
        var responses = photo["responses"] as! JSON
        responses["200"] = ["description": "The photo", "content": ["image/*": ["schema": ["type": "string", "format": "binary"]]]]
        responses["304"] = ["description": "Not modified (If-None-Match matched)"]
        photo["responses"] = responses
        return photo
    }

    // MARK: - Building blocks

    static func operation(
        _ id: String, _ summary: String, parameters: [JSON] = [], body: JSON? = nil, rawBody: [String] = [],
        ok: (status: String, description: String, schema: JSON), okHeaders: JSON = [:], links: JSON = [:], errors: [String]
    ) -> JSON {
        var responses: JSON = [ok.status: [
            "description": ok.description,
            "content": ["application/json": ["schema": ok.schema]],
            "headers": okHeaders,
            "links": links,
        ] as JSON]
        for status in errors { responses[status] = ["$ref": "#/components/responses/Problem\(status)"] }
        responses["default"] = ["$ref": "#/components/responses/Problem"]
        var operation: JSON = ["operationId": id, "summary": summary, "responses": responses]
        if !parameters.isEmpty { operation["parameters"] = parameters }
        if let body {
            operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": body]]]
        } else if !rawBody.isEmpty {
            operation["requestBody"] = [
                "required": true,
                "content": Dictionary(uniqueKeysWithValues: rawBody.map { ($0, ["schema": ["type": "string", "format": "binary"]] as JSON) }),
            ]
        }
        return operation
    }

    /// From an item to what can be done with it (for clients and stateful tests).
    static var itemLinks: JSON {
        let key: JSON = ["key": "$response.body#/key"]
        return [
            "GetItem": ["operationId": "getItem", "parameters": key],
            "UpdateItem": ["operationId": "updateItem", "parameters": key],
            "MoveItem": ["operationId": "moveItem", "parameters": key],
            "DeleteItem": ["operationId": "deleteItem", "parameters": key],
            "GetItemPhoto": ["operationId": "getItemPhoto", "parameters": key],
            "PutItemPhoto": ["operationId": "putItemPhoto", "parameters": key],
            "DeleteItemPhoto": ["operationId": "deleteItemPhoto", "parameters": key],
            "PutItemFavourite": ["operationId": "putItemFavourite", "parameters": key],
            "DeleteItemFavourite": ["operationId": "deleteItemFavourite", "parameters": key],
        ].merging(documentItemLinks) { $1 }
    }

    static func ref(_ schema: String) -> JSON { ["$ref": "#/components/schemas/\(schema)"] }

    static var keyParameter: JSON { [
        "name": "key", "in": "path", "required": true, "description": "The item's key",
        "schema": ["type": "string", "format": "uuid"],
    ] }

    static var locationHeader: JSON { ["description": "The new item's URL", "required": true, "schema": ["type": "string"]] }

    static var listParameters: [JSON] {
        let flag: JSON = ["type": "string", "enum": ["1", "0", "true", "false"]]
        return [
            ["name": "page", "in": "query", "description": "1-based page of 100 items",
             "schema": ["type": "integer", "minimum": 1, "maximum": ListParameters.maxPage]],
            ["name": "q", "in": "query", "description": "Finds any part of a name, serial number, manufacturer, model number or notes",
             "schema": ["type": "string", "maxLength": ItemQuery.maxSearchLength]],
            ["name": "sort", "in": "query", "schema": ["type": "string", "enum": ListParameters.sortValues]],
            ["name": "valuable", "in": "query", "description": "Only items worth the household's high-value threshold or more ($50 unless an owner set another on the account page)", "schema": flag],
            ["name": "photo", "in": "query", "description": "Only items with a photo", "schema": flag],
            ["name": "favourites", "in": "query", "description": "Only the items the member asking starred (their own favourites)", "schema": flag],
        ]
    }
}
