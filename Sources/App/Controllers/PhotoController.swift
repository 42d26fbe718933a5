import Foundation
import HTTP
import Storage

/// Serves photos with a strong ETag: `If-None-Match` → 304; a versioned URL
/// (`?v=<etag>`) may be cached for a year, since a new photo gets a new URL.
struct PhotoController: Sendable {
    let store: ItemStore

    /// `GET /items/:key/photo`
    func itemPhoto(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text),
              let photo = try store.photo(forItem: key) else {
            throw HTTPError(.notFound, "This item has no photo.")
        }
        return Self.respond(with: photo, request: request, cacheable: true)
    }

    /// `GET /items/:key/thumbnails/:size` — the square JPEG thumbnail of a list cell (60 or 120 px).
    func itemThumbnail(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text),
              let size = request.parameter("size").flatMap({ Int($0) }), ItemStore.thumbnailSizes.contains(size),
              let thumbnail = try store.thumbnail(forItem: key, size: size) else {
            throw HTTPError(.notFound, "This item has no photo.")
        }
        return Self.respond(with: thumbnail, request: request, cacheable: true)
    }

    /// `GET /drafts/:id/photo` — the photo as it stands inside an open dialog.
    func draftPhoto(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let text = request.parameter("id"), let id = UUID(uuidString: text),
              let photo = try store.draftPhoto(id: id) else {
            throw HTTPError(.notFound, "This draft has no photo.")
        }
        return Self.respond(with: photo, request: request, cacheable: false)
    }

    static func respond(with photo: Photo, request: HTTPRequest, cacheable: Bool) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers[.etag] = photo.etag
        headers[.cacheControl] = cacheable && request.query("v") != nil
            ? "private, max-age=31536000, immutable"
            : "private, no-cache"
        if request.ifNoneMatch(photo.etag) == true {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers[.contentType] = photo.mediaType
        return HTTPResponse(status: .ok, headers: headers, body: photo.file.map { .file(path: $0.path, size: $0.size) } ?? .bytes(photo.bytes))
    }
}
