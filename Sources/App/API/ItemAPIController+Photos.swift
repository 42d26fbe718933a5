import Foundation
import HTTP
import Storage

/// Several photos per item in the API (issue 24): list, add, reorder (the first is the cover),
/// remove. Each write goes through a draft committed at once, as the dialog's Done: one
/// transaction, the version bumped, history recorded, 409 when the item changed meanwhile.
extension ItemAPIController {
    /// `GET /items/{key}/photos.json`
    func listPhotos(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        return try .json(try Self.photoList(item, store: store))
    }

    /// `POST /items/{key}/photos.json` — the body is one image, added after the others.
    func addPhoto(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let bytes = try Self.imageBody(request)
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try Self.photoProblems {
            try committing(draft, expectedVersion: item.version, request: request) {
                _ = try store.addDraftPhotos(id: draft.id, uploads: [bytes])
            }
        }
        return try .json(try Self.photoList(updated, store: store), status: .created)
    }

    /// `PUT /items/{key}/photos.json` `{order: [digest…], version}` — every photo once, cover first.
    func reorderPhotos(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let body = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        let version = ItemFields.integer(body, "version", required: true, invalid: "apiErrorInteger", &errors)
        let order = body["order"] as? [String]
        if order == nil || order!.count > ItemStore.maxPhotosPerItem { errors.append(.init(field: "order", message: "apiErrorPhotoOrder")) }
        guard errors.isEmpty, let version, let order else { throw ProblemDetails.invalid(errors) }
        guard version == item.version else { throw StoreError.conflict(current: item) }
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try Self.photoProblems {
            try committing(draft, expectedVersion: version, request: request) {
                _ = try store.reorderDraftPhotos(id: draft.id, digests: order)
            }
        }
        return try .json(try Self.photoList(updated, store: store))
    }

    /// `DELETE /items/{key}/photos/{digest}.json` — the next photo becomes the cover.
    func deletePhotoByDigest(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let digest = request.parameter("digest") ?? ""
        guard try store.photo(ofItem: item.key, digest: digest) != nil else {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNoPhoto")
        }
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try committing(draft, expectedVersion: item.version, request: request) {
            _ = try store.removeDraftPhoto(id: draft.id, digest: digest)
        }
        return try .json(try Self.photoList(updated, store: store))
    }

    /// `{key, version, photos: [{digest, position, cover, url, thumbnail, thumbnail2x}]}`
    static func photoList(_ item: Item, store: ItemStore) throws -> [String: Any] {
        let key = item.key.lowercasedString
        let photos: [[String: Any]] = try store.photoETags(ofItem: item.key).enumerated().map { index, etag in
            let url = "/items/\(key)/photos/\(Photo.digest(ofETag: etag))"
            return ["digest": Photo.digest(ofETag: etag), "position": index + 1, "cover": index == 0,
                    "url": url, "thumbnail": url + "/thumbnail/60", "thumbnail2x": url + "/thumbnail/120"]
        }
        return ["key": key, "version": item.version, "photos": photos]
    }

    /// The request body as an image upload: a declared image type (or octet-stream), not empty.
    static func imageBody(_ request: HTTPRequest) throws -> [UInt8] {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard let type, photoTypes.contains(type) else { throw ProblemDetails(status: .unsupportedMediaType, detail: "errorPhotoType") }
        let bytes = try request.body.bytes()
        guard !bytes.isEmpty else { throw ProblemDetails.invalid([.init(field: "photo", message: "errorPhotoMissing")]) }
        return bytes
    }

    /// The store's photo refusals as problem details, as the page upload words them.
    static func photoProblems<Result>(_ write: () throws -> Result) throws -> Result {
        do {
            return try write()
        } catch StoreError.photoTooLarge {
            throw ProblemDetails(status: .contentTooLarge, detail: "errorPhotoTooLarge")
        } catch StoreError.photoHasTooManyPixels {
            throw ProblemDetails(status: .contentTooLarge, detail: "errorPhotoPixels")
        } catch StoreError.unsupportedPhotoType {
            throw ProblemDetails(status: .unsupportedMediaType, detail: "errorPhotoType")
        } catch StoreError.unreadablePhoto {
            throw ProblemDetails.invalid([.init(field: "photo", message: "errorPhotoUnreadable")])
        } catch StoreError.tooManyPhotos {
            throw ProblemDetails.invalid([.init(field: "photo", message: "errorTooManyPhotos", arguments: [String(ItemStore.maxPhotosPerItem)])])
        } catch StoreError.photoNotFound {
            throw ProblemDetails.invalid([.init(field: "order", message: "apiErrorPhotoOrder")])
        }
    }
}
