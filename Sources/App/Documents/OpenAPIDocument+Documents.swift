import Foundation
import Storage

/// The documents' part of the OpenAPI document (issue 24): an item's receipts, manuals and
/// warranty cards, each named by its 1-based position or the SHA-256 of its bytes.
extension OpenAPIDocument {
    static var documentPaths: JSON {
        let document: JSON = [
            "name": "document", "in": "path", "required": true,
            "description": "The document's 1-based position, or the SHA-256 of its bytes in lowercase hex",
            "schema": ["type": "string", "pattern": "^([1-9][0-9]?|[0-9a-f]{64})$"],
        ]
        let query: [JSON] = [
            ["name": "kind", "in": "query", "description": "What it is (default: other)",
             "schema": ["type": "string", "enum": DocumentKind.allCases.map(\.rawValue)]],
            ["name": "title", "in": "query", "description": "Its title; when empty, the file's name cleaned (path, extension and control characters dropped)",
             "schema": ["type": "string", "maxLength": ItemStore.maxDocumentTitleLength]],
            ["name": "fileName", "in": "query", "description": "The file's name, kept with it",
             "schema": ["type": "string", "maxLength": ItemAPIController.maxFileNameLength]],
        ]
        let location: JSON = ["description": "The new document's URL", "required": true, "schema": ["type": "string"]]
        var download = operation("getItemDocument", "Downloads one document: always an attachment (`Content-Disposition`), typed from its bytes, with `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox` and a strong ETag (If-None-Match gives 304).",
                                 ok: ("200", "The document", ["type": "string"]), errors: ["401", "404"])
        var responses = download["responses"] as! JSON
        let binary: JSON = ["schema": ["type": "string", "format": "binary"]]
        responses["200"] = [
            "description": "The document's bytes",
            "headers": ["Content-Disposition": ["description": "attachment, with a plain and an RFC 8187 file name", "required": true,
                                                "schema": ["type": "string"]]],
            "content": ["application/pdf": binary, "image/jpeg": binary, "image/png": binary, "image/gif": binary, "image/webp": binary],
        ] as JSON
        responses["304"] = ["description": "Not modified (If-None-Match matched)"]
        download["responses"] = responses
        return [
            "/items/{key}/documents.json": [
                "parameters": [keyParameter],
                "get": operation("listItemDocuments", "An item's documents, in the order they were added.",
                                 ok: ("200", "The documents", ref("DocumentList")), links: documentListLinks, errors: ["401", "404"]),
                "post": operation("addItemDocument", "Adds a document after the others: the body is the file, a PDF or a JPEG, PNG, GIF or WebP image of at most 25 MB (its type is read from its bytes: anything else is 415). An item keeps at most \(ItemStore.maxDocumentsPerItem), each file once.",
                                  parameters: query, rawBody: ItemAPIController.documentTypes.sorted(),
                                  ok: ("201", "The documents now", ref("DocumentList")), okHeaders: ["Location": location],
                                  links: documentListLinks, errors: ["401", "403", "404", "409", "413", "415", "422"]),
            ],
            "/items/{key}/documents/{document}.json": [
                "parameters": [keyParameter, document],
                "delete": operation("deleteItemDocument", "Removes one document; the others close up.",
                                    ok: ("200", "The documents now", ref("DocumentList")), errors: ["401", "403", "404", "409"]),
            ],
            "/items/{key}/documents/{document}": [
                "parameters": [keyParameter, document],
                "get": download,
            ],
        ]
    }

    static var documentSchemas: JSON {
        [
            "Document": [
                "type": "object",
                "required": ["position", "digest", "kind", "title", "fileName", "mediaType", "size", "addedAt", "url"],
                "properties": [
                    "position": ["type": "integer", "minimum": 1, "maximum": ItemStore.maxDocumentsPerItem],
                    "digest": ["type": "string", "pattern": "^[0-9a-f]{64}$"],
                    "kind": ["type": "string", "enum": DocumentKind.allCases.map(\.rawValue)],
                    "title": ["type": "string", "minLength": 1, "maxLength": ItemStore.maxDocumentTitleLength],
                    "fileName": ["type": "string", "maxLength": ItemAPIController.maxFileNameLength],
                    "mediaType": ["type": "string", "enum": ["application/pdf", "image/jpeg", "image/png", "image/gif", "image/webp"]],
                    "size": ["type": "integer", "minimum": 1, "maximum": ItemStore.maxDocumentBytes],
                    "addedAt": ["type": "string", "format": "date-time"],
                    "url": ["type": "string", "description": "Where to download it"],
                ],
            ] as JSON,
            "DocumentList": [
                "type": "object", "required": ["key", "version", "documents"],
                "properties": [
                    "key": ["type": "string", "format": "uuid"],
                    "version": ["type": "integer", "minimum": 1],
                    "documents": ["type": "array", "maxItems": ItemStore.maxDocumentsPerItem, "items": ref("Document")],
                ],
            ] as JSON,
        ]
    }

    /// From an item to its documents.
    static var documentItemLinks: JSON {
        let key: JSON = ["key": "$response.body#/key"]
        return [
            "ListItemDocuments": ["operationId": "listItemDocuments", "parameters": key],
            "AddItemDocument": ["operationId": "addItemDocument", "parameters": key],
        ]
    }

    static var documentListLinks: JSON {
        [
            "GetFirstDocument": ["operationId": "getItemDocument",
                                 "parameters": ["key": "$response.body#/key", "document": "$response.body#/documents/0/digest"]],
            "DeleteFirstDocument": ["operationId": "deleteItemDocument",
                                    "parameters": ["key": "$response.body#/key", "document": "$response.body#/documents/0/digest"]],
        ]
    }
}
