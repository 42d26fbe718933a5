import Foundation
import Storage

/// The photos' part of the OpenAPI document (issue 24): an item's several photos, each named
/// by the SHA-256 of its bytes (`digest`), the first the cover.
extension OpenAPIDocument {
    static var photoPaths: JSON {
        let digest: JSON = [
            "name": "digest", "in": "path", "required": true, "description": "The SHA-256 of the photo's bytes, in lowercase hex",
            "schema": ["type": "string", "pattern": "^[0-9a-f]{64}$"],
        ]
        let imageTypes = ["image/jpeg", "image/png", "image/gif", "image/webp", "application/octet-stream"]
        var photo = operation("getItemPhotoByDigest", "One of an item's photos. Its URL names its bytes: cacheable for a year.",
                              ok: ("200", "The photo", ["type": "string"]), errors: ["401", "404"])
        var responses = photo["responses"] as! JSON
        responses["200"] = ["description": "The photo", "content": ["image/*": ["schema": ["type": "string", "format": "binary"]]]]
        responses["304"] = ["description": "Not modified (If-None-Match matched)"]
        photo["responses"] = responses
        return [
            "/items/{key}/photos.json": [
                "parameters": [keyParameter],
                "get": operation("listItemPhotos", "An item's photos, the cover first.",
                                 ok: ("200", "The photos", ref("PhotoList")), links: photoListLinks, errors: ["401", "404"]),
                "post": operation("addItemPhoto", "Adds a photo after the others: a JPEG, PNG, GIF or WebP image of at most 10 MB and 50 megapixels, stored upright without metadata. An item keeps at most \(ItemStore.maxPhotosPerItem).",
                                  rawBody: imageTypes, ok: ("201", "The photos now", ref("PhotoList")), links: photoListLinks,
                                  errors: ["401", "403", "404", "409", "413", "415", "422"]),
                "put": operation("reorderItemPhotos", "Puts an item's photos in a new order (the first is the cover). `order` names each photo once; `version` must be the item's current version, else 409.",
                                 body: ref("PhotoOrder"), ok: ("200", "The photos now", ref("PhotoList")),
                                 errors: ["400", "401", "403", "404", "409", "413", "415", "422"]),
            ],
            "/items/{key}/photos/{digest}.json": [
                "parameters": [keyParameter, digest],
                "delete": operation("deleteItemPhotoByDigest", "Removes one photo; the next becomes the cover.",
                                    ok: ("200", "The photos now", ref("PhotoList")), errors: ["401", "403", "404", "409"]),
            ],
            "/items/{key}/photos/{digest}": [
                "parameters": [keyParameter, digest],
                "get": photo,
            ],
        ]
    }

    static var photoSchemas: JSON {
        let digest: JSON = ["type": "string", "pattern": "^[0-9a-f]{64}$"]
        return [
            "Photo": [
                "type": "object", "required": ["digest", "position", "cover", "url", "thumbnail", "thumbnail2x"],
                "properties": [
                    "digest": digest,
                    "position": ["type": "integer", "minimum": 1, "maximum": ItemStore.maxPhotosPerItem],
                    "cover": ["type": "boolean"],
                    "url": ["type": "string"],
                    "thumbnail": ["type": "string", "description": "60 px square JPEG"],
                    "thumbnail2x": ["type": "string", "description": "120 px square JPEG"],
                ],
            ] as JSON,
            "PhotoList": [
                "type": "object", "required": ["key", "version", "photos"],
                "properties": [
                    "key": ["type": "string", "format": "uuid"],
                    "version": ["type": "integer", "minimum": 1],
                    "photos": ["type": "array", "maxItems": ItemStore.maxPhotosPerItem, "items": ref("Photo")],
                ],
            ] as JSON,
            "PhotoOrder": [
                "type": "object", "required": ["order", "version"],
                "properties": [
                    "order": ["type": "array", "maxItems": ItemStore.maxPhotosPerItem, "items": digest],
                    "version": ["type": "integer", "format": "int64", "minimum": 1],
                ],
            ] as JSON,
        ]
    }

    static var photoListLinks: JSON {
        let key: JSON = ["key": "$response.body#/key"]
        return [
            "ReorderItemPhotos": ["operationId": "reorderItemPhotos", "parameters": key],
            "DeleteFirstPhoto": ["operationId": "deleteItemPhotoByDigest",
                                 "parameters": ["key": "$response.body#/key", "digest": "$response.body#/photos/0/digest"]],
        ]
    }
}
