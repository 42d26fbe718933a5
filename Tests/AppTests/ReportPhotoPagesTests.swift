import Foundation
import ImageFixtures
import Storage
import Testing
@testable import App

/// Issue 24 point 7: the insurance report's optional page of photos per item.
@Suite("The report's photo pages")
struct ReportPhotoPagesTests {
    @Test("With ?photos=1 each item with photos gets a page of all of them, cover first, by its number; without it, none")
    func photoPages() throws {
        try withApp { browser, app in
            _ = try app.seedItem(name: "No photo <b>here</b>")
            let draft = try app.store.beginNewItemDraft(.random)
            _ = try app.store.updateDraft(id: draft.id, name: "Bike <script>", serialNumber: "B-1", valueInDollars: 300)
            _ = try app.store.addDraftPhotos(id: draft.id, uploads: [SampleImages.png(seed: 1), SampleImages.png(seed: 2), SampleImages.png(seed: 3)])
            let bike = try app.store.commitDraft(id: draft.id, expectedVersion: nil)
            let photos = try app.store.photoETags(ofItem: bike.key).map(Photo.digest(ofETag:))

            let plain = try browser.get("/items/report")
            #expect(plain.status == 200)
            #expect(!plain.body.contains("report-appendix\""))
            #expect(plain.text.contains("href=\"/items/report?photos=1\""))
            let report = try browser.get("/items/report?photos=1")
            #expect(report.status == 200)
            #expect(report.body.components(separatedBy: "<section class=\"report-appendix\"").count == 2, "one page: the item without photos has none")
            #expect(report.body.contains("No. 2</span> Bike &lt;script&gt;"))
            let positions = photos.map { report.body.range(of: "/items/\(bike.key.lowercasedString)/photos/\($0)")?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil })
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "cover first, in the member's order")
            #expect(report.body.contains("Without photo pages"))
            #expect(!report.body.contains("<!-- report photo pages -->"), "the slot never shows")
            let grouped = try browser.get("/items/report?group=location&photos=1")
            #expect(grouped.body.contains("<section class=\"report-appendix\""))
        }
    }
}
