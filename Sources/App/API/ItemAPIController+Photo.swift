import Foundation
import HTTP
import Storage

extension ItemAPIController {
    /// Body types a photo upload may declare; the store reads the type from the bytes
    /// (JPEG, PNG, GIF or WebP) and refuses anything else with 415, as the page upload does.
    static let photoTypes: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp", "application/octet-stream"]

    /// `PUT /items/{key}/photo.json` — the request body is the image (at most 10 MB); it
    /// replaces the cover (the other photos stay), stripped of metadata and given thumbnails,
    /// as from the detail dialog.
    func putPhoto(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let bytes = try Self.imageBody(request)
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try Self.photoProblems {
            try committing(draft, expectedVersion: item.version, request: request) {
                _ = try store.setDraftPhoto(id: draft.id, bytes: bytes)
            }
        }
        return try .json(ItemJSON.object(updated, store: store, favourites: try favourites(request)))
    }

    /// `DELETE /items/{key}/photo.json` — removes the cover; the next photo becomes the cover
    /// (200 even when it had none).
    func deletePhoto(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        guard item.photoETag != nil else { return try .json(ItemJSON.object(item, store: store, favourites: try favourites(request))) }
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try committing(draft, expectedVersion: item.version, request: request) {
            _ = try store.removeDraftPhoto(id: draft.id)
        }
        return try .json(ItemJSON.object(updated, store: store, favourites: try favourites(request)))
    }
}
