import Foundation
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 21, row 9, over HTTP and from the command line: no new name a reader could take
/// for a member's, no invisible characters, and full-width forms are the plain name.
@Suite("Look-alike usernames")
struct UsernameLookalikeTests {
    static let phrase = "a long pass phrase"

    @Test("Joining by invitation: look-alikes of a member's name are refused by the field, in the invitee's language")
    func invitation() throws {
        try withApp { browser, app throws in
            try app.addMember("ann", role: .editor)
            try app.addMember("ace", role: .viewer)
            let link = try InvitationLinkTests.invite(browser, role: "editor").link
            let invitee = Browser(client: browser.client.makeClient())
            func join(_ username: String) throws -> Browser.Page {
                try invitee.post(link, ["username": username, "password": Self.phrase, "confirm": Self.phrase])
            }
            _ = try invitee.get(link)
            let cases: [(String, String)] = [
                ("\u{FF41}nn", "errorUsernameTaken"),                  // ａnn: full width is ann itself
                ("\u{0430}\u{0441}\u{0435}", "errorUsernameLookalike"), // асе, all Cyrillic
                ("\u{0391}\u{039D}\u{039D}", "errorUsernameLookalike"), // ΑΝΝ, all Greek
                ("\u{0430}nn", "errorUsernameScripts"),                 // Cyrillic а among Latin
                ("ann\u{200B}", "errorUsernameInvisible"),
                ("ann\u{3164}", "errorUsernameInvisible"),              // the Hangul filler looks like nothing
                ("\u{202E}nna", "errorUsernameInvisible"),
            ]
            for language in Language.allCases {
                _ = try invitee.get("\(link)?lang=\(language.rawValue)")
                for (username, key) in cases {
                    let page = try join(username)
                    #expect(page.status == 422, "\(username.unicodeScalars.map { String($0.value, radix: 16) }) → \(page.status)")
                    #expect(page.text.contains(Strings.text(key, language)), "\(key) in \(language)")
                    #expect(page.body.contains("aria-invalid=\"true\" aria-describedby=\"join-username-error\""))
                }
            }
            #expect(try app.accounts.accounts().map(\.username).sorted() == ["ace", "ann", "owner"])
            // The link still works for a name of its own, and the new member signs in with it.
            #expect(try join("\u{FF4C}odger").status == 303)  // ｌodger, stored as lodger
            #expect(try app.accounts.account(named: "lodger")?.username == "lodger")
        }
    }

    @Test("Setup refuses invisible and mixed-script names and stores the NFKC form")
    func setup() throws {
        try withApp(signedIn: nil) { browser, app throws in
            let code = String(try #require(try app.setupPath()).dropFirst("/setup?code=".count))
            _ = try browser.get("/setup?code=\(code)")
            func setUp(_ username: String) throws -> Browser.Page {
                try browser.post("/setup", ["code": code, "username": username, "password": Self.phrase, "confirm": Self.phrase])
            }
            let invisible = try setUp("ann\u{200D}")
            #expect(invisible.status == 422 && invisible.text.contains(Strings.text("errorUsernameInvisible", .english)))
            let mixed = try setUp("\u{0430}nn")
            #expect(mixed.status == 422 && mixed.text.contains(Strings.text("errorUsernameScripts", .english)))
            #expect(try app.accounts.accountCount() == 0)
            #expect(try setUp("\u{FF21}nn").status == 303)  // Ａnn
            #expect(try app.accounts.accounts().map(\.username) == ["Ann"])
        }
    }

    @Test("Signing in with the full-width form of a name signs in as that member")
    func fullWidthSignIn() throws {
        try withApp(signedIn: nil) { browser, app throws in
            try app.addMember("ann", role: .editor)
            _ = try browser.get("/sign-in")
            let page = try browser.post("/sign-in", ["username": " \u{FF41}\u{FF4E}\u{FF4E}", "password": testPassword, "next": "/items"])
            #expect(page.status == 303)
            #expect(try browser.get("/items").text.contains("Signed in as ann"))
        }
    }

    @Test("`homepwner users add` refuses look-alikes of a user's name and invisible characters")
    func commandLine() throws {
        let directory = try TemporaryDirectory()
        let dir = ["--data-dir", directory.path]
        func add(_ username: String) throws -> (Int32, String, String) {
            try UsersCommandTests.run(["users", "add", username, "--role", "editor", "--password-stdin"] + dir, input: Self.phrase)
        }
        #expect(try add("ann").0 == 0)
        let greek = try add("\u{0391}\u{039D}\u{039D}")
        #expect(greek.0 == 1 && greek.2.contains("looks like the existing user ann"), "\(greek.2)")
        let fullWidth = try add("\u{FF41}nn")
        #expect(fullWidth.0 == 1 && fullWidth.2.contains("taken"), "\(fullWidth.2)")
        let mixed = try add("\u{0430}nn")
        #expect(mixed.0 == 1 && mixed.2.contains("one alphabet"), "\(mixed.2)")
        let invisible = try add("ann\u{200B}")
        #expect(invisible.0 == 1 && invisible.2.contains("visible characters only"), "\(invisible.2)")
        let added = try add("\u{FF42}ob")  // ｂob
        #expect(added.0 == 0 && added.1 == "added bob (editor)\n")
        #expect(try UsersCommandTests.run(["users", "list"] + dir).1 == "ann\teditor\nbob\teditor\n")
    }
}
