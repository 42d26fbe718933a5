import Foundation
import HTTP
import HTTPTestSupport
import QRCode
import QRTestSupport
import Storage
import Testing
@testable import App

/// Issue 24 point 5 over real HTTP: `GET /items/{key}/qr.svg` and `/locations/{key}/qr.svg`
/// draw the absolute address that opens the item or location, and scanning it (zbarimg
/// reading the served SVG) gives exactly that address.
@Suite("QR codes over HTTP")
struct QRCodeLiveTests {
    /// The texts zbarimg reads from a served SVG (its modules read back by the tests' own reader).
    static func scan(_ page: Browser.Page) throws -> [String] {
        let grid = try #require(SVGModules.parse(page.body), "not an SVG of QRMatrix's form: \(page.body.prefix(200))")
        return try ZBar.decode(grid)
    }

    @Test("An item's qr.svg is a cacheable SVG that scans as the item's absolute address",
          .enabled(if: qrLibraryInstalled, qrLibraryMissing))
    func itemCode() throws {
        try withLabelsApp { browser, app in
            let item = try app.seedItem(name: "Lamp")
            let key = item.key.lowercasedString
            let page = try browser.get("/items/\(key)/qr.svg")
            #expect(page.status == 200)
            #expect(page.headers[.contentType] == "image/svg+xml")
            #expect(page.body.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(page.body.contains(#"shape-rendering="crispEdges""#))
            #expect(page.body.components(separatedBy: "<path").count == 2)
            let address = "http://127.0.0.1:\(browser.client.port)/items/\(key)"
            if ZBar.isInstalled { #expect(try Self.scan(page) == [address]) }
            // The same address draws the same code: a revalidation is a 304 without a body.
            let etag = try #require(page.headers[.etag])
            #expect(page.headers[.cacheControl] == "private, no-cache")
            let again = try browser.get("/items/\(key)/qr.svg", headers: ["If-None-Match": etag])
            #expect(again.status == 304)
            #expect(again.bodyBytes.isEmpty)
            // Asked on another name, another address and so another ETag.
            let other = try browser.get("/items/\(key)/qr.svg", headers: ["Host": "localhost:\(browser.client.port)", "If-None-Match": etag])
            #expect(other.status == 200)
            #expect(other.headers[.etag] != etag)
            if ZBar.isInstalled { #expect(try Self.scan(other) == ["http://localhost:\(browser.client.port)/items/\(key)"]) }
        }
    }

    @Test("A location's qr.svg scans as the location's page, which lists what is in it",
          .enabled(if: qrLibraryInstalled, qrLibraryMissing), .enabled(if: ZBar.isInstalled, Comment(rawValue: ZBar.missing)))
    func locationCode() throws {
        try withLabelsApp { browser, app in
            let box = try app.store.createLocation(name: "Box 3")
            let page = try browser.get("/locations/\(box.key.lowercasedString)/qr.svg")
            #expect(page.status == 200)
            let address = try #require(try Self.scan(page).first)
            #expect(address == "http://127.0.0.1:\(browser.client.port)/locations/\(box.key.lowercasedString)")
            let opened = try browser.get(String(address.dropFirst("http://127.0.0.1:\(browser.client.port)".count)))
            #expect(opened.status == 303)
            #expect(opened.location?.contains("location=\(box.key.lowercasedString)") == true)
        }
    }

    @Test("Unknown, malformed and deleted keys are 404, for items and locations",
          .enabled(if: qrLibraryInstalled, qrLibraryMissing))
    func unknownKeys() throws {
        try withLabelsApp { browser, app in
            let gone = try app.seedItem(name: "Gone")
            let known = try app.seedItem(name: "Known")
            try app.store.removeItem(key: gone.key)
            #expect(try browser.get("/items/\(known.key.lowercasedString)/qr.svg").status == 200)
            for path in ["/items/\(UUID().uuidString)/qr.svg", "/items/not-a-key/qr.svg", "/items/\(gone.key.lowercasedString)/qr.svg",
                         "/locations/\(UUID().uuidString)/qr.svg", "/locations/%00/qr.svg", "/items//qr.svg"] {
                #expect(try browser.get(path).status == 404, "\(path)")
            }
        }
    }

    @Test("Behind a trusted HTTPS proxy the code names https; --public-host names the server",
          .enabled(if: qrLibraryInstalled, qrLibraryMissing), .enabled(if: ZBar.isInstalled, Comment(rawValue: ZBar.missing)))
    func absoluteAddress() throws {
        try withLabelsApp(behindProxy: true) { browser, app in
            browser.extraHeaders = ["X-Forwarded-Proto": "https"]
            try browser.signIn("owner")
            let key = try app.seedItem(name: "Lamp").key.lowercasedString
            #expect(try Self.scan(try browser.get("/items/\(key)/qr.svg")) == ["https://127.0.0.1:\(browser.client.port)/items/\(key)"])
        }
        // A public name without a port: the request's port, whatever name the request came on.
        try withLabelsApp(publicHosts: ["Homepwner.LOCAL"]) { browser, app in
            let key = try app.seedItem(name: "Lamp").key.lowercasedString
            let port = browser.client.port
            #expect(try Self.scan(try browser.get("/items/\(key)/qr.svg")) == ["http://homepwner.local:\(port)/items/\(key)"])
            let onName = try browser.get("/items/\(key)/qr.svg", headers: ["Host": "homepwner.local:\(port)"])
            #expect(try Self.scan(onName) == ["http://homepwner.local:\(port)/items/\(key)"])
        }
        // With a port (a proxy on another port), exactly that; a request on the second name keeps it.
        try withLabelsApp(publicHosts: ["inventory.example.org:8443", "[fd00::1]"], behindProxy: true) { browser, app in
            browser.extraHeaders = ["X-Forwarded-Proto": "https"]
            try browser.signIn("owner")
            let key = try app.seedItem(name: "Lamp").key.lowercasedString
            #expect(try Self.scan(try browser.get("/items/\(key)/qr.svg")) == ["https://inventory.example.org:8443/items/\(key)"])
            let onSecond = try browser.get("/items/\(key)/qr.svg", headers: ["Host": "[fd00::1]:9000"])
            #expect(try Self.scan(onSecond) == ["https://[fd00::1]:9000/items/\(key)"])
        }
    }

    @Test("A viewer gets the codes; signed out, a code or the scanned address lead to sign-in and back to the item",
          .enabled(if: qrLibraryInstalled, qrLibraryMissing))
    func access() throws {
        try withLabelsApp(signedIn: .viewer) { viewer, app in
            let item = try app.seedItem(name: "Grandfather clock")
            let key = item.key.lowercasedString
            // Seen once, the introduction no longer comes between signing in and the item.
            #expect(try viewer.post("/intro", [:]).status == 303)
            #expect(try viewer.get("/items/\(key)/qr.svg").status == 200)
            #expect(try viewer.get("/qr-labels?item=\(key)").status == 200)

            let stranger = Browser(client: viewer.client.makeClient())
            let html = ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"]
            let code = try stranger.get("/items/\(key)/qr.svg", headers: html)
            #expect(code.status == 303)
            #expect(code.location == "/sign-in?next=%2Fitems%2F\(key)%2Fqr.svg")
            #expect(try stranger.get("/qr-labels?item=\(key)", headers: html).location?.hasPrefix("/sign-in?next=") == true)
            // What a phone opens after scanning: sign-in first, then the item's dialog.
            let scanned = try stranger.get("/items/\(key)", headers: html)
            #expect(scanned.status == 303)
            #expect(scanned.location == "/sign-in?next=%2Fitems%2F\(key)")
            _ = try stranger.get(try #require(scanned.location))
            let signedIn = try stranger.post("/sign-in", ["username": "viewer", "password": testPassword, "next": "/items/\(key)"])
            #expect(signedIn.status == 303)
            #expect(signedIn.location == "/items/\(key)")
            let dialog = try stranger.get("/items/\(key)")
            #expect(dialog.status == 200)
            #expect(dialog.text.contains("Grandfather clock"))
            #expect(dialog.text.contains(#"href="/qr-labels?item=\#(key)""#))
        }
    }
}
