import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 26 point 2 in the JSON API: `favourite` in every item is the token's member's own;
/// `PUT` and `DELETE /items/{key}/favourite.json` set and clear it, for any role; the list takes
/// `favourites=1`.
@Suite("Favourites in the JSON API")
struct FavouritesAPITests {
    @Test("PUT and DELETE set and clear the token's member's star, idempotently, for any role; each sees only theirs")
    func putAndDelete() throws {
        try withApp { browser, app in
            let owner = try APITests.scripted(app, browser), viewer = try APITests.scripted(app, browser, role: .viewer)
            let lamp = try app.seedItem(name: "Lamp"), desk = try app.seedItem(name: "Desk")
            let path = "/items/\(lamp.key.lowercasedString)"
            #expect(try owner.get(path + ".json").json["favourite"] as? Bool == false)
            for _ in 0..<2 {
                let put = try viewer.send(.put, path + "/favourite.json")
                #expect(put.status == 200 && put.json["favourite"] as? Bool == true && put.json["key"] as? String == lamp.key.lowercasedString)
                #expect(put.json["version"] as? Int == lamp.version)
            }
            #expect(try viewer.get(path + ".json").json["favourite"] as? Bool == true)
            #expect(try owner.get(path + ".json").json["favourite"] as? Bool == false)
            let listed = try viewer.get("/items.json?favourites=1")
            #expect(listed.items.map { $0["name"] as? String } == ["Lamp"] && listed.json["total"] as? Int == 1)
            #expect(listed.items.first?["favourite"] as? Bool == true)
            #expect(try owner.get("/items.json?favourites=1").items.isEmpty)
            #expect(try owner.get("/items.json?favourites=true&q=desk").json["total"] as? Int == 0)
            let all = try viewer.get("/items.json")
            #expect(all.items.map { $0["favourite"] as? Bool } == [true, false])
            #expect(try viewer.get("/items.json?favourites=0").items.count == 2)
            for _ in 0..<2 {
                let deleted = try viewer.send(.delete, path + "/favourite.json")
                #expect(deleted.status == 200 && deleted.json["favourite"] as? Bool == false)
            }
            #expect(try app.store.history(of: lamp.key).map(\.kind) == [.created])
            _ = desk
        }
    }

    @Test("Unknown and malformed keys are 404, a deleted item too; a bad filter is 422; a cookie write needs its CSRF header")
    func refusals() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let chair = try app.seedItem(name: "Chair")
            for key in [UUID().uuidString, "nope", String(repeating: "f", count: 300)] {
                let reply = try api.send(.put, "/items/\(key)/favourite.json")
                #expect(reply.status == 404 && reply.contentType == "application/problem+json")
                #expect(try api.send(.delete, "/items/\(key)/favourite.json").status == 404)
            }
            for value in ["2", "yes", ""] {
                let bad = try api.get("/items.json?favourites=\(value)")
                #expect(bad.status == 422 && bad.fieldErrors == ["favourites"])
            }
            let cookie = APIClient(client: browser.client, token: nil)
            #expect(try cookie.send(.put, "/items/\(chair.key.lowercasedString)/favourite.json").status == 403)
            let csrf = try #require(browser.formToken)
            let with = try cookie.send(.put, "/items/\(chair.key.lowercasedString)/favourite.json", headers: ["X-CSRF-Token": csrf])
            #expect(with.status == 200 && with.json["favourite"] as? Bool == true)
            try app.store.removeItem(key: chair.key)
            #expect(try api.send(.delete, "/items/\(chair.key.lowercasedString)/favourite.json").status == 404)
            let anonymous = APIClient(client: browser.client.makeClient(), token: "not-a-token")
            #expect(try anonymous.send(.put, "/items/\(chair.key.lowercasedString)/favourite.json").status == 401)
        }
    }

    @Test("A starred item keeps `favourite` wherever the API shows it: deleted, restored, moved, a 409's current item")
    func everywhere() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let clock = try app.seedItem(name: "Clock"), _ = try app.seedItem(name: "Vase")
            let key = clock.key.lowercasedString
            #expect(try api.send(.put, "/items/\(key)/favourite.json").status == 200)
            let moved = try api.send(.post, "/items/\(key)/move.json", json: ["position": 2])
            #expect(moved.json["favourite"] as? Bool == true)
            let conflict = try api.send(.put, "/items/\(key).json", json: ["name": "x", "serialNumber": "", "valueInDollars": 1, "version": 99])
            #expect(conflict.status == 409 && (conflict.json["current"] as? [String: Any])?["favourite"] as? Bool == true)
            let deleted = try api.send(.delete, "/items/\(key).json")
            #expect(deleted.items.first?["favourite"] as? Bool == true)
            let restored = try api.send(.post, "/items/restore.json", json: ["key": key])
            #expect(restored.items.first?["favourite"] as? Bool == true)
            #expect(try api.get("/items/\(key).json").json["favourite"] as? Bool == true)
        }
    }
}
