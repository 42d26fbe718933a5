import HTTP
import Storage

extension HomepwnerApp {
    /// Largest body of the item dialog's form: up to ``ItemStore/maxPhotosPerItem`` photos of
    /// 10 MiB chosen at once, plus the fields and multipart framing. It is spooled to disk and
    /// each photo read in turn, never the whole body in memory.
    static let dialogFormBodyLimit = ItemStore.maxPhotosPerItem * 10 * 1024 * 1024 + 2 * 1024 * 1024

    /// The routes of several photos per item (issue 24): each photo and its thumbnails by the
    /// digest of its bytes, and the full-size viewer, for items and for an open dialog's draft;
    /// the photos' JSON API (list, add, reorder, remove).
    static func registerPhotoRoutes(_ routes: inout RouterBuilder, store: ItemStore, renderer: PageRenderer) {
        let photos = PhotoController(store: store)
        let viewer = PhotoViewerController(store: store, renderer: renderer)
        let api = ItemAPIController(store: store)
        let write = { handler in apiWrite(handler, csrf: renderer.csrf) }
        routes.get("/items/:key/photos.json", api.listPhotos)
        routes.post("/items/:key/photos.json", bodyLimit: photoFormBodyLimit, on: .photos, write(api.addPhoto))
        routes.put("/items/:key/photos.json", bodyLimit: JSONBody.limit, on: .writes, write(api.reorderPhotos))
        routes.delete("/items/:key/photos/:digest.json", on: .writes, write(api.deletePhotoByDigest))
        for holder in ["/items/:key", "/drafts/:id"] {
            routes.get("\(holder)/photos", viewer.show)
            routes.get("\(holder)/photos/:digest", photos.photo)
            routes.get("\(holder)/photos/:digest/thumbnail/:size", photos.photoThumbnail)
        }
    }
}
