import HTTP
import Storage

extension HomepwnerApp {
    /// Largest request body of one photo (the API's upload): the 10 MiB photo plus framing.
    /// Bigger bodies are refused by the server with 413.
    static let photoFormBodyLimit = 12 * 1024 * 1024

    /// Every route of the app. Every POST passes the same-origin filter on its head and
    /// then `verifiedForm` (or `apiWrite`), so none can skip the CSRF check unless it comes
    /// with an API token; GETs never change data.
    static func routes(
        store: ItemStore, accounts: AccountStore, security: AccountSecurity, renderer: PageRenderer, assets: Assets,
        live: LiveEvents, configuration: AppConfiguration
    ) throws -> Router {
        let list = ItemListController(store: store, renderer: renderer)
        let detail = DetailController(store: store, renderer: renderer)
        let photos = PhotoController(store: store)
        let deleted = DeletedController(store: store, renderer: renderer)
        let exchange = ExchangeController(store: store, renderer: renderer, spoolDirectory: configuration.dataDirectory)
        let report = ReportController(store: store, accounts: accounts, renderer: renderer, spoolDirectory: configuration.dataDirectory)
        let sessions = SessionController(
            accounts: accounts, renderer: renderer, throttle: security.throttle, setup: security.setupCode, decoyHash: security.decoyHash,
            live: live)
        let account = AccountController(accounts: accounts, store: store, renderer: renderer, live: live)
        let household = HouseholdController(store: store, account: account)
        let backup = BackupController(store: store, spoolDirectory: configuration.dataDirectory)
        let members = MembersController(accounts: accounts, renderer: renderer, sessions: sessions, account: account)
        let tokens = APITokenController(accounts: accounts, account: account)
        let api = ItemAPIController(store: store)
        let favourites = FavouriteController(store: store, renderer: renderer)
        let jobs = MemberJobs()

        let access = AccessGuard(accounts: accounts, publicDirectory: configuration.publicDirectory)
        var routes = RouterBuilder()
        // On PostgreSQL every read may wait on the network: pages and the API run on a pool.
        if store.engine == .postgresql { routes.defaultPool = .reads }
        routes.use(SecurityHeaders())
        routes.use(ErrorPages(renderer: renderer, log: configuration.log))
        // API requests' errors as problem details, never pages; `Accept: application/json` → `.json`.
        routes.use(APIProblems(log: configuration.log))
        routes.use(APINegotiation())
        // Several instances on PostgreSQL: nothing is answered from what another one changed since.
        if store.engine == .postgresql { routes.use(SharedStateSync(store: store)) }
        // Inside the error pages: who is asking, and may they?
        routes.use(access)
        routes.use(ConflictFavourite(store: store))
        // Before any body is read: cross-site, token-less, anonymous and viewers' writes are refused.
        routes.filter(SameOriginFilter(csrf: renderer.csrf))
        routes.filter(access)

        routes.getFromMemory("/health") { _ in .text("ok") }
        routes.getFromMemory("/") { _ in .redirect(to: "/items") }
        for asset in assets.all {
            routes.getFromMemory(asset.url) { request in asset.response(to: request) }
        }

        // GETs only read, on the event loops (SQLite) or the reads pool (PostgreSQL). Every write
        // runs on a pool (WorkPool+App.swift): it may wait for the database's writer, and an
        // event loop never waits.
        routes.get("/items", list.list)
        routes.get("/events", EventsController(live: live).stream)
        let verified = { handler in verifiedForm(handler, csrf: renderer.csrf) }
        routes.post("/items", on: .writes, verified(list.add))
        routes.get("/items.csv", on: .memberJobs, admission: jobs.admit, exchange.export)
        routes.get("/items/report", on: .memberJobs, admission: jobs.admit, report.show)
        routes.get("/items/import", exchange.importPage)
        routes.post("/items/import", bodyLimit: ExchangeController.uploadBodyLimit, on: .memberJobs, admission: jobs.admit,
                    verified(exchange.upload))
        routes.post("/items/import/undo", on: .writes, verified(exchange.undoImport))
        routes.get("/items/import/:id", on: .memberJobs, admission: jobs.admit, exchange.preview)
        routes.post("/items/import/:id", on: .memberJobs, admission: jobs.admit, verified(exchange.confirm))
        routes.post("/items/import/:id/cancel", on: .writes, verified(exchange.cancel))
        routes.get("/items/delete", list.confirmDelete)
        routes.get("/items/move-selected", list.moveSelectedPage)
        routes.post("/items/move-selected", on: .writes, verified(list.moveSelected))
        routes.post("/items/move-to-location", on: .writes, verified(list.moveSelectedToLocation))
        routes.post("/items/delete", on: .writes, verified(list.delete))
        routes.post("/items/restore", on: .writes, verified(list.restore))
        routes.get("/items/:key", detail.showItem)
        routes.register(.photos)
        routes.post("/items/:key", bodyLimit: dialogFormBodyLimit, on: .writes, admission: PhotoSubmissions.admit, verified(detail.submitItem))
        routes.post("/items/:key/cancel", on: .writes, verified(detail.cancelItem))
        routes.get("/items/:key/move", list.movePage)
        routes.post("/items/:key/move", on: .writes, verified(list.move))
        routes.post("/items/:key/favourite", on: .writes, verified(favourites.toggle))
        routes.get("/items/:key/photo", photos.itemPhoto)
        routes.get("/items/:key/thumbnails/:size", photos.itemThumbnail)
        routes.get("/locations/:key", list.locationPage)
        routes.get("/labels/:key", list.labelPage)
        routes.get("/deleted", deleted.list)
        routes.post("/deleted/:key/restore", on: .writes, verified(deleted.restore))
        routes.post("/deleted/:key/delete", on: .writes, verified(deleted.deleteNow))
        routes.get("/deleted/:key/thumbnails/:size", deleted.thumbnail)

        // The way in and out. Password hashing has a pool of its own, and a throttled sign-in
        // is answered before any hashing is queued.
        routes.get("/sign-in", sessions.showSignIn)
        routes.post("/sign-in", on: .passwords, admission: sessions.admitSignIn, verified(sessions.signIn))
        routes.get("/setup", sessions.showSetup)
        routes.post("/setup", on: .passwords, admission: sessions.admitPasswordWork, verified(sessions.completeSetup))
        routes.post("/sign-out", on: .writes, verified(sessions.signOut))
        routes.get("/account", account.show)
        let settings = SettingsController(accounts: accounts, renderer: renderer)
        routes.get("/settings", settings.show)
        routes.post("/settings", on: .writes, verified(settings.save))
        routes.get("/account/backup", on: .memberJobs, admission: jobs.admit, backup.download)
        routes.post("/account/password", on: .passwords, admission: sessions.admitPasswordWork, verified(account.changePassword))
        routes.post("/account/sessions/end", on: .writes, verified(account.endSession))
        routes.post("/account/sign-out-everywhere", on: .writes, verified(sessions.signOutEverywhere))
        routes.post("/members/invitations", on: .writes, verified(members.invite))
        routes.post("/members/invitations/revoke", on: .writes, verified(members.revoke))
        routes.post("/members/:id/role", on: .writes, verified(members.setRole))
        routes.post("/members/:id/remove", on: .writes, verified(members.remove))
        routes.post("/members/high-value", on: .writes, verified(household.setValuableThreshold))
        routes.get("/invitations/:token", members.showInvitation)
        routes.post("/invitations/:token", on: .passwords, admission: sessions.admitPasswordWork, verified(members.accept))

        // The JSON API (README "JSON API", /openapi.json): the same store and rules as the pages.
        let write = { handler in apiWrite(handler, csrf: renderer.csrf) }
        let openAPI = try OpenAPIDocument.bytes()
        routes.getFromMemory("/openapi.json") { _ in
            HTTPResponse(headers: [.contentType: "application/json", .cacheControl: "no-cache"], body: .bytes(openAPI))
        }
        routes.get("/items.json", api.list)
        routes.post("/items.json", bodyLimit: JSONBody.limit, on: .writes, write(api.create))
        routes.post("/items/restore.json", bodyLimit: JSONBody.limit, on: .writes, write(api.restore))
        routes.get("/items/:key.json", api.show)
        routes.put("/items/:key.json", bodyLimit: JSONBody.limit, on: .writes, write(api.update))
        routes.delete("/items/:key.json", on: .writes, write(api.delete))
        routes.post("/items/:key/move.json", bodyLimit: JSONBody.limit, on: .writes, write(api.move))
        routes.put("/items/:key/photo.json", bodyLimit: photoFormBodyLimit, on: .photos, write(api.putPhoto))
        routes.delete("/items/:key/photo.json", on: .writes, write(api.deletePhoto))
        routes.put("/items/:key/favourite.json", on: .writes, write(api.putFavourite))
        routes.delete("/items/:key/favourite.json", on: .writes, write(api.deleteFavourite))
        routes.post("/account/tokens", on: .writes, verified(tokens.create))
        routes.post("/account/tokens/revoke", on: .writes, verified(tokens.revoke))

        routes.get("/drafts/:id", detail.showDraft)
        routes.post("/drafts/:id", bodyLimit: dialogFormBodyLimit, on: .writes, admission: PhotoSubmissions.admit, verified(detail.submitDraft))
        routes.post("/drafts/:id/cancel", on: .writes, verified(detail.cancelDraft))
        routes.get("/drafts/:id/photo", photos.draftPhoto)

        registerPlaceRoutes(&routes, store: store, renderer: renderer)
        registerPhotoRoutes(&routes, store: store, renderer: renderer)
        registerTakeawayRoutes(&routes, store: store, renderer: renderer, spoolDirectory: configuration.dataDirectory, jobs: jobs)
        registerQRLabelRoutes(&routes, store: store, renderer: renderer, configuration: configuration)
        registerOwnershipRoutes(&routes, store: store, renderer: renderer)
        registerDocumentRoutes(&routes, store: store, renderer: renderer)
        registerIntroRoutes(&routes, accounts: accounts, renderer: renderer)

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
