import Foundation
import HTTP
import Mustache
import Storage

extension PhotoController {
    /// `GET /items/:key/photos/:digest` and `/drafts/:id/photos/:digest` — one of the photos,
    /// by the digest of its bytes: the URL names the bytes, so it may be kept for a year.
    func photo(_ request: HTTPRequest) throws -> HTTPResponse {
        let digest = request.parameter("digest") ?? ""
        let photo = try holder(request).map { holder in
            switch holder {
            case .item(let key): try store.photo(ofItem: key, digest: digest)
            case .draft(let id): try store.photo(ofDraft: id, digest: digest)
            }
        } ?? nil
        guard let photo else { throw HTTPError(.notFound, "No such photo.") }
        return Self.respondImmutable(with: photo, request: request)
    }

    /// `GET /items/:key/photos/:digest/thumbnail/:size` (and a draft's): 60 or 120 px, square.
    func photoThumbnail(_ request: HTTPRequest) throws -> HTTPResponse {
        let digest = request.parameter("digest") ?? ""
        guard let size = request.parameter("size").flatMap({ Int($0) }), ItemStore.thumbnailSizes.contains(size) else {
            throw HTTPError(.notFound, "No such thumbnail size.")
        }
        let thumbnail = try holder(request).map { holder in
            switch holder {
            case .item(let key): try store.thumbnail(ofItem: key, digest: digest, size: size)
            case .draft(let id): try store.thumbnail(ofDraft: id, digest: digest, size: size)
            }
        } ?? nil
        guard let thumbnail else { throw HTTPError(.notFound, "No such photo.") }
        return Self.respondImmutable(with: thumbnail, request: request)
    }

    /// A photo addressed by its digest never changes: cached for a year, revalidated by ETag.
    static func respondImmutable(with photo: Photo, request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers[.etag] = photo.etag
        headers[.cacheControl] = "private, max-age=31536000, immutable"
        if request.ifNoneMatch(photo.etag) == true { return HTTPResponse(status: .notModified, headers: headers) }
        headers[.contentType] = photo.mediaType
        return HTTPResponse(status: .ok, headers: headers, body: photo.file.map { .file(path: $0.path, size: $0.size) } ?? .bytes(photo.bytes))
    }

    enum Holder {
        case item(UUID)
        case draft(UUID)
    }

    /// The item (`:key`) or draft (`:id`) the URL names, or `nil` when it is not a UUID.
    func holder(_ request: HTTPRequest) -> Holder? {
        if let text = request.parameter("key") { return UUID(uuidString: text).map(Holder.item) }
        return request.parameter("id").flatMap { UUID(uuidString: $0) }.map(Holder.draft)
    }
}
