import Foundation
import HTTP
import HTTPTestSupport
import ImageFixtures
import Storage
import Testing
@testable import App

/// Issue 24 point 7: an item's several photos over the JSON API.
@Suite("Several photos: the JSON API")
struct PhotoAPITests {
    static func digests(_ reply: APIClient.Reply) -> [String] {
        (reply.json["photos"] as? [[String: Any]] ?? []).compactMap { $0["digest"] as? String }
    }

    @Test("List, add, reorder (a new cover), delete; a stale version is 409; the history says what happened")
    func roundTrip() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let item = try app.seedItem(name: "Guitar")
            let path = "/items/\(item.key.lowercasedString)/photos.json"
            #expect(Self.digests(try api.get(path)) == [])
            for seed in UInt8(1)...3 {
                let added = try api.send(.post, path, body: SampleImages.png(seed: seed), headers: ["Content-Type": "image/png"])
                #expect(added.status == 201)
            }
            let listed = try api.get(path)
            let digests = Self.digests(listed)
            #expect(digests.count == 3)
            #expect((listed.json["photos"] as? [[String: Any]])?.first?["cover"] as? Bool == true)
            let version = try #require(listed.json["version"] as? Int)
            #expect(version == 4)

            let reordered = try api.send(.put, path, json: ["order": [digests[2], digests[0], digests[1]], "version": version])
            #expect(reordered.status == 200)
            #expect(Self.digests(reordered) == [digests[2], digests[0], digests[1]])
            #expect(try app.store.item(key: item.key)?.photoETag.map(Photo.digest(ofETag:)) == digests[2])
            let stale = try api.send(.put, path, json: ["order": digests, "version": version])
            #expect(stale.status == 409)

            let deleted = try api.send(.delete, "/items/\(item.key.lowercasedString)/photos/\(digests[2]).json")
            #expect(deleted.status == 200)
            #expect(Self.digests(deleted) == [digests[0], digests[1]])
            let served = try api.get("/items/\(item.key.lowercasedString)/photos/\(digests[0])")
            #expect(served.status == 200 && served.headers[.contentType] == "image/png")
            let kinds = try app.store.history(of: item.key).map(\.kind)
            #expect(kinds.prefix(2) == [.photoRemoved, .coverChanged])
        }
    }

    @Test("Refusals: a wrong order, an unknown digest, HTML as an image, the 21st photo, and a viewer's writes")
    func refusals() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let item = try app.seedItem(name: "Desk")
            let key = item.key.lowercasedString
            let path = "/items/\(key)/photos.json"
            _ = try api.send(.post, path, body: SampleImages.png(seed: 1), headers: ["Content-Type": "image/png"])
            let version = try #require(try api.get(path).json["version"] as? Int)
            for order in [[String](), ["../../etc/passwd"], [String](repeating: "a", count: 21)] as [[String]] {
                let bad = try api.send(.put, path, json: ["order": order, "version": version])
                #expect(bad.status == 422, "\(order.prefix(1))")
            }
            #expect(try api.send(.put, path, json: ["order": "no", "version": version]).status == 422)
            #expect(try api.send(.delete, "/items/\(key)/photos/\(String(repeating: "0", count: 64)).json").status == 404)
            let html = try api.send(.post, path, body: Array("<!doctype html><script>alert(1)</script>".utf8), headers: ["Content-Type": "image/png"])
            #expect(html.status == 415)
            #expect(try api.send(.post, path, body: Array("x".utf8), headers: ["Content-Type": "text/html"]).status == 415)
            for seed in UInt8(2)...20 {
                #expect(try api.send(.post, path, body: SampleImages.png(seed: seed), headers: ["Content-Type": "image/png"]).status == 201)
            }
            let full = try api.send(.post, path, body: SampleImages.png(seed: 21), headers: ["Content-Type": "image/png"])
            #expect(full.status == 422)
            #expect(try app.store.photoETags(ofItem: item.key).count == 20)

            let viewer = try APITests.scripted(app, browser, role: .viewer)
            #expect(try viewer.get(path).status == 200)
            #expect(try viewer.send(.post, path, body: SampleImages.png(seed: 30), headers: ["Content-Type": "image/png"]).status == 403)
            #expect(try viewer.send(.delete, "/items/\(key)/photos/\(Self.digests(try api.get(path))[0]).json").status == 403)
        }
    }
}
