import HTTP
import Storage

extension HomepwnerApp {
    /// Largest request body a photo form may send: the 10 MiB photo plus the other
    /// fields and multipart framing. Bigger bodies are refused by the server with 413.
    static let photoFormBodyLimit = 12 * 1024 * 1024

    /// Every route of the app. Every POST goes through `verifiedForm`, so none can
    /// skip the CSRF check; GETs never change data.
    static func routes(store: ItemStore, renderer: PageRenderer, assets: Assets, configuration: AppConfiguration) -> Router {
        let list = ItemListController(store: store, renderer: renderer)
        let detail = DetailController(store: store, renderer: renderer)
        let photos = PhotoController(store: store)

        var routes = RouterBuilder()
        routes.use(SecurityHeaders())
        routes.use(ErrorPages(renderer: renderer, log: configuration.log))

        routes.get("/health") { _ in .text("ok") }
        routes.get("/") { _ in .redirect(to: "/items") }
        for asset in assets.all {
            routes.get(asset.url) { request in asset.response(to: request) }
        }

        routes.get("/items", list.list)
        routes.post("/items", verifiedForm(list.add))
        routes.get("/items/delete", list.confirmDelete)
        routes.post("/items/delete", verifiedForm(list.delete))
        routes.get("/items/:key", detail.showItem)
        routes.post("/items/:key", bodyLimit: photoFormBodyLimit, verifiedForm(detail.submitItem))
        routes.post("/items/:key/cancel", verifiedForm(detail.cancelItem))
        routes.post("/items/:key/move", verifiedForm(list.move))
        routes.get("/items/:key/photo", photos.itemPhoto)

        routes.get("/drafts/:id", detail.showDraft)
        routes.post("/drafts/:id", bodyLimit: photoFormBodyLimit, verifiedForm(detail.submitDraft))
        routes.post("/drafts/:id/cancel", verifiedForm(detail.cancelDraft))
        routes.get("/drafts/:id/photo", photos.draftPhoto)

        routes.serveStaticFiles(from: configuration.publicDirectory)
        return routes.build()
    }

    /// Parses the POST body (urlencoded or multipart) and rejects it with 403 unless it
    /// carries the browser's CSRF token, before the handler sees it.
    static func verifiedForm(
        _ handler: @escaping @Sendable (HTTPRequest, SubmittedForm) throws -> HTTPResponse
    ) -> HTTPHandler {
        { request in
            let form = try SubmittedForm(request: request)
            try CSRFToken.verify(request, form: form)
            return try handler(request, form)
        }
    }
}
