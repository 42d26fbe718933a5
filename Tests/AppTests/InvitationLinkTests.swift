import Cryptography
import Foundation
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 21, row 8, over HTTP: an invitation is void once its maker may no longer make it.
@Suite("Invitation links and their maker's power")
struct InvitationLinkTests {
    /// Has `browser` (an owner) make an invitation for `role`; returns its path and digest.
    static func invite(_ browser: Browser, role: String) throws -> (link: String, digest: String) {
        let created = try browser.post("/members/invitations", ["role": role])
        guard created.status == 200,
              let range = created.text.range(of: "/invitations/[0-9a-f]{64}", options: .regularExpression)
        else { throw TestClientError.malformedResponse("invitation answered \(created.status)") }
        let link = String(created.text[range])
        let token = String(link.dropFirst("/invitations/".count))
        return (link, Hex.encode(SHA256.hash(Array(token.utf8))))
    }

    /// Tries to join through `link` as `username`; the status of the answer.
    static func join(_ browser: Browser, _ link: String, as username: String) throws -> Int {
        let invitee = Browser(client: browser.client.makeClient())
        _ = try invitee.get("/sign-in")  // a form token, as any page gives
        return try invitee.post(link, ["username": username, "password": "mallory's phrase", "confirm": "mallory's phrase"]).status
    }

    @Test("An owner's owner invitation dies when they are demoted: gone from the members page, 404 when opened or used")
    func demotion() throws {
        try withApp { browser, app throws in
            let carol = try app.addMember("carol", role: .owner)
            let carolBrowser = Browser(client: browser.client.makeClient())
            try carolBrowser.signIn("carol")
            let (link, digest) = try Self.invite(carolBrowser, role: "owner")
            #expect(try browser.get("/account").body.contains(digest))
            #expect(try browser.post("/members/\(carol.id)/role", ["role": "editor"]).status == 303)
            #expect(!(try browser.get("/account").body.contains(digest)))
            #expect(try browser.client.makeClient().get(link).status == .notFound)
            #expect(try Self.join(browser, link, as: "mallory") == 404)
            #expect(try app.accounts.account(named: "mallory") == nil)
            #expect(try app.accounts.accounts().filter { $0.role == .owner }.map(\.username) == ["owner"])
            // Demoted, carol cannot make a new one either.
            #expect(try carolBrowser.post("/members/invitations", ["role": "owner"]).status == 403)
        }
    }

    @Test("Removing the maker on the members page voids their invitations")
    func removal() throws {
        try withApp { browser, app throws in
            let carol = try app.addMember("carol", role: .owner)
            let carolBrowser = Browser(client: browser.client.makeClient())
            try carolBrowser.signIn("carol")
            let (link, digest) = try Self.invite(carolBrowser, role: "editor")
            #expect(try browser.post("/members/\(carol.id)/remove", [:]).status == 303)
            #expect(!(try browser.get("/account").body.contains(digest)))
            #expect(try Self.join(browser, link, as: "mallory") == 404)
            #expect(try app.accounts.account(named: "mallory") == nil)
        }
    }

    @Test("`homepwner users remove` voids the removed member's invitations too")
    func removalFromTheCommandLine() throws {
        let directory = try TemporaryDirectory()
        var link = ""
        try withApp(dataDirectory: directory.path) { browser, app throws in
            try app.addMember("carol", role: .owner)
            let carolBrowser = Browser(client: browser.client.makeClient())
            try carolBrowser.signIn("carol")
            link = try Self.invite(carolBrowser, role: "owner").link
        }
        let removed = try UsersCommandTests.run(["users", "remove", "carol", "--data-dir", directory.path])
        #expect(removed.0 == 0, "\(removed.2)")
        try withApp(dataDirectory: directory.path) { browser, app throws in
            #expect(try app.accounts.openInvitations().isEmpty)
            #expect(try Self.join(browser, link, as: "mallory") == 404)
            #expect(try app.accounts.account(named: "mallory") == nil)
        }
    }
}
