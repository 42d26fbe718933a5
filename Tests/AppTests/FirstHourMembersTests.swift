import Foundation
import HTTP
import Storage
import Testing
@testable import App

/// Issue 22 points 8 and 10 over HTTP: the invitation link where Invite was pressed, messages
/// beside what they concern, and the household's high-value threshold.
@Suite("First hour: members and the high-value line")
struct FirstHourMembersTests {
    /// The names of the rows a list page marks high value.
    static func markedNames(_ page: String) -> [String] {
        page.components(separatedBy: "<li class=\"item-row").dropFirst().compactMap { row in
            let row = row[..<(row.range(of: "</li>")?.lowerBound ?? row.endIndex)]
            guard row.contains("class=\"value-mark\""), let start = row.range(of: "item-cell__name\">")?.upperBound,
                  let end = row[start...].range(of: "</span>")?.lowerBound else { return nil }
            return String(row[start..<end])
        }
    }

    /// The part of the account page inside the element with `id` (up to its section's end).
    static func section(_ page: String, id: String) -> String {
        guard let start = page.range(of: "id=\"\(id)\"")?.lowerBound else { return "" }
        let rest = page[start...]
        return String(rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)])
    }

    @Test("An owner's threshold is refused by its field when it is not whole dollars, and nothing changes")
    func badThresholdRefused() throws {
        try withApp { browser, app in
            _ = try browser.get("/account")
            for typed in ["abc", "", "-5", "50.5", "1e3", "1,000,000,001", "99999999999999999999", "<b>9</b>", "５０", "$", "1 0 0x"] {
                let page = try browser.post("/members/high-value", ["threshold": typed])
                #expect(page.status == 422, "\(typed) → \(page.status)")
                let field = Self.section(page.body, id: "high-value")
                #expect(field.contains("aria-invalid=\"true\"") && field.contains("id=\"high-value-threshold-error\""), "\(typed)")
                #expect(!page.body.contains("<b>9</b>"), "typed text is escaped")
            }
            #expect(app.store.valuableThreshold == 50)
            let change = try app.store.valuableThresholdChange()
            #expect(change == nil)
        }
    }

    @Test("A new threshold changes which rows every kept page marks, the legend, the filter and the report")
    func thresholdChangesMarks() throws {
        try withApp { browser, app in
            try app.seedItem(name: "Lamp", value: 79)
            try app.seedItem(name: "Camera", value: 150)
            try app.seedItem(name: "Cup", value: 5)
            let pages = ["/items", "/items?mode=edit", "/items?valuable=1", "/items?sort=value-desc"]
            for path in pages + ["/items?lang=zh-Hans", "/items?lang=en"] { _ = try browser.get(path); _ = try browser.get(path) }  // kept
            #expect(Self.markedNames(try browser.get("/items").body) == ["Lamp", "Camera"])
            let first = try browser.get("/items").body
            #expect(first.contains("High value: $50 or more"))

            let saved = try browser.post("/members/high-value", ["threshold": " $1,00 "])
            #expect(saved.status == 303 && saved.location == "/account#high-value")
            #expect(app.store.valuableThreshold == 100)
            let account = try browser.get("/account")
            #expect(Self.section(account.body, id: "high-value").contains("Items worth $100 or more are now marked high value."))
            #expect(Self.section(account.body, id: "high-value").contains("Last changed by owner"))
            #expect(!account.body.contains("class=\"flash\""), "the message is beside the setting, not on top")

            for path in pages {
                let page = try browser.get(path).body
                #expect(Self.markedNames(page) == ["Camera"], "\(path)")
                #expect(page.contains("High value: $100 or more") && page.contains("High value ($100+)"), "\(path)")
            }
            #expect(Self.markedNames(try browser.get("/items?lang=zh-Hans").body) == ["Camera"])
            _ = try browser.get("/items?lang=en")
            let filtered = try browser.get("/items?valuable=1").body
            #expect(!filtered.contains("Lamp") && filtered.contains("Camera"))
            let report = try browser.get("/items/report?valuable=1").body
            #expect(report.contains("Camera") && !report.contains("Lamp") && report.contains("High value ($100+)"))
        }
    }

    @Test("Only an owner may move the line")
    func editorsMayNot() throws {
        try withApp(signedIn: .editor) { browser, app in
            _ = try browser.get("/account")
            #expect(try browser.post("/members/high-value", ["threshold": "10"]).status == 403)
            #expect(app.store.valuableThreshold == 50)
            #expect(!(try browser.get("/account").body.contains("high-value-threshold")))
        }
    }

    @Test("The invitation link takes the Invite form's place, with what it grants and when it expires")
    func invitationInPlace() throws {
        try withApp { browser, _ in
            _ = try browser.get("/account")
            let page = try browser.post("/members/invitations", ["role": "editor"])
            #expect(page.status == 200)
            let invite = Self.section(page.body, id: "invite")
            #expect(invite.contains("id=\"invitation-link\"") && invite.contains("readonly"))
            #expect(invite.range(of: #"value="http://[^"]+/invitations/[0-9a-f]{64}""#, options: .regularExpression) != nil)
            #expect(invite.contains("joins the household as editor"))
            #expect(invite.range(of: #"until [A-Z][a-z]{2} \d{1,2}, \d{4}.{1,4}\d{1,2}:\d{2}"#, options: .regularExpression) != nil, "date and time")
            #expect(!invite.contains("action=\"/members/invitations#invite\""), "the button that made it is replaced")
            #expect(!page.body.contains("class=\"flash\""))
        }
    }

    @Test("Messages land where the action was taken: beside the member, the tokens, the sessions")
    func messagesInPlace() throws {
        try withApp { browser, app in
            let owner = try #require(try app.accounts.account(named: "owner"))
            _ = try browser.get("/account")
            let refused = try browser.post("/members/\(owner.id)/role", ["role": "viewer"])
            #expect(refused.status == 409)
            let row = Self.section(refused.body, id: "member-\(owner.id)")
            let rowOnly = String(row[..<(row.range(of: "</li>")?.lowerBound ?? row.endIndex)])
            #expect(rowOnly.contains("The household needs an owner"))

            let editor = try app.addMember("editor", role: .editor)
            let changed = try browser.post("/members/\(editor.id)/role", ["role": "viewer"])
            #expect(changed.location == "/account#member-\(editor.id)")
            let account = try browser.get("/account").body
            let editorRow = Self.section(account, id: "member-\(editor.id)")
            let editorRowOnly = String(editorRow[..<(editorRow.range(of: "</li>")?.lowerBound ?? editorRow.endIndex)])
            #expect(editorRowOnly.contains("editor is now viewer."))
            #expect(!account.contains("class=\"flash\""))

            _ = try browser.post("/account/tokens", ["name": "backup script"])
            let tokenID = try #require(try app.accounts.apiTokens(accountID: owner.id).first?.id)
            let revoked = try browser.post("/account/tokens/revoke", ["token": String(tokenID)])
            #expect(revoked.location == "/account#tokens")
            #expect(Self.section(try browser.get("/account").body, id: "tokens").contains("That token was revoked."))
        }
    }

    @Test("A message's place is signed with it: altered, it is not shown; an id that is not a plain one is never written")
    func flashPlaceSigned() throws {
        let key = Array(repeating: UInt8(7), count: 32)
        let cookie = try #require(FlashMessage(text: "That token was revoked.", undoBatch: nil, place: "tokens")
            .cookie(key: key, browserID: "b1", secure: false))
        func read(_ value: String) -> FlashMessage? {
            FlashMessage.read(from: HTTPRequest(method: .get, target: "/account", headers: ["Cookie": "hp_flash=\(value)"], body: []),
                              key: key, browserID: "b1")
        }
        #expect(read(cookie.value)?.place == "tokens")
        #expect(read(cookie.value.replacingOccurrences(of: ".tokens.", with: ".members.")) == nil)
        for place in ["", "a b", "x\"><script>", "TOKENS", String(repeating: "a", count: 41), "member.1"] {
            #expect(FlashMessage(text: "Hi", undoBatch: nil, place: place).cookie(key: key, browserID: "b1", secure: false) == nil, "\(place)")
        }
    }
}
