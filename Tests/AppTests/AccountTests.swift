import Cryptography
import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 11 over HTTP: setup, sign-in, sessions, roles, invitations, throttling.
@Suite("Accounts over HTTP")
struct AccountTests {
    /// Every route with sample values for its captures.
    static func concretePaths(_ app: HomepwnerApp, key: String) -> [(HTTPMethod, String)] {
        app.router.routes.map { route in
            var path = route.path
            for (capture, value) in [(":key", key), (":id", "1"), (":token", String(repeating: "ab", count: 32)), (":size", "60"),
                                      (":digest", String(repeating: "ab", count: 32))] {
                path = path.replacingOccurrences(of: capture, with: value)
            }
            return (route.method, path)
        }
    }

    static let publicPaths: Set<String> = ["/sign-in", "/setup", "/health", "/openapi.json"]

    @Test("Signed out, every route reveals nothing: GETs lead to sign-in (API reads are 401), writes are refused")
    func everyRouteGuarded() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Secret diamond", serial: "SD-77", photo: TestImages.png(seed: 5))
            let stranger = Browser(client: browser.client.makeClient())
            _ = try stranger.get("/sign-in")  // a CSRF cookie and token, as a real page would give
            let paths = Self.concretePaths(app, key: item.key.lowercasedString)
            let postPaths = Set(paths.filter { $0.0 == .post }.map(\.1))
            for (method, path) in paths {
                if Self.publicPaths.contains(path) || path.hasPrefix("/invitations/") || path.hasPrefix("/assets/") { continue }
                let page = method == .get ? try stranger.get(path) : try stranger.post(path, ["key": item.key.lowercasedString])
                #expect(!page.text.contains("Secret diamond") && !page.text.contains("SD-77"), "\(method) \(path)")
                if method == .get, path.hasSuffix(".json") || HTTPRequest.isItemPhotoPath(path) || HTTPRequest.isItemDocumentPath(path) {
                    // The JSON API (an item's photos and documents are part of it): 401 problem details that offer a
                    // Bearer token, never a sign-in page.
                    #expect(page.status == 401 && page.headers[.contentType] == "application/problem+json", "\(method) \(path) → \(page.status)")
                } else if method == .get {
                    #expect(page.status == 303 && page.location?.hasPrefix("/sign-in?next=") == true, "\(method) \(path) → \(page.status)")
                } else if method == .post || postPaths.contains(path) {
                    #expect(page.status == 401 || page.status == 403, "\(method) \(path) → \(page.status)")
                } else {
                    // A POST to a PUT or DELETE route: the method is wrong whoever asks (RFC 9110 §15.5.6).
                    #expect(page.status == 405 && page.headers[.allow]?.contains(method.rawValue) == true, "POST \(path) → \(page.status)")
                }
            }
            #expect(try app.store.count() == 1)
            // The look (Public/) is no one's data: served signed out. Nothing else is.
            for path in ["/css/app.css", "/js/app.js", "/favicon.svg", "/bench/sample-20k.txt"] {
                #expect(try stranger.get(path).status == 200, "\(path)")
            }
            for path in ["/cssx", "/css", "/bench../items", "/items/../css/app.css/../../items", "/css/../items", "/css/%2e%2e/items",
                         "/css/%2E%2E/items/" + item.key.lowercasedString, "/js/..%2fitems", "/css//../items.json"] {
                let page = try stranger.get(path)
                #expect(page.status != 200 && !page.text.contains("Secret diamond"), "\(path) → \(page.status)")
            }
        }
    }

    @Test("After sign-out the same cookie gets the sign-in page; sign-in goes back where it was asked")
    func signOutAndBack() throws {
        try withApp { browser, app in
            try app.seedItem(name: "Bike")
            let session = try #require(browser.cookies["hp_session"])
            #expect(try browser.get("/items").text.contains("Bike"))
            #expect(try browser.post("/sign-out", [:]).location == "/sign-in")
            let replay = try browser.client.request(.get, "/items", headers: [.cookie: "hp_session=\(session)"])
            #expect(replay.status == .seeOther && replay.headers[.location] == "/sign-in?next=%2Fitems")
            // Back to the page first asked for; never to another site.
            _ = try browser.get("/sign-in?next=%2Fitems%3Fmode%3Dedit")
            let signedIn = try browser.post("/sign-in", ["username": "owner", "password": testPassword, "next": "/items?mode=edit"])
            #expect(signedIn.location == "/items?mode=edit")
            #expect(browser.cookies["hp_session"] != session)
            for hostile in ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"] {
                _ = try browser.get("/items")  // as a browser follows the redirect: a page with the session's token
                _ = try browser.post("/sign-out", [:])
                _ = try browser.get("/sign-in")
                let page = try browser.post("/sign-in", ["username": "owner", "password": testPassword, "next": hostile])
                #expect(page.location == "/items", "\(hostile) → \(page.status) \(page.text.prefix(200))")
            }
        }
    }

    @Test("A viewer's POST to every write route is 403 and changes nothing; the list shows no edit controls")
    func viewerReadsOnly() throws {
        try withApp(signedIn: .viewer) { browser, app in
            let item = try app.seedItem(name: "Sofa")
            let list = try browser.get("/items")
            #expect(list.text.contains("Sofa") && list.text.contains("You can look but not change"))
            #expect(!list.body.contains("method=\"post\" action=\"/items\"") && !list.body.contains("mode=edit"))
            #expect(!(try browser.get("/items?mode=edit").body.contains("item-row__delete")))
            let sheet = try browser.get("/items/\(item.key.lowercasedString)")
            #expect(sheet.body.contains("readonly") && !sheet.body.contains("value=\"done\""))
            for (method, path) in Self.concretePaths(app, key: item.key.lowercasedString) where method == .post {
                if path.hasPrefix("/account") || path == "/sign-out" || Self.publicPaths.contains(path) || path.hasPrefix("/invitations/") { continue }
                // A viewer's own star (issue 26): their view, not the household's data (FavouritesLiveTests).
                if AccessGuard.isFavouritePath(path) { continue }
                let page = try browser.post(path, ["key": item.key.lowercasedString, "name": "Hacked", "value": "1", "action": "done"])
                #expect(page.status == 403, "\(path) → \(page.status)")
            }
            #expect(try app.store.allItems().map(\.name) == ["Sofa"])
            #expect(try app.accounts.accountCount() == 1)
        }
    }

    @Test("First run: every page leads to /setup, which needs the console's code, creates the owner and signs them in")
    func firstRun() throws {
        try withApp(signedIn: nil) { browser, app in
            #expect(try browser.get("/items").location == "/setup")
            #expect(try browser.get("/sign-in").location == "/setup")
            // Without the code: what to do (issue 22, point 13), no form; a wrong code is refused.
            let notSetUp = try browser.get("/setup")
            #expect(notSetUp.status == 200 && !notSetUp.body.contains("name=\"code\""))
            #expect(try browser.get("/setup?code=wrong").status == 403)
            let path = try #require(try app.setupPath())
            let code = String(path.dropFirst("/setup?code=".count))
            let form = try browser.get(path)
            #expect(form.status == 200 && form.body.contains("name=\"code\" value=\"\(code)\""))
            let weak = try browser.post("/setup", ["code": code, "username": "ann", "password": "password", "confirm": "password"])
            #expect(weak.status == 422 && weak.text.contains("too common"))
            let mismatch = try browser.post("/setup", ["code": code, "username": "ann", "password": "snow on the hills", "confirm": "rain"])
            #expect(mismatch.status == 422 && mismatch.text.contains("not the same"))
            #expect(try browser.post("/setup", ["code": "nope", "username": "ann", "password": "snow on the hills", "confirm": "snow on the hills"]).status == 403)
            let done = try browser.post("/setup", ["code": code, "username": "Ann", "password": "snow on the hills", "confirm": "snow on the hills"])
            #expect(done.status == 303 && done.location == "/items")
            #expect(try app.accounts.account(named: "ann")?.role == .owner)
            #expect(try app.setupPath() == nil)
            #expect(try browser.get("/items").text.contains("Signed in as Ann (owner)"))
            // The code is spent: nobody can set up again.
            #expect(try browser.client.makeClient().get("/setup?code=\(code)").status == .seeOther)
        }
    }

    @Test("Ten wrong passwords slow the next attempt from that address; the right password from another still works")
    func throttling() throws {
        try withApp { browser, app in
            try app.addMember("bob", role: .editor)
            let attacker = Browser(client: browser.client.makeClient())
            _ = try attacker.get("/sign-in")
            var statuses: [Int] = []
            for attempt in 0..<10 {
                statuses.append(try attacker.post("/sign-in", ["username": "bob", "password": "guess number \(attempt)"]).status)
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == 401 })
            let slowed = try attacker.post("/sign-in", ["username": "bob", "password": testPassword])
            #expect(slowed.status == 429 && slowed.headers[.retryAfter] != nil && slowed.text.contains("Too many failed attempts"))
            let elsewhere = Browser(client: browser.client.makeClient())
            elsewhere.client.sourceAddress = "127.0.0.3"
            try elsewhere.signIn("bob")
            #expect(try elsewhere.get("/items").text.contains("Signed in as bob"))
        }
    }

    @Test("An unknown name and a wrong password get the same answer in about the same time")
    func sameAnswer() throws {
        try withApp { browser, _ in
            let other = Browser(client: browser.client.makeClient())
            _ = try other.get("/sign-in")
            func timed(_ username: String) throws -> (Browser.Page, Double) {
                var times: [Double] = []
                var page: Browser.Page? = nil
                for _ in 0..<3 {  // under the 5 failures a name may have before it is slowed
                    let start = Date()
                    page = try other.post("/sign-in", ["username": username, "password": "not the password"])
                    times.append(Date().timeIntervalSince(start))
                }
                return (page!, times.sorted()[1])
            }
            let (unknown, unknownTime) = try timed("nobody")
            let (wrong, wrongTime) = try timed("owner")
            #expect(unknown.status == 401 && wrong.status == 401)
            #expect(unknown.text.contains("That username and password do not match") && wrong.text.contains("That username and password do not match"))
            // Both run one yescrypt hash: medians within a factor of three of each other even on a busy machine.
            #expect(max(unknownTime, wrongTime) < 3 * min(unknownTime, wrongTime) + 0.1, "\(unknownTime) vs \(wrongTime)")
        }
    }

    @Test("The database holds no password and no session id in clear")
    func noSecretsInTheFile() throws {
        let directory = try TemporaryDirectory()
        try withApp(dataDirectory: directory.path) { browser, app in
            try app.store.checkpoint()
            let session = try #require(browser.cookies["hp_session"])
            var bytes = Data()
            for name in ["homepwner.sqlite", "homepwner.sqlite-wal"] {
                bytes += FileManager.default.contents(atPath: directory.path + "/" + name) ?? Data()
            }
            #expect(bytes.count > 0)
            #expect(bytes.range(of: Data(testPassword.utf8)) == nil)
            #expect(bytes.range(of: Data(session.utf8)) == nil)
            #expect(bytes.range(of: Data(Hex.decode(session)!)) == nil)
        }
    }

    @Test("A form token from before sign-in, or from another session, does not work after it")
    func tokensBoundToTheSession() throws {
        try withApp(signedIn: nil) { browser, app in
            try app.addMember("owner", role: .owner)
            _ = try browser.get("/sign-in")
            let anonymousToken = try #require(browser.formToken)
            try browser.signIn("owner")
            #expect(browser.formToken != anonymousToken)
            let body = Array("_csrf=\(anonymousToken)".utf8)
            let stale = try browser.client.request(.post, "/items", headers: [
                .contentType: "application/x-www-form-urlencoded", .origin: browser.origin,
            ], body: body)
            #expect(stale.status == .forbidden)
            #expect(try browser.post("/items", [:]).status == 303)
        }
    }

    @Test("Change password needs the current one and signs out the other sessions")
    func changePassword() throws {
        try withApp { browser, _ in
            let phone = Browser(client: browser.client.makeClient())
            try phone.signIn("owner")
            let wrong = try browser.post("/account/password", ["current": "nope nope nope", "password": "a new long secret", "confirm": "a new long secret"])
            #expect(wrong.status == 422 && wrong.text.contains("not your current password"))
            let short = try browser.post("/account/password", ["current": testPassword, "password": "short", "confirm": "short"])
            #expect(short.status == 422 && short.text.contains("at least 8 characters"))
            let changed = try browser.post("/account/password", ["current": testPassword, "password": "a new long secret", "confirm": "a new long secret"])
            #expect(changed.status == 303)
            #expect(try browser.get("/items").status == 200)
            #expect(try phone.get("/items").status == 303)  // signed out
            _ = try browser.post("/sign-out", [:])
            try browser.signIn("owner", password: "a new long secret")
        }
    }

    @Test("The account page lists the sessions; one can be ended; Sign out everywhere ends them all")
    func sessions() throws {
        try withApp { browser, app in
            let phone = Browser(client: browser.client.makeClient())
            try phone.signIn("owner")
            let page = try browser.get("/account")
            #expect(page.text.contains("Where you are signed in") && page.text.contains("(this browser)"))
            let owner = try #require(try app.accounts.account(named: "owner"))
            let phoneSession = try #require(try app.accounts.sessions(accountID: owner.id).first {
                $0.idHash != SHA256.hash(Array(browser.cookies["hp_session"]!.utf8))
            })
            #expect(try browser.post("/account/sessions/end", ["session": Hex.encode(phoneSession.idHash)]).status == 303)
            #expect(try phone.get("/items").status == 303)
            try phone.signIn("owner")
            #expect(try browser.post("/account/sign-out-everywhere", [:]).location == "/sign-in")
            #expect(try phone.get("/items").status == 303 && browser.cookies["hp_session"] == nil)
        }
    }

    @Test("An owner invites with a one-time link: the invitee picks a name and password and gets the role")
    func invitations() throws {
        try withApp { browser, app in
            let created = try browser.post("/members/invitations", ["role": "viewer"])
            #expect(created.status == 200)
            let link = try #require(created.text.range(of: "/invitations/[0-9a-f]{64}", options: .regularExpression).map { String(created.text[$0]) })
            let invitee = Browser(client: browser.client.makeClient())
            let form = try invitee.get(link)
            #expect(form.status == 200 && form.text.contains("You were invited as viewer"))
            let taken = try invitee.post(link, ["username": "OWNER", "password": "lodger lodger", "confirm": "lodger lodger"])
            #expect(taken.status == 422 && taken.text.contains("taken"))
            let joined = try invitee.post(link, ["username": "lodger", "password": "lodger lodger", "confirm": "lodger lodger"])
            #expect(joined.status == 303)
            #expect(try app.accounts.account(named: "lodger")?.role == .viewer)
            #expect(try invitee.get("/items").text.contains("Signed in as lodger (viewer)"))
            let again = Browser(client: browser.client.makeClient())
            #expect(try again.get(link).status == 404)  // single use
            #expect(try again.get("/invitations/" + String(repeating: "0", count: 64)).status == 404)
        }
    }

    @Test("Roles change and members go, ending their sessions; the last owner stays")
    func members() throws {
        try withApp { browser, app in
            let bob = try app.addMember("bob", role: .editor)
            let bobBrowser = Browser(client: browser.client.makeClient())
            try bobBrowser.signIn("bob")
            #expect(try bobBrowser.get("/account").status == 200)
            #expect(try bobBrowser.post("/members/\(bob.id)/role", ["role": "owner"]).status == 403)  // editors cannot
            #expect(try browser.post("/members/\(bob.id)/role", ["role": "viewer"]).status == 303)
            #expect(try app.accounts.account(id: bob.id)?.role == .viewer)
            let owner = try #require(try app.accounts.account(named: "owner"))
            let demote = try browser.post("/members/\(owner.id)/role", ["role": "editor"])
            #expect(demote.status == 409 && demote.text.contains("The household needs an owner"))
            #expect(try browser.post("/members/\(bob.id)/remove", [:]).status == 303)
            #expect(try bobBrowser.get("/items").status == 303)
            #expect(try app.accounts.account(id: bob.id) == nil)
            #expect(try browser.post("/members/\(owner.id)/remove", [:]).status == 409)
        }
    }
}
