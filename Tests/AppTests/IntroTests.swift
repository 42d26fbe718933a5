import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 26 part 4: the introduction pages, shown at a member's first sign-in (the sign-in form,
/// setup's owner, an invitation's member) until they skip or finish them, and again on request.
@Suite("Introduction pages over HTTP")
struct IntroTests {
    /// Signs `username` in from a fresh browser of this server, asking for `next`.
    static func signIn(_ browser: Browser, _ username: String, next: String) throws -> Browser.Page {
        let fresh = Browser(client: browser.client.makeClient())
        _ = try fresh.get("/sign-in")
        return try fresh.post("/sign-in", ["username": username, "password": testPassword, "next": next])
    }

    @Test("A new member's first sign-in leads to the introduction, keeping where they were going; once skipped, sign-in goes straight there")
    func firstSignIn() throws {
        try withApp(signedIn: nil) { browser, app in
            try app.addMember("ann", role: .editor)
            _ = try browser.get("/sign-in?next=%2Fitems%3Fq%3Dlamp")
            let signedIn = try browser.post("/sign-in", ["username": "ann", "password": testPassword, "next": "/items?q=lamp"])
            #expect(signedIn.status == 303 && signedIn.location == "/intro?next=%2Fitems%3Fq%3Dlamp")
            let first = try browser.get(try #require(signedIn.location))
            #expect(first.status == 200 && first.text.contains("Everything you own, in one list"))
            #expect(first.text.contains(#"<input type="hidden" name="next" value="/items?q=lamp">"#))
            #expect(first.text.contains(#"href="/intro/2?next=%2Fitems%3Fq%3Dlamp" rel="next""#))
            // Where they were going comes along to the last page, whose Start leads there.
            let last = try browser.get("/intro/3?next=%2Fitems%3Fq%3Dlamp")
            #expect(last.text.contains(#"<input type="hidden" name="next" value="/items?q=lamp">"#))
            let started = try browser.post("/intro", ["next": "/items?q=lamp"])
            #expect(started.status == 303 && started.location == "/items?q=lamp")
            #expect(try Self.signIn(browser, "ann", next: "/items?q=lamp").location == "/items?q=lamp")
            #expect(try Self.signIn(browser, "ann", next: "/deleted").location == "/deleted")
        }
    }

    @Test("Reading the pages records nothing; Skip records it for that member alone, a viewer too")
    func perMember() throws {
        try withApp(signedIn: .viewer) { viewer, app in
            let ann = try app.addMember("ann", role: .owner)
            let me = try #require(try app.accounts.account(named: "viewer"))
            for path in ["/intro", "/intro/2", "/intro/3", "/intro/1", "/intro?next=%2Fdeleted", "/intro/2?lang=zh-Hant"] {
                #expect(try viewer.get(path).status < 400, "\(path)")
            }
            #expect(try viewer.client.request(.head, "/intro/3").status == .ok)
            #expect(try app.accounts.introSeenAt(accountID: me.id) == nil)
            #expect(try Self.signIn(viewer, "viewer", next: "/items").location == "/intro")

            _ = try viewer.get("/intro")
            let skipped = try viewer.post("/intro", ["next": "/items"])
            #expect(skipped.status == 303 && skipped.location == "/items")
            #expect(try app.accounts.introSeenAt(accountID: me.id) != nil)
            #expect(try app.accounts.introSeenAt(accountID: ann.id) == nil)
            #expect(try Self.signIn(viewer, "viewer", next: "/items").location == "/items")
            #expect(try Self.signIn(viewer, "ann", next: "/items").location == "/intro")
            // Asked for again (the settings' "Show the introduction"), it shows, and Start leads back.
            let again = try viewer.get("/intro?next=%2Faccount")
            #expect(again.status == 200 && again.body.contains("intro__skip"))
            #expect(try viewer.post("/intro", ["next": "/account"]).location == "/account")
        }
    }

    @Test("Setup's owner and an invitation's member are shown the introduction; Start on the last page records it")
    func newMembers() throws {
        try withApp(signedIn: nil) { browser, app in
            let path = try #require(try app.setupPath())
            let code = String(path.dropFirst("/setup?code=".count))
            _ = try browser.get(path)
            let setUp = try browser.post("/setup", ["code": code, "username": "Ann", "password": "snow on the hills", "confirm": "snow on the hills"])
            #expect(setUp.status == 303 && setUp.location == "/intro")
            let ann = try #require(try app.accounts.account(named: "ann"))
            #expect(try app.accounts.introSeenAt(accountID: ann.id) == nil)
            _ = try browser.get("/intro/3")
            #expect(try browser.post("/intro", [:]).location == "/items")
            #expect(try app.accounts.introSeenAt(accountID: ann.id) != nil)

            _ = try browser.get("/account")
            let created = try browser.post("/members/invitations", ["role": "viewer"])
            let link = try #require(created.text.range(of: "/invitations/[0-9a-f]{64}", options: .regularExpression).map { String(created.text[$0]) })
            let guest = Browser(client: browser.client.makeClient())
            _ = try guest.get(link)
            let joined = try guest.post(link, ["username": "vera", "password": "a viewer's long pass phrase", "confirm": "a viewer's long pass phrase"])
            #expect(joined.status == 303 && joined.location == "/intro")
            let vera = try #require(try app.accounts.account(named: "vera"))
            #expect(try app.accounts.introSeenAt(accountID: vera.id) == nil)
            #expect(try guest.get("/intro").status == 200)
            #expect(try guest.post("/intro", [:]).location == "/items")
            #expect(try app.accounts.introSeenAt(accountID: vera.id) != nil)
        }
    }

    @Test("Where the introduction leads is only ever a path of this site, never the introduction again", arguments: [
        ("//evil.example/", "/items"), ("https://evil.example/", "/items"), ("/\\evil.example", "/items"), ("javascript:alert(1)", "/items"),
        ("\\\\evil.example", "/items"), ("/items\r\nSet-Cookie: x=1", "/items"), ("/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"),
        ("/intro/2", "/items"), ("/intro?next=//evil.example", "/items"), ("/items?q=é", "/items"), ("", "/items"),
        ("/" + String(repeating: "a", count: 3_000), "/items"), ("/locations?x=1&y=2", "/locations?x=1&y=2"),
    ])
    func onlyLocal(next: String, goesTo expected: String) throws {
        try withApp { browser, app in
            // The pages: the hostile `next` is nowhere in their forms or links.
            let page = try browser.get("/intro/2?next=" + PercentEncoding.encode(next, spaceAsPlus: false))
            #expect(page.status == 200)
            #expect(page.text.contains(#"<input type="hidden" name="next" value="\#(expected)">"#), "\(next)")
            for hostile in ["evil.example", "javascript:", "Set-Cookie: x"] { #expect(!page.text.contains(hostile), "\(next)") }
            // Skip: the same.
            let skipped = try browser.post("/intro", ["next": next])
            #expect(skipped.status == 303 && skipped.location == expected, "\(next) → \(skipped.location ?? "none")")
            // Sign-in hands the intro only what it may lead to.
            let fresh = try app.addMember("new\(abs(next.hashValue) % 10_000)", role: .editor)
            let signedIn = try Self.signIn(browser, fresh.username, next: next)
            let intro = try #require(signedIn.location)
            #expect(intro == IntroPages.path(1, next: expected), "\(next) → \(intro)")
        }
    }

    @Test("Three pages with dots, Back and Next; no page but these; signed out, the sign-in page; no token, no change")
    func pages() throws {
        try withApp { browser, app in
            let owner = try #require(try app.accounts.account(named: "owner"))
            for (number, path) in [(1, "/intro"), (2, "/intro/2"), (3, "/intro/3")] {
                let page = try browser.get(path + "?next=%2Fdeleted")
                #expect(page.status == 200)
                let dots = page.body.ranges(of: #"class="intro__dot""#).count
                let current = page.body.ranges(of: #"aria-current="page""#).count
                #expect(dots == 3 && current == 1, "\(path)")
                let marked = IntroPages.path(number, next: "/deleted")
                #expect(page.text.contains(#"href="\#(marked)" aria-current="page""#), "\(path)")
                #expect(page.body.contains(#"rel="prev""#) == (number > 1), "\(path)")
                #expect(page.body.contains(#"rel="next""#) == (number < 3), "\(path)")
                #expect(page.body.contains("intro__skip") == (number < 3) && page.body.contains("intro__start") == (number == 3), "\(path)")
                #expect(page.body.contains(#"role="img" aria-labelledby="intro-art-title""#), "\(path)")
                // The footer's language buttons save the member's language and return here (Referer).
                #expect(page.body.contains(#"<button class="languages__choice" name="language" value="zh-Hans""#), "\(path)")
            }
            let chinese = try browser.get("/intro/2?lang=zh-Hans")
            #expect(chinese.text.contains("添加物品和照片") && chinese.text.contains(#"<html lang="zh-Hans">"#))
            #expect(try browser.get("/intro/3?lang=zh-Hant").text.contains("編輯、搜尋，還能反悔"))
            #expect(try browser.get("/intro/1?next=%2Fdeleted").location == "/intro?next=%2Fdeleted")
            for missing in ["/intro/4", "/intro/0", "/intro/02", "/intro/+2", "/intro/x", "/intro/-1", "/intro/2/3", "/intro/99999999999999999999"] {
                #expect(try browser.get(missing).status == 404, "\(missing)")
            }
            // Settings offer the introduction again, and the account page leads to Settings.
            #expect(try browser.get("/settings").body.contains(#"href="/intro?next=%2Fsettings""#))
            #expect(try browser.get("/account").body.contains(#"href="/settings""#))

            #expect(try browser.post("/intro", [:], csrf: .none).status == 403)
            #expect(try browser.post("/intro", [:], csrf: .wrong).status == 403)
            #expect(try browser.post("/intro", [:], headers: ["Origin": "https://evil.example"]).status == 403)
            #expect(try app.accounts.introSeenAt(accountID: owner.id) == nil)

            let stranger = Browser(client: browser.client.makeClient())
            #expect(try stranger.get("/intro/2").location == "/sign-in?next=%2Fintro%2F2")
            _ = try stranger.get("/sign-in")
            #expect(try stranger.post("/intro", [:]).status == 401)
            #expect(try app.accounts.introSeenAt(accountID: owner.id) == nil)
        }
    }
}
