import Foundation
import HTTP
import Storage
import Testing
@testable import App

/// Issue 24 point 7: the CSV carries make, model, quantity (and value × quantity), purchase date
/// and price, where bought, warranty and notes, there and back; the preview reads them by the
/// dialog's rules, row by row, and sees what an import would change.
@Suite("CSV: ownership columns")
struct CSVOwnershipTests {
    static let context = CSVPlacesTests.context

    static func preview(_ csv: String, items: [Item] = [], order: DateOrder? = nil) -> ImportPreview {
        ImportPreview(bytes: Array(csv.utf8), context: context, matcher: ImportMatcher(items: items), chosenOrder: order)
    }

    static let sample = ItemOwnership(
        manufacturer: "=Sony", modelNumber: "ILCE-7M3", quantity: 3, purchaseDate: CalendarDate(iso: "2024-02-29"),
        purchasePriceCents: 129_905, placeBought: "B&H; @NYC", warranty: .until(CalendarDate(iso: "2027-02-28")!),
        notes: "Line one\nLine two, \"quoted\"\n-minus")

    @Test("Export writes every ownership column: quantity and value × quantity, ISO days, cents, the warranty, notes' lines; formulas neutralised")
    func record() throws {
        let item = Item(key: UUID(), name: "Camera", serialNumber: "", valueInDollars: 400, dateCreated: Date(), ownership: Self.sample)
        let cells = Array(ItemCSV.record(item, place: 1, language: .english, places: ItemCSV.PlaceNames(PlaceLookup(tree: .empty, labels: [])))[9...])
        #expect(cells == ["'=Sony", "ILCE-7M3", "3", "1200", "2024-02-29", "1299.05", "B&H;' @NYC", "2027-02-28", "Line one\nLine two, \"quoted\"\n'-minus"])
        var none = item
        none.ownership = ItemOwnership(warranty: .noWarranty)
        let plain = Array(ItemCSV.record(none, place: 1, language: .simplifiedChinese, places: ItemCSV.PlaceNames(PlaceLookup(tree: .empty, labels: [])))[9...])
        #expect(plain == ["", "", "1", "400", "", "", "", "无保修", ""])
    }

    @Test("Read back, a row gives the same fields; header aliases name the columns")
    func readBack() throws {
        let csv = """
            name,value,make,model,qty,purchased,cost,store,warranty,note
            Camera,400,'=Sony,ILCE-7M3,3,2024-02-29,"$1,299.05","B&H;' @NYC",2027-02-28,"Line one\r
            Line two, ""quoted""\r
            '-minus"
            Kettle,20,,,,,,,no warranty,
            """
        let preview = Self.preview(csv)
        #expect(preview.refused.isEmpty, "\(preview.refused)")
        let rows = preview.newItems
        #expect(rows.count == 2)
        #expect(rows[0].ownership?.applied(to: .blank) == Self.sample)
        #expect(rows[0].ownership?.fields == Set(ItemOwnership.Field.allCases))
        #expect(rows[1].ownership?.applied(to: .blank) == ItemOwnership(warranty: .noWarranty))
        // A file without the columns says nothing about them.
        #expect(Self.preview("name,value\nLamp,3\n").newItems.first?.ownership == nil)
    }

    /// A cell and the reason its row is refused.
    static let refusals: [(String, String, String)] = [
        ("quantity", "1e9", "The quantity “1e9” is not a whole number"), ("quantity", "0", "The quantity “0”"),
        ("quantity", "-3", "The quantity “-3”"), ("quantity", "1000000", "Value × quantity is more than $1,000,000,000."),
        ("purchase price", "12.345", "The purchase price “12.345”"), ("purchase price", "-1", "The purchase price “-1”"),
        ("purchase price", "1e9", "The purchase price “1e9”"), ("purchase date", "2026-02-30", "The purchase date “2026-02-30”"),
        ("purchase date", "1899-12-31", "The purchase date “1899-12-31”"), ("purchase date", "2999-01-01", "The purchase date “2999-01-01”"),
        ("warranty until", "soon", "The warranty “soon”"), ("manufacturer", String(repeating: "m", count: 201), "The manufacturer is longer than 200"),
        ("notes", String(repeating: "n", count: 10_001), "The notes is longer than 10000"),
    ]

    @Test("A bad ownership cell refuses its row with the reason; the other rows import", arguments: refusals.indices)
    func refused(index: Int) {
        let (column, cell, reason) = Self.refusals[index]
        let preview = Self.preview("name,value,\(column)\nGood,2000,\nBad,2000,\(cell)\n")
        #expect(preview.newItems.map(\.name) == ["Good"])
        #expect(preview.refused.map(\.line) == [3])
        #expect(preview.refused.first?.reason.contains(reason) == true, "\(preview.refused.first?.reason ?? "none")")
    }

    @Test("Matching an item: the same fields are unchanged, another quantity is a change, a missing column leaves it alone")
    func changes() throws {
        let key = UUID()
        let item = Item(key: key, name: "Camera", serialNumber: "C1", valueInDollars: 400, dateCreated: Date(), version: 4, ownership: Self.sample)
        let header = "item key,name,serial number,value,quantity,notes\n"
        let notes = "\"Line one\nLine two, \"\"quoted\"\"\n'-minus\""
        let same = Self.preview(header + "\(key),Camera,C1,400,3,\(notes)\n", items: [item])
        #expect(same.rows.first?.status == .unchanged(item) && same.updates.isEmpty)
        let more = Self.preview(header + "\(key),Camera,C1,400,4,\(notes)\n", items: [item])
        #expect(more.rows.first?.status == .changed(item))
        let update = try #require(more.updates.first)
        #expect(update.ownership?.fields == [.quantity, .notes] && update.ownership?.applied(to: Self.sample).quantity == 4)
        #expect(Self.preview("item key,name,serial number,value\n\(key),Camera,C1,400\n", items: [item]).rows.first?.status == .unchanged(item))
        // A new value times the three kept is checked against the item's own quantity.
        let tooMuch = Self.preview("item key,name,serial number,value\n\(key),Camera,C1,400000000\n", items: [item])
        #expect(tooMuch.rows.isEmpty && tooMuch.refused.first?.reason.contains("Value × quantity") == true)
    }

    @Test("Year-last purchase dates are read in the file's date order, and count as its evidence")
    func dateOrder() {
        let csv = "name,purchase date,warranty until\nA,23/11/2020,01/02/2030\nB,05/06/2021,\n"
        let found = Self.preview(csv)
        #expect(found.hasYearLastDates && found.detectedOrder == .dayMonthYear)
        #expect(found.newItems.map { $0.ownership?.values.purchaseDate?.iso } == ["2020-11-23", "2021-06-05"])
        #expect(found.newItems.first?.ownership?.values.warranty == .until(CalendarDate(iso: "2030-02-01")!))
        let chosen = Self.preview("name,purchase date\nB,05/06/2021\n", order: .monthDayYear)
        #expect(chosen.newItems.first?.ownership?.values.purchaseDate?.iso == "2021-05-06")
    }

    @Test("Live round trip: export, import into an empty store, export again — the same file; an edited export updates the fields")
    func roundTrip() throws {
        var first = ""
        try withApp { browser, app in
            let item = try app.seedItem(name: "Camera", serial: "C1", value: 400)
            _ = try app.store.saveItem(key: item.key, fields: ItemValues(name: "Camera", serialNumber: "C1", valueInDollars: 400, ownership: Self.sample),
                                       expectedVersion: item.version)
            let lamp = try app.seedItem(name: "Lamp", serial: "L1", value: 12)
            _ = try app.store.saveItem(key: lamp.key, fields: ItemValues(name: "Lamp", serialNumber: "L1", valueInDollars: 12,
                                                                          ownership: ItemOwnership(warranty: .noWarranty, notes: "中文备注")),
                                       expectedVersion: lamp.version)
            first = String(decoding: try browser.client.get("/items.csv").body, as: UTF8.self)
        }
        try withApp { browser, app in
            let (preview, location) = try CSVTests.upload(browser, first)
            #expect(preview.status == 200 && preview.text.contains("3 × $400"))
            #expect(try browser.post(location, [:]).status == 303)
            #expect(try app.store.allItems().map(\.ownership) == [Self.sample, ItemOwnership(warranty: .noWarranty, notes: "中文备注")])
            #expect(String(decoding: try browser.client.get("/items.csv").body, as: UTF8.self) == first)
            #expect(try browser.get("/items").text.contains("4 items worth $1,212"))

            // The export edited in a spreadsheet: the camera's quantity and notes change, and Undo import puts them back.
            var rows = try CSVTests.records(Array(first.utf8))
            rows[1][11] = "5"
            rows[1][17] = "Sold two"
            let edited = rows.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }.joined(separator: "\r\n")
            let (again, confirm) = try CSVTests.upload(browser, edited)
            #expect(again.text.contains("Changed"), "the preview does not see the change")
            #expect(try browser.post(confirm, ["existing": "update"]).status == 303)
            let camera = try #require(try app.store.allItems().first)
            #expect(camera.ownership.quantity == 5 && camera.ownership.notes == "Sold two" && camera.ownership.purchasePriceCents == 129_905)
            let history = try app.store.history(of: camera.key)
            #expect(history.contains { $0.field == .quantity && $0.oldValue == "3" && $0.newValue == "5" })
        }
    }
}
