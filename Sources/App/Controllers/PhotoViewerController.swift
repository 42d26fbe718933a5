import Foundation
import HTTP
import Mustache
import Storage

/// The full-size viewer of an item's (or an open dialog's) photos: one slide per photo in a
/// strip that snaps, so a phone swipes between them with no script at all; each slide links
/// to the one before and after (`#photo-N`), and the dialog's thumbnails open it at theirs.
struct PhotoViewerController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    /// `GET /items/:key/photos` and `GET /drafts/:id/photos`.
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let list = ListQuery(request: request).state
        let name: String
        let base: String
        let etags: [String]
        if let text = request.parameter("key") {
            guard let key = UUID(uuidString: text), let item = try store.item(key: key) else { throw HTTPError(.notFound, "No such item.") }
            name = item.name
            base = "/items/\(key.lowercasedString)"
            etags = try store.photoETags(ofItem: key)
        } else {
            guard let id = request.parameter("id").flatMap({ UUID(uuidString: $0) }), let draft = try store.draft(id: id) else {
                throw HTTPError(.notFound, "No such draft. It may have been cancelled or saved already.")
            }
            name = draft.name
            base = "/drafts/\(id.lowercasedString)"
            etags = draft.photoETags
        }
        let shownName = DetailView.title(name, context: context)
        let count = etags.count
        let slides: [MustacheValue] = etags.enumerated().map { index, etag in
            let position = index + 1
            var slide: [String: MustacheValue] = [
                "position": .int(position),
                "src": .string("\(base)/photos/\(Photo.digest(ofETag: etag))"),
                "alt": .string(context.format("photoNumber", String(position), String(count), shownName)),
                "counter": .string(context.format("viewerCounter", String(position), String(count))),
            ]
            if index > 0 { slide["previousHref"] = .string("#photo-\(position - 1)") }
            if index < count - 1 { slide["nextHref"] = .string("#photo-\(position + 1)") }
            return .object(slide)
        }
        let values: [String: MustacheValue] = [
            "title": .string(context.format("viewerTitle", shownName)),
            "backHref": .string(base + list.stateQuery),
            "slides": .list(slides),
            "none": .bool(count == 0),
        ]
        return try renderer.render("items/photo-viewer", values, context: context)
    }
}
