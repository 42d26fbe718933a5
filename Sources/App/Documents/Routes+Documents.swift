import HTTP
import Storage

extension HomepwnerApp {
    /// Largest body of the API's document upload: the 25 MiB document and a little more, so
    /// that a larger one is refused by the store's own message (413) rather than mid-stream.
    static let documentBodyLimit = ItemStore.maxDocumentBytes + 64 * 1024

    /// The routes of documents (issue 24 point 2): each document by position or digest, for
    /// items and for an open dialog's draft, downloaded by any member; the documents' JSON API
    /// (list, upload, remove). The dialog adds and removes them through its own form.
    static func registerDocumentRoutes(_ routes: inout RouterBuilder, store: ItemStore, renderer: PageRenderer) {
        let documents = DocumentController(store: store)
        let api = ItemAPIController(store: store)
        let write = { handler in apiWrite(handler, csrf: renderer.csrf) }
        routes.get("/items/:key/documents.json", api.listDocuments)
        // An upload is read and hashed a piece at a time: with the photos, off the writes pool.
        routes.post("/items/:key/documents.json", bodyLimit: documentBodyLimit, on: .photos, write(api.addDocument))
        routes.delete("/items/:key/documents/:document.json", on: .writes, write(api.deleteDocument))
        for holder in ["/items/:key", "/drafts/:id"] {
            routes.get("\(holder)/documents/:document", on: .documents, admission: documents.admitDownload, documents.download)
        }
    }
}
