import Foundation
import Storage
import Testing
@testable import App

/// Issue 24 in the insurance report: a row's value counts every one of it, with the unit value
/// under it; its make, purchase (day, price, shop) and warranty under its name; the heading and
/// each location's subtotal count things, not rows.
@Suite("Insurance report: quantity, purchase and warranty")
struct ReportOwnershipTests {
    @Test("Three chairs count 3 and their value; the purchase, make and warranty are under the name, escaped")
    func rows() throws {
        try withApp { browser, app in
            let kitchen = try app.store.location(creatingPath: ["Kitchen"])
            let chairs = try app.seedItem(name: "Chair", serial: "C1", value: 400)
            _ = try app.store.saveItem(key: chairs.key, fields: ItemValues(name: "Chair", serialNumber: "C1", valueInDollars: 400, ownership: ItemOwnership(
                manufacturer: "<b>Hay</b>", modelNumber: "AAC 22", quantity: 3, purchaseDate: CalendarDate(iso: "2024-02-29"),
                purchasePriceCents: 129_905, placeBought: "Design Shop", warranty: .until(CalendarDate(iso: "2027-02-28")!))),
                placement: ItemPlacement(locationKey: kitchen.key), expectedVersion: chairs.version)
            let lamp = try app.seedItem(name: "Lamp", serial: "L1", value: 12)
            _ = try app.store.saveItem(key: lamp.key, fields: ItemValues(name: "Lamp", serialNumber: "L1", valueInDollars: 12,
                                                                          ownership: ItemOwnership(warranty: .noWarranty)),
                                       expectedVersion: lamp.version)
            let page = try browser.get("/items/report")
            #expect(page.status == 200)
            #expect(ReportTests.names(page) == ["Chair", "Lamp"])
            #expect(page.body.contains("<td class=\"report__value\">$1,200<span class=\"report__details\">3 × $400</span></td>"))
            #expect(page.body.contains("<span class=\"report__details\">&lt;b&gt;Hay&lt;/b&gt; · AAC 22</span>"))
            #expect(page.text.contains("Bought Feb 29, 2024 · Paid $1,299.05 each · From Design Shop · Warranty until Feb 28, 2027"))
            #expect(page.body.contains("<td class=\"report__value\">$12</td>") && page.text.contains(">No warranty</span>"))
            #expect(page.text.contains("<dt>Items</dt><dd>4</dd>") && page.text.contains("<dt>Total value</dt><dd>$1,212</dd>"))
            let grouped = try browser.get("/items/report?group=location")
            #expect(grouped.text.contains("Subtotal, Kitchen, 3 items") && grouped.text.contains("Subtotal, No location, 1 item"))
        }
    }

    @Test("\"Receipt on file\" is said of the items with a receipt, not of one with only a manual; Undo brings it back")
    func receiptOnFile() throws {
        try withApp { browser, app in
            func attach(_ kind: DocumentKind, to item: Item, seed: UInt8) throws {
                let draft = try app.store.beginEditDraft(key: item.key)
                try app.store.addDraftDocument(id: draft.id, DocumentUpload(kind: kind, title: "\(kind)", fileName: "f.pdf",
                                                                          bytes: DocumentLiveTests.pdf(seed)))
                _ = try app.store.commitDraft(id: draft.id, expectedVersion: item.version)
            }
            let camera = try app.seedItem(name: "Camera", serial: "C1", value: 900)
            let lamp = try app.seedItem(name: "Lamp", serial: "L1", value: 12)
            let bike = try app.seedItem(name: "Bike", serial: "B1", value: 300)
            try attach(.receipt, to: camera, seed: 1)
            try attach(.manual, to: lamp, seed: 2)
            try attach(.receipt, to: bike, seed: 3)
            try app.store.removeItem(key: bike.key)

            let page = try browser.get("/items/report")
            #expect(ReportTests.names(page) == ["Camera", "Lamp"])
            let rows = page.body.components(separatedBy: "<tr>").filter { $0.hasPrefix("<td class=\"report__number\">") }
            #expect(rows.count == 2)
            #expect(rows[0].contains("<span class=\"report__details report__receipt\">Receipt on file</span>"))
            #expect(!rows[1].contains("report__receipt"))
            let chinese = try browser.get("/items/report?lang=zh-Hans")
            #expect(chinese.body.contains(">收据已存档</span>"))

            _ = try app.store.restore(key: bike.key)
            let again = try browser.get("/items/report")
            #expect(again.status == 200, "\(again.status)")
            let restored = again.body.components(separatedBy: "<tr>").filter { $0.hasPrefix("<td class=\"report__number\">") }
            #expect(restored.filter { $0.contains("report__receipt") }.count == 2, "\(restored)")
        }
    }
}
