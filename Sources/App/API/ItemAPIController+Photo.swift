import Foundation
import HTTP
import Storage

extension ItemAPIController {
    /// Body types a photo upload may declare; the store reads the type from the bytes
    /// (JPEG, PNG, GIF or WebP) and refuses anything else with 415, as the page upload does.
    static let photoTypes: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp", "application/octet-stream"]

    /// `PUT /items/{key}/photo.json` — the request body is the image (at most 10 MB); the
    /// photo is stripped of metadata and given thumbnails, as from the detail dialog.
    func putPhoto(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard let type, Self.photoTypes.contains(type) else {
            throw ProblemDetails(status: .unsupportedMediaType, detail: "errorPhotoType")
        }
        let bytes = try request.body.bytes()
        guard !bytes.isEmpty else { throw ProblemDetails.invalid([.init(field: "photo", message: "errorPhotoMissing")]) }
        let draft = try store.beginEditDraft(key: item.key)
        do {
            let updated = try committing(draft, expectedVersion: item.version, request: request) {
                _ = try store.setDraftPhoto(id: draft.id, bytes: bytes)
            }
            return try .json(ItemJSON.object(updated, store: store))
        } catch StoreError.photoTooLarge {
            throw ProblemDetails(status: .contentTooLarge, detail: "errorPhotoTooLarge")
        } catch StoreError.photoHasTooManyPixels {
            throw ProblemDetails(status: .contentTooLarge, detail: "errorPhotoPixels")
        } catch StoreError.unsupportedPhotoType {
            throw ProblemDetails(status: .unsupportedMediaType, detail: "errorPhotoType")
        } catch StoreError.unreadablePhoto {
            throw ProblemDetails.invalid([.init(field: "photo", message: "errorPhotoUnreadable")])
        }
    }

    /// `DELETE /items/{key}/photo.json` — the item without a photo (200 even when it had none).
    func deletePhoto(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        guard item.photoETag != nil else { return try .json(ItemJSON.object(item, store: store)) }
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try committing(draft, expectedVersion: item.version, request: request) {
            _ = try store.removeDraftPhoto(id: draft.id)
        }
        return try .json(ItemJSON.object(updated, store: store))
    }
}
