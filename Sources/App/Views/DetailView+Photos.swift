import Foundation
import Mustache
import Storage

extension DetailView {
    /// Where a dialog's photos are served from: the item's (as stored) or its draft's (as edited).
    struct PhotoSource {
        /// `/items/<key>` or `/drafts/<id>`.
        let base: String
        /// The photos' ETags, cover first.
        let etags: [String]

        init(_ subject: Subject, itemPhotos: [String]) {
            switch subject {
            case .draft(let draft):
                base = "/drafts/\(draft.id.lowercasedString)"
                etags = draft.photoETags
            case .item(let item):
                base = "/items/\(item.key.lowercasedString)"
                etags = itemPhotos
            }
        }

        /// A photo's own URL: it names the bytes, so it may be kept for a year.
        func photoURL(_ etag: String) -> String { "\(base)/photos/\(Photo.digest(ofETag: etag))" }
        func thumbnailURL(_ etag: String, size: Int) -> String { photoURL(etag) + "/thumbnail/\(size)" }
        /// The full-size viewer at one photo (a link to its slide).
        func viewerURL(_ position: Int, list: ListQuery) -> String { "\(base)/photos\(list.stateQuery)#photo-\(position)" }
    }

    /// The cover, and the strip of every photo with its ↑, ↓, Make cover and Remove buttons
    /// (members who may edit; plain submit buttons of the dialog's form, so they work without
    /// JavaScript and keep what was typed).
    func photoValues(_ source: PhotoSource, name: String, list: ListQuery, context: PageContext) -> [String: MustacheValue] {
        var values: [String: MustacheValue] = [:]
        guard let cover = source.etags.first else { return values }
        let count = source.etags.count
        values["photoURL"] = .string(source.photoURL(cover))
        values["photoAlt"] = .string(context.format("photoOf", name))
        values["photoViewerHref"] = .string(source.viewerURL(1, list: list))
        values["singlePhoto"] = .bool(count == 1)
        values["photoCount"] = .string(String(count))
        values["photos"] = .list(source.etags.enumerated().map { index, etag in
            let position = index + 1
            let digest = Photo.digest(ofETag: etag)
            var photo: [String: MustacheValue] = [
                "digest": .string(digest),
                "position": .int(position),
                "thumbnailURL": .string(source.thumbnailURL(etag, size: 60)),
                "thumbnail2xURL": .string(source.thumbnailURL(etag, size: 120)),
                "viewerHref": .string(source.viewerURL(position, list: list)),
                "alt": .string(context.format("photoNumber", String(position), String(count), name)),
                "caption": .string(index == 0 ? context.text("photoCover") : context.format("photoPosition", String(position))),
                "isCover": .bool(index == 0),
                "upLabel": .string(context.format("photoMoveUp", String(position))),
                "downLabel": .string(context.format("photoMoveDown", String(position))),
                "coverLabel": .string(context.format("photoMakeCover", String(position))),
                "removeLabel": .string(context.format("photoRemove", String(position))),
            ]
            if index > 0 { photo["canMoveUp"] = true }
            if index < count - 1 { photo["canMoveDown"] = true }
            return .object(photo)
        })
        return values
    }
}
