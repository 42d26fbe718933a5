import HTTP
import Storage

extension HomepwnerApp {
    /// The introduction's routes (issue 26 part 4): its three pages, and Skip/Start. The pages
    /// only read (nothing at all from the store); Skip and Start are a `verifiedForm` POST.
    static func registerIntroRoutes(_ routes: inout RouterBuilder, accounts: AccountStore, renderer: PageRenderer) {
        let intro = IntroController(accounts: accounts, renderer: renderer)
        let verified = { handler in verifiedForm(handler, csrf: renderer.csrf) }
        routes.get("/intro", intro.first)
        routes.get("/intro/:page", intro.numbered)
        routes.post("/intro", on: .writes, verified(intro.finish))
    }
}
