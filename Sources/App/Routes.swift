import HTTP
import Storage

extension HomepwnerApp {
    /// Largest request body a photo form may send: the 10 MiB photo plus the other
    /// fields and multipart framing. Bigger bodies are refused by the server with 413.
    static let photoFormBodyLimit = 12 * 1024 * 1024

    /// Every route of the app. Every POST passes the same-origin filter on its head and
    /// then `verifiedForm` (or `apiWrite`), so none can skip the CSRF check unless it comes
    /// with an API token; GETs never change data.
    static func routes(
        store: ItemStore, accounts: AccountStore, security: AccountSecurity, renderer: PageRenderer, assets: Assets,
        configuration: AppConfiguration
    ) throws -> Router {
        let list = ItemListController(store: store, renderer: renderer)
        let detail = DetailController(store: store, renderer: renderer)
        let photos = PhotoController(store: store)
        let deleted = DeletedController(store: store, renderer: renderer)
        let exchange = ExchangeController(store: store, renderer: renderer, spoolDirectory: configuration.dataDirectory)
        let report = ReportController(store: store, accounts: accounts, renderer: renderer, spoolDirectory: configuration.dataDirectory)
        let sessions = SessionController(
            accounts: accounts, renderer: renderer, throttle: security.throttle, setup: security.setupCode, decoyHash: security.decoyHash)
        let account = AccountController(accounts: accounts, renderer: renderer)
        let backup = BackupController(store: store, spoolDirectory: configuration.dataDirectory)
        let members = MembersController(accounts: accounts, renderer: renderer, sessions: sessions, account: account)
        let tokens = APITokenController(accounts: accounts, account: account)
        let api = ItemAPIController(store: store)

        let access = AccessGuard(accounts: accounts, publicDirectory: configuration.publicDirectory)
        var routes = RouterBuilder()
        routes.use(SecurityHeaders())
        routes.use(ErrorPages(renderer: renderer, log: configuration.log))
        // API requests' errors as problem details, never pages; `Accept: application/json` → `.json`.
        routes.use(APIProblems(log: configuration.log))
        routes.use(APINegotiation())
        // Inside the error pages: who is asking, and may they?
        routes.use(access)
        // Before any body is read: cross-site, token-less, anonymous and viewers' writes are refused.
        routes.filter(SameOriginFilter(csrf: renderer.csrf))
        routes.filter(access)

        routes.get("/health") { _ in .text("ok") }
        routes.get("/") { _ in .redirect(to: "/items") }
        for asset in assets.all {
            routes.get(asset.url) { request in asset.response(to: request) }
        }

        routes.get("/items", list.list)
        let verified = { handler in verifiedForm(handler, csrf: renderer.csrf) }
        routes.post("/items", verified(list.add))
        routes.get("/items.csv", offloaded: true, exchange.export)
        routes.get("/items/report", offloaded: true, report.show)
        routes.get("/items/import", exchange.importPage)
        routes.post("/items/import", bodyLimit: ExchangeController.uploadBodyLimit, offloaded: true, verified(exchange.upload))
        routes.get("/items/import/:id", offloaded: true, exchange.preview)
        routes.post("/items/import/:id", offloaded: true, verified(exchange.confirm))
        routes.post("/items/import/:id/cancel", verified(exchange.cancel))
        routes.get("/items/delete", list.confirmDelete)
        routes.post("/items/delete", verified(list.delete))
        routes.post("/items/restore", verified(list.restore))
        routes.get("/items/:key", detail.showItem)
        routes.post("/items/:key", bodyLimit: photoFormBodyLimit, verified(detail.submitItem))
        routes.post("/items/:key/cancel", verified(detail.cancelItem))
        routes.get("/items/:key/move", list.movePage)
        routes.post("/items/:key/move", verified(list.move))
        routes.get("/items/:key/photo", photos.itemPhoto)
        routes.get("/items/:key/thumbnails/:size", photos.itemThumbnail)
        routes.get("/deleted", deleted.list)
        routes.post("/deleted/:key/restore", verified(deleted.restore))
        routes.post("/deleted/:key/delete", verified(deleted.deleteNow))
        routes.get("/deleted/:key/thumbnails/:size", deleted.thumbnail)

        // The way in and out (password hashing runs offloaded, never on an event loop).
        routes.get("/sign-in", sessions.showSignIn)
        routes.post("/sign-in", offloaded: true, verified(sessions.signIn))
        routes.get("/setup", sessions.showSetup)
        routes.post("/setup", offloaded: true, verified(sessions.completeSetup))
        routes.post("/sign-out", verified(sessions.signOut))
        routes.get("/account", account.show)
        routes.get("/account/backup", offloaded: true, backup.download)
        routes.post("/account/password", offloaded: true, verified(account.changePassword))
        routes.post("/account/sessions/end", verified(account.endSession))
        routes.post("/account/sign-out-everywhere", verified(sessions.signOutEverywhere))
        routes.post("/members/invitations", verified(members.invite))
        routes.post("/members/invitations/revoke", verified(members.revoke))
        routes.post("/members/:id/role", verified(members.setRole))
        routes.post("/members/:id/remove", verified(members.remove))
        routes.get("/invitations/:token", members.showInvitation)
        routes.post("/invitations/:token", offloaded: true, verified(members.accept))

        // The JSON API (README "JSON API", /openapi.json): the same store and rules as the pages.
        let write = { handler in apiWrite(handler, csrf: renderer.csrf) }
        let openAPI = try OpenAPIDocument.bytes()
        routes.get("/openapi.json") { _ in
            HTTPResponse(headers: [.contentType: "application/json", .cacheControl: "no-cache"], body: .bytes(openAPI))
        }
        routes.get("/items.json", api.list)
        routes.post("/items.json", bodyLimit: JSONBody.limit, write(api.create))
        routes.post("/items/restore.json", bodyLimit: JSONBody.limit, write(api.restore))
        routes.get("/items/:key.json", api.show)
        routes.put("/items/:key.json", bodyLimit: JSONBody.limit, write(api.update))
        routes.delete("/items/:key.json", write(api.delete))
        routes.post("/items/:key/move.json", bodyLimit: JSONBody.limit, write(api.move))
        routes.put("/items/:key/photo.json", bodyLimit: photoFormBodyLimit, write(api.putPhoto))
        routes.delete("/items/:key/photo.json", write(api.deletePhoto))
        routes.post("/account/tokens", verified(tokens.create))
        routes.post("/account/tokens/revoke", verified(tokens.revoke))

        routes.get("/drafts/:id", detail.showDraft)
        routes.post("/drafts/:id", bodyLimit: photoFormBodyLimit, verified(detail.submitDraft))
        routes.post("/drafts/:id/cancel", verified(detail.cancelDraft))
        routes.get("/drafts/:id/photo", photos.draftPhoto)

        routes.serveStaticFiles(from: configuration.publicDirectory)
        return routes.build()
    }

    /// An API write: with a session cookie it needs the session's CSRF token in
    /// `X-CSRF-Token` (the same-origin filter has run on its head); with an API token, nothing more.
    static func apiWrite(_ handler: @escaping HTTPHandler, csrf: CSRFProtection) -> HTTPHandler {
        { request in
            if request.signedIn?.apiTokenID == nil { try csrf.verify(request, token: request.headers[CSRFProtection.headerName]) }
            return try handler(request)
        }
    }

    /// Parses the POST body (urlencoded or multipart) and rejects it with 403 unless it
    /// carries the browser's CSRF token, before the handler sees it.
    static func verifiedForm(
        _ handler: @escaping @Sendable (HTTPRequest, SubmittedForm) throws -> HTTPResponse, csrf: CSRFProtection
    ) -> HTTPHandler {
        { request in
            let form = try SubmittedForm(request: request)
            try csrf.verify(request, form: form)
            return try handler(request, form)
        }
    }
}
