import Foundation
import HTTP
import HTTPTestSupport
import ImageFixtures
import Imaging
import Storage
import Testing
@testable import App

/// Issue 10 over HTTP: cells, thumbnails, the compact edit mode and its Move page, the sheet.
@Suite("The list as a table view")
struct TableViewTests {
    @Test("A row is one link named by name, value and serial, with its 1× and 2× thumbnail")
    func cells() throws {
        try withApp { browser, app in
            let camera = try app.seedItem(name: "Camera", serial: "C-1", value: 700, photo: TestImages.png(seed: 9))
            try app.seedItem(name: "Spoon", serial: "", value: 3)
            let page = try browser.get("/items")
            let key = camera.key.lowercasedString
            let version = ItemListView.urlSafe(try #require(camera.photoETag))
            #expect(page.body.contains("aria-label=\"Camera, $700, high value, serial number C-1\""))
            #expect(page.body.contains("aria-label=\"Spoon, $3\""))
            #expect(page.text.contains("src=\"/items/\(key)/thumbnails/60?v=\(version)\" srcset=\"/items/\(key)/thumbnails/120?v=\(version) 2x\""))
            // One link per row: the name, value, serial and date are inside it.
            let row = try #require(page.body.range(of: "id=\"item-\(key)\"")).upperBound
            let rowHTML = page.body[row...].prefix { _ in true }.components(separatedBy: "</li>")[0]
            #expect(rowHTML.components(separatedBy: "<a ").count == 2)
            #expect(rowHTML.contains("C-1") && rowHTML.contains("$700") && rowHTML.contains("High value"))
        }
    }

    @Test("Thumbnails are JPEGs of 60 and 120 px, immutable under a versioned URL, 304 when unchanged")
    func thumbnails() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp", photo: SampleImages.jpegWithLocation(seed: 4))
            let key = item.key.lowercasedString
            for size in [60, 120] {
                let response = try browser.client.get("/items/\(key)/thumbnails/\(size)?v=1")
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
                let metadata = try PhotoMetadata(bytes: response.body)
                #expect(metadata.pixelWidth == size && metadata.pixelHeight == size && response.body.count < 12 * 1_024)
                let etag = try #require(response.headers[.etag])
                #expect(try browser.client.get("/items/\(key)/thumbnails/\(size)", headers: [.ifNoneMatch: etag]).status == .notModified)
            }
            #expect(try browser.client.get("/items/\(key)/thumbnails/61").status == .notFound)
            #expect(try browser.client.get("/items/\(key)/thumbnails/abc").status == .notFound)
            // The stored photo lost its location on the way in.
            let photo = try browser.client.get("/items/\(key)/photo")
            #expect(try !PhotoMetadata(bytes: photo.body).hasLocation)
            try app.store.removeItem(key: item.key)
            #expect(try browser.client.get("/items/\(key)/thumbnails/60").status == .notFound)
        }
    }

    @Test("Edit-mode rows carry no per-browser token, so every browser gets the same rows; the page's one form has it")
    func editRowsAreShared() throws {
        try withApp { browser, app in
            for index in 1...5 { try app.seedItem(name: "Item \(index)") }
            let first = try browser.get("/items?mode=edit")
            let other = Browser(client: browser.client.makeClient())
            try other.signIn("owner")
            let second = try other.get("/items?mode=edit")
            let rows = { (page: Browser.Page) -> String in
                guard let start = page.body.range(of: "<ol")?.lowerBound, let end = page.body.range(of: "</ol>")?.upperBound else { return "" }
                return String(page.body[start..<end])
            }
            #expect(rows(first) == rows(second))
            #expect(!rows(first).contains("_csrf"))
            #expect(first.body.contains("<form id=\"row-actions\" method=\"post\" action=\"/items\"><input type=\"hidden\" name=\"_csrf\""))
            #expect(first.body.contains("formaction=\"/items/"))
            #expect(browser.formToken != other.formToken)
        }
    }

    @Test("The Move page moves with the position field or ↑/↓, and refuses a position outside the list with 422")
    func movePage() throws {
        try withApp { browser, app in
            let items = try (1...4).map { try app.seedItem(name: "Item \($0)") }
            let key = items[0].key.lowercasedString
            let page = try browser.get("/items/\(key)/move")
            #expect(page.status == 200)
            #expect(page.text.contains("Move Item 1") && page.text.contains("Now at position 1 of 4."))
            #expect(page.body.contains("name=\"position\" type=\"number\"") && page.body.contains("max=\"4\""))
            let moved = try browser.post("/items/\(key)/move", ["position": "3"])
            #expect(moved.status == 303)
            #expect(try app.store.allItems().map(\.name) == ["Item 2", "Item 3", "Item 1", "Item 4"])
            let refused = try browser.post("/items/\(key)/move", ["position": "9"])
            #expect(refused.status == 422)
            #expect(refused.text.contains("Enter a position from 1 to 4.") && refused.body.contains("aria-invalid=\"true\""))
            #expect(refused.body.contains("value=\"9\""))
            #expect(try browser.get("/items/00000000-0000-4000-8000-000000000000/move").status == 404)
        }
    }

    @Test("The sheet is a dialog; focus goes to the first field in error; a damaged photo is 422 by the camera")
    func sheet() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Vase")
            let key = item.key.lowercasedString
            let sheet = try browser.get("/items/\(key)")
            #expect(sheet.body.contains("<dialog class=\"detail-sheet\" open aria-labelledby=\"detail-title\" aria-describedby=\"detail-hint\""))
            #expect(sheet.body.contains("name=\"name\" form=\"detail-form\" value=\"Vase\" placeholder=\"e.g. Bicycle\" maxlength=\"200\" autocomplete=\"off\" required autofocus"))
            let invalid = try browser.post("/items/\(key)", [
                "name": "Vase", "serialNumber": "", "value": "lots", "version": String(item.version), "action": "done",
            ])
            #expect(invalid.status == 422)
            #expect(invalid.body.contains("name=\"value\" form=\"detail-form\" value=\"lots\" placeholder=\"e.g. 450\" inputmode=\"decimal\" autocomplete=\"off\" autofocus"))
            #expect(!invalid.body.contains("required autofocus"))
            let whole = SampleImages.jpeg(seed: 2)
            let truncated = Array(whole.prefix(whole.count / 2))
            let damaged = try browser.postMultipart("/items/\(key)", [
                "name": "Vase", "serialNumber": "", "value": "5", "version": String(item.version), "action": "upload",
            ], file: ("photo", "vase.jpg", "image/jpeg", truncated))
            #expect(damaged.status == 422)
            #expect(damaged.text.contains("That photo is damaged, incomplete or far too large to read."))
            #expect(damaged.body.contains("capture=\"environment\" multiple form=\"detail-form\" autofocus"))
            #expect(try app.store.photo(forItem: item.key) == nil)
        }
    }
}
