import Cryptography
import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 13 point 5: the JSON API, on the same store, rules and roles as the pages.
@Suite("JSON API")
struct APITests {
    /// An API client with a new token for `role`'s member (made if needed), on a fresh connection.
    static func scripted(_ app: HomepwnerApp, _ browser: Browser, role: Account.Role = .owner) throws -> APIClient {
        let account = try app.addMember(role.rawValue, role: role)
        let token = try APITokens.create(name: "tests", for: account, in: app.accounts)
        return APIClient(client: browser.client.makeClient(), token: token)
    }

    @Test("List: paged, searched, sorted and filtered with the list page's parameters")
    func list() throws {
        try withApp { browser, app in
            for index in 1...105 { try app.seedItem(name: "Item \(index)", serial: "S\(index)", value: index) }
            try app.seedItem(name: "Shiny Camera", serial: "CAM-1", value: 899)
            let api = try Self.scripted(app, browser)
            let first = try api.get("/items.json")
            #expect(first.status == 200)
            #expect(first.contentType == "application/json")
            #expect(first.items.count == 100)
            #expect(first.json["total"] as? Int == 106)
            #expect(first.json["pageCount"] as? Int == 2)
            #expect(first.items.first?["position"] as? Int == 1)
            let second = try api.get("/items.json?page=2")
            #expect(second.items.count == 6)
            #expect(second.items.last?["name"] as? String == "Shiny Camera")
            #expect(second.items.last?["position"] as? Int == 106)
            let found = try api.get("/items.json?q=camera")
            #expect(found.items.map { $0["serialNumber"] as? String } == ["CAM-1"])
            #expect(found.items.first?["position"] as? Int == 106)
            let sorted = try api.get("/items.json?sort=value-desc&valuable=1")
            #expect(sorted.items.first?["name"] as? String == "Shiny Camera")
            #expect(sorted.json["total"] as? Int == 57)  // 50…105 and the camera
            let bad = try api.get("/items.json?page=0&sort=sideways")
            #expect(bad.status == 422)
            #expect(Set(bad.fieldErrors) == ["page", "sort"])
            // Content negotiation: the list page's URL, asked for JSON.
            let negotiated = try api.get("/items?page=2", headers: ["Accept": "application/json"])
            #expect(negotiated.status == 200 && negotiated.items.count == 6)
            #expect(negotiated.headers[.vary]?.contains("Accept") == true)
        }
    }

    @Test("Create → 201 with Location; read it back; history records the token's member")
    func createAndRead() throws {
        try withApp { browser, app in
            let api = try Self.scripted(app, browser)
            let created = try api.send(.post, "/items.json", json: ["name": "  Lamp ", "serialNumber": "L-1", "valueInDollars": 45])
            #expect(created.status == 201)
            let key = try #require(created.json["key"] as? String)
            #expect(created.headers[.location] == "/items/\(key).json")
            #expect(created.json["name"] as? String == "Lamp")
            #expect(created.json["version"] as? Int == 1)
            #expect(created.json["hasPhoto"] as? Bool == false)
            #expect(created.json["photo"] is NSNull)
            let dateText = try #require(created.json["dateCreated"] as? String)
            #expect(try Date(dateText, strategy: .iso8601) <= Date())
            let read = try api.get("/items/\(key).json")
            #expect(read.status == 200 && read.json["serialNumber"] as? String == "L-1")
            #expect(read.json["position"] as? Int == 1)
            let history = try app.store.history(of: try #require(UUID(uuidString: key)))
            #expect(history.first?.actor.name == "owner")
            #expect(try api.get("/items/\(UUID().uuidString).json").status == 404)
            #expect(try api.get("/items/not-a-key.json").status == 404)
        }
    }

    @Test("Invalid fields → 422 problem details naming each field, nothing saved")
    func validation() throws {
        try withApp { browser, app in
            let api = try Self.scripted(app, browser)
            let reply = try api.send(.post, "/items.json", json: ["name": " ", "serialNumber": String(repeating: "x", count: 65), "valueInDollars": -1])
            #expect(reply.status == 422)
            #expect(reply.contentType == "application/problem+json")
            #expect(reply.json["status"] as? Int == 422)
            #expect(reply.json["title"] as? String != nil && reply.json["type"] as? String != nil)
            #expect(Set(reply.fieldErrors) == ["name", "serialNumber", "valueInDollars"])
            let wrongTypes = try api.send(.post, "/items.json", json: ["name": 5, "valueInDollars": true])
            #expect(Set(wrongTypes.fieldErrors) == ["name", "valueInDollars"])
            // Cents are rounded to whole dollars (issue 22 point 11), but never below zero.
            let fraction = try api.send(.post, "/items.json", json: ["name": "A", "valueInDollars": -0.5])
            #expect(fraction.fieldErrors == ["valueInDollars"])
            // The document's count: code points as sent (150 "é" written as e + U+0301 are 300).
            let combining = try api.send(.post, "/items.json", json: ["name": String(repeating: "e\u{301}", count: 150)])
            #expect(combining.fieldErrors == ["name"])
            #expect(try app.store.count() == 0)
        }
    }

    @Test("Malformed JSON → 400, wrong content type → 415, too large → 413, all problem+json")
    func malformedBodies() throws {
        try withApp { browser, app in
            let api = try Self.scripted(app, browser)
            let broken = try api.send(.post, "/items.json", body: Array("{\"name\":".utf8), headers: ["Content-Type": "application/json"])
            #expect(broken.status == 400 && broken.contentType == "application/problem+json")
            let array = try api.send(.post, "/items.json", json: [["name": "A"]])
            #expect(array.status == 400)
            let form = try api.send(.post, "/items.json", body: Array("name=A".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(form.status == 415 && form.contentType == "application/problem+json")
            let huge = try api.send(.post, "/items.json", json: ["name": String(repeating: "x", count: 70_000)])
            #expect(huge.status == 413 && huge.contentType == "application/problem+json")
            let wrongMethod = try api.send(.patch, "/items/\(UUID().uuidString).json", json: [:])
            #expect(wrongMethod.status == 405 && wrongMethod.contentType == "application/problem+json")
            #expect(wrongMethod.headers[.allow] == "DELETE, GET, HEAD, PUT")
            // Refused by the HTTP layer before the head was whole: still problem+json for a JSON path.
            let longURL = try api.get("/items.json?q=" + String(repeating: "x", count: 9_000))
            #expect(longURL.status == 414 && longURL.contentType == "application/problem+json")
            #expect(longURL.json["status"] as? Int == 414)
            let manyFields = Dictionary(uniqueKeysWithValues: (0..<120).map { ("X-Field-\($0)", "v") })
            let tooManyFields = try api.get("/items.json", headers: manyFields)
            #expect(tooManyFields.status == 431 && tooManyFields.contentType == "application/problem+json")
            let page = try browser.client.makeClient().request(.get, "/items?q=" + String(repeating: "x", count: 9_000))
            #expect(page.status == .uriTooLong && page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test("Update with the current version; a stale version → 409 with the current item")
    func updateAndConflict() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Desk", serial: "D", value: 10)
            let api = try Self.scripted(app, browser)
            let path = "/items/\(item.key.lowercasedString).json"
            let fields: [String: Any] = ["name": "Desk (oak)", "serialNumber": "D-2", "valueInDollars": 300]
            let updated = try api.send(.put, path, json: fields.merging(["version": 1]) { $1 })
            #expect(updated.status == 200)
            #expect(updated.json["version"] as? Int == 2 && updated.json["valueInDollars"] as? Int == 300)
            let stale = try api.send(.put, path, json: fields.merging(["version": 1, "name": "Mine"]) { $1 })
            #expect(stale.status == 409 && stale.contentType == "application/problem+json")
            let current = try #require(stale.json["current"] as? [String: Any])
            #expect(current["name"] as? String == "Desk (oak)" && current["version"] as? Int == 2)
            #expect(try app.store.item(key: item.key)?.name == "Desk (oak)")
            let missing = try api.send(.put, path, json: ["name": "x"])
            #expect(Set(missing.fieldErrors) == ["serialNumber", "valueInDollars", "version"])
            #expect(try app.store.draft(id: UUID()) == nil)
        }
    }

    @Test("A version up to the document's maximum (Int64.max) is stale → 409; a whole number beyond it → 422, as documented")
    func versionBounds() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Desk", serial: "D", value: 10)
            let api = try Self.scripted(app, browser)
            let path = "/items/\(item.key.lowercasedString).json"
            let json = ["Content-Type": "application/json"]
            func put(version: String) throws -> APIClient.Reply {
                try api.send(.put, path, body: Array(#"{"name":"Desk","serialNumber":"D","valueInDollars":10,"version":\#(version)}"#.utf8), headers: json)
            }
            #expect(try put(version: "9223372036854775807").status == 409)
            for beyond in ["9223372036854775808", "130236164828745728000", "1e300"] {
                let reply = try put(version: beyond)
                #expect(reply.status == 422 && reply.fieldErrors == ["version"], "version \(beyond)")
            }
            let schemas = try #require(OpenAPIDocument.components["schemas"] as? [String: Any])
            let update = try #require((schemas["ItemUpdate"] as? [String: Any])?["properties"] as? [String: Any])
            #expect((update["version"] as? [String: Any])?["maximum"] as? Int64 == Int64.max)
            #expect(try app.store.item(key: item.key)?.version == 1)
        }
    }

    @Test("Move to a position; delete → restore by batch and by key")
    func moveDeleteRestore() throws {
        try withApp { browser, app in
            let a = try app.seedItem(name: "A"), b = try app.seedItem(name: "B"), c = try app.seedItem(name: "C")
            let api = try Self.scripted(app, browser)
            let moved = try api.send(.post, "/items/\(c.key.lowercasedString)/move.json", json: ["position": 1])
            #expect(moved.status == 200 && moved.json["position"] as? Int == 1)
            #expect(try app.store.allItems().map(\.name) == ["C", "A", "B"])
            let outside = try api.send(.post, "/items/\(c.key.lowercasedString)/move.json", json: ["position": 4])
            #expect(outside.status == 422 && outside.fieldErrors == ["position"])

            let deleted = try api.send(.delete, "/items/\(a.key.lowercasedString).json")
            #expect(deleted.status == 200)
            let batch = try #require(deleted.json["batch"] as? String)
            #expect(try api.get("/items/\(a.key.lowercasedString).json").status == 404)
            #expect(try api.send(.delete, "/items/\(a.key.lowercasedString).json").status == 404)
            let restored = try api.send(.post, "/items/restore.json", json: ["batch": batch])
            #expect(restored.status == 200 && restored.items.first?["position"] as? Int == 2)
            #expect(try app.store.allItems().map(\.name) == ["C", "A", "B"])
            #expect(try api.send(.post, "/items/restore.json", json: ["batch": batch]).status == 404)

            _ = try api.send(.delete, "/items/\(b.key.lowercasedString).json")
            let byKey = try api.send(.post, "/items/restore.json", json: ["key": b.key.lowercasedString])
            #expect(byKey.status == 200 && byKey.items.first?["name"] as? String == "B")
            #expect(try api.send(.post, "/items/restore.json", json: [:]).status == 422)
        }
    }

    @Test("Photo: upload, download, replace refused when not an image, remove")
    func photo() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Camera")
            let api = try Self.scripted(app, browser)
            let path = "/items/\(item.key.lowercasedString)/photo.json"
            let uploaded = try api.send(.put, path, body: TestImages.png(seed: 3), headers: ["Content-Type": "image/png"])
            #expect(uploaded.status == 200 && uploaded.json["hasPhoto"] as? Bool == true)
            let url = try #require(uploaded.json["photo"] as? String)
            let photo = try api.get(url)
            #expect(photo.status == 200 && photo.contentType == "image/png")
            #expect(try app.store.history(of: item.key).first?.kind == .photoAdded)
            let text = try api.send(.put, path, body: Array("not an image".utf8), headers: ["Content-Type": "image/png"])
            #expect(text.status == 415 && text.contentType == "application/problem+json")
            let wrongType = try api.send(.put, path, body: TestImages.png(seed: 4), headers: ["Content-Type": "text/plain"])
            #expect(wrongType.status == 415)
            let removed = try api.send(.delete, path)
            #expect(removed.status == 200 && removed.json["hasPhoto"] as? Bool == false)
            #expect(try api.get("/items/\(item.key.lowercasedString)/photo").status == 404)
            #expect(try api.get("/items/\(item.key.lowercasedString)/photo").contentType == "application/problem+json")
        }
    }

    @Test("A viewer reads but every write is 403")
    func viewer() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp")
            let api = try Self.scripted(app, browser, role: .viewer)
            #expect(try api.get("/items.json").status == 200)
            let create = try api.send(.post, "/items.json", json: ["name": "X"])
            #expect(create.status == 403 && create.contentType == "application/problem+json")
            #expect(try api.send(.delete, "/items/\(item.key.lowercasedString).json").status == 403)
            #expect(try app.store.count() == 1)
        }
    }

    @Test("API tokens: created on the account page (shown once, stored hashed), used, revoked → 401")
    func tokens() throws {
        try withApp { browser, app in
            _ = try browser.get("/account")
            let page = try browser.post("/account/tokens", ["name": "backup script"])
            #expect(page.status == 200)
            let marker = "id=\"new-api-token\">"
            let start = try #require(page.body.range(of: marker)?.upperBound)
            let token = String(page.body[start...].prefix { $0 != "<" })
            #expect(token.hasPrefix("hp_") && token.count == 67)
            let owner = try #require(try app.accounts.account(named: "owner"))
            let stored = try app.accounts.apiTokens(accountID: owner.id)
            #expect(stored.map(\.name) == ["backup script"] && stored[0].lastUsedAt == nil)
            // Kept only as its SHA-256: the digest finds it, the token's own bytes do not.
            #expect(try app.accounts.activeAPIToken(tokenHash: SHA256.hash(Array(token.utf8))) != nil)
            #expect(try app.accounts.activeAPIToken(tokenHash: Array(token.utf8)) == nil)

            let api = APIClient(client: browser.client.makeClient(), token: token)
            #expect(try api.send(.post, "/items.json", json: ["name": "From a script"]).status == 201)
            app.accounts.flushPendingUses()  // written off the request's thread
            #expect(try app.accounts.apiTokens(accountID: owner.id)[0].lastUsedAt != nil)
            #expect(try app.accounts.apiTokens(accountID: owner.id)[0].lastUsedAddress == "127.0.0.1")
            let again = try browser.get("/account")
            #expect(again.text.contains("backup script") && !again.body.contains(token))

            #expect(try browser.post("/account/tokens/revoke", ["token": "999"]).status == 404)
            let revoked = try browser.post("/account/tokens/revoke", ["token": String(stored[0].id)])
            #expect(revoked.status == 303)
            let refused = try api.get("/items.json")
            #expect(refused.status == 401 && refused.contentType == "application/problem+json")
            #expect(refused.headers[AccessGuard.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            let anonymous = try APIClient(client: browser.client.makeClient(), token: nil).get("/items.json")
            #expect(anonymous.status == 401 && anonymous.headers[AccessGuard.wwwAuthenticate] == "Bearer")
        }
    }

    @Test("Cookie-signed-in JSON writes need the session's CSRF token in X-CSRF-Token")
    func cookieWritesNeedCSRF() throws {
        try withApp { browser, app in
            let api = APIClient(client: browser.client, token: nil)
            #expect(try api.get("/items.json").status == 200)
            let without = try api.send(.post, "/items.json", json: ["name": "No token"])
            #expect(without.status == 403 && without.contentType == "application/problem+json")
            let wrong = try api.send(.post, "/items.json", json: ["name": "Wrong"], headers: ["X-CSRF-Token": String(repeating: "0", count: 64)])
            #expect(wrong.status == 403)
            let csrf = try #require(browser.formToken)
            let crossSite = try api.send(.post, "/items.json", json: ["name": "X"], headers: ["X-CSRF-Token": csrf, "Origin": "http://evil.example"])
            #expect(crossSite.status == 403)
            let with = try api.send(.post, "/items.json", json: ["name": "With token"], headers: ["X-CSRF-Token": csrf])
            #expect(with.status == 201)
            #expect(try app.store.allItems().map(\.name) == ["With token"])
        }
    }
}
