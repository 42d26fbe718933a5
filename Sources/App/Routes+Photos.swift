import HTTP
import Storage

extension HomepwnerApp {
    /// Largest body of the item dialog's form: up to ``ItemStore/maxPhotosPerItem`` photos of
    /// 10 MiB chosen at once, plus the fields and multipart framing. It is spooled to disk and
    /// each photo read in turn, never the whole body in memory.
    static let dialogFormBodyLimit = ItemStore.maxPhotosPerItem * 10 * 1024 * 1024 + 2 * 1024 * 1024

    /// The routes of several photos per item (issue 24): each photo and its thumbnails by the
    /// digest of its bytes, and the full-size viewer, for items and for an open dialog's draft.
    static func registerPhotoRoutes(_ routes: inout RouterBuilder, store: ItemStore, renderer: PageRenderer) {
        let photos = PhotoController(store: store)
        let viewer = PhotoViewerController(store: store, renderer: renderer)
        for holder in ["/items/:key", "/drafts/:id"] {
            routes.get("\(holder)/photos", viewer.show)
            routes.get("\(holder)/photos/:digest", photos.photo)
            routes.get("\(holder)/photos/:digest/thumbnail/:size", photos.photoThumbnail)
        }
    }
}
