import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 24 point 5 on a machine without libqrencode (here: `dlopen` given a name that is not
/// there): every label page and code answers 503 naming the Debian package, said once at
/// start; the rest of the app works as before.
@Suite("QR labels without libqrencode")
struct QRLabelsMissingLibraryTests {
    static let missing = "libqrencode-missing-for-tests.so.4"

    @Test("The label pages and codes answer 503 naming libqrencode4: a page, plain text for an image, problem details for JSON")
    func unavailable() throws {
        let log = LogRecorder()
        try withLabelsApp(library: Self.missing, log: log) { browser, app in
            let item = try app.seedItem(name: "Lamp")
            let box = try app.store.createLocation(name: "Box")
            let key = item.key.lowercasedString
            #expect(log.lines.contains { $0.contains("QR labels are off") && $0.contains("libqrencode4") })
            for path in ["/qr-labels?item=\(key)", "/qr-labels/locations", "/items/qr-labels?key=\(key)&mode=select",
                         "/qr-labels?location=\(box.key.lowercasedString)"] {
                let page = try browser.get(path)
                #expect(page.status == 503, "\(path)")
                #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(page.text.contains("sudo apt-get install libqrencode4"), "\(path)")
                #expect(page.text.contains("QR labels need libqrencode"))
            }
            let image = try browser.get("/items/\(key)/qr.svg", headers: ["Accept": "image/avif,image/webp,image/svg+xml,*/*;q=0.8"])
            #expect(image.status == 503)
            #expect(image.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(image.text.contains("libqrencode4"))
            let opened = try browser.get("/locations/\(box.key.lowercasedString)/qr.svg", headers: ["Accept": "text/html"])
            #expect(opened.status == 503)
            #expect(opened.text.contains("sudo apt-get install libqrencode4"))
            let json = try browser.get("/items/\(key)/qr.svg", headers: ["Accept": "application/json"])
            #expect(json.status == 503)
            #expect(json.headers[.contentType] == "application/problem+json")
            #expect(json.text.contains("libqrencode4"))
            // An unknown item is still 404, missing library or not.
            #expect(try browser.get("/items/\(UUID().uuidString)/qr.svg").status == 404)
        }
    }

    @Test("Everything else works without libqrencode: the list, Select mode, the dialog, the report, the locations")
    func everythingElseWorks() throws {
        try withLabelsApp(library: Self.missing) { browser, app in
            let item = try app.seedItem(name: "Lamp")
            _ = try app.store.createLocation(name: "Box")
            for path in ["/items", "/items?mode=select", "/items/\(item.key.lowercasedString)", "/items/report", "/locations",
                         "/items.json", "/items/\(item.key.lowercasedString).json"] {
                #expect(try browser.get(path).status == 200, "\(path)")
            }
            #expect(try browser.post("/items", ["page": "1"]).status == 303)
            // The ways to the labels stay: they lead to the page that says what to install.
            #expect(try browser.get("/items?mode=select").text.contains(#"formaction="/items/qr-labels""#))
            #expect(try browser.get("/items/\(item.key.lowercasedString)").text.contains(#"href="/qr-labels?item="#))
            #expect(try browser.get("/locations").text.contains(#"href="/qr-labels/locations""#))
        }
    }
}
