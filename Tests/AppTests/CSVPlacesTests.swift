import Foundation
import HTTP
@testable import Storage
import Testing
@testable import App

/// The CSV's Location and Labels columns (issue 23 point 7), without a server: how cells are
/// written and read, what a preview refuses row by row, what it says will be created, and
/// the household's caps.
@Suite("CSV: locations and labels")
struct CSVPlacesTests {
    static let context = PageContext(request: HTTPRequest(method: .get, target: "/items/import"),
                                     csrf: CSRFProtection(key: Array(repeating: 7, count: 32)))

    static func preview(_ csv: String, items: [Item] = [], places: PlaceLookup = PlaceLookup(tree: .empty, labels: [])) -> ImportPreview {
        ImportPreview(bytes: Array(csv.utf8), context: context, matcher: ImportMatcher(items: items, places: places))
    }

    @Test("A Location cell is a path split at “>” (names trimmed, line breaks read as spaces); none when empty",
          arguments: [
              ("Home > Kitchen", ["Home", "Kitchen"]), ("Home>Kitchen>Drawer", ["Home", "Kitchen", "Drawer"]),
              ("  家 >  厨房 ", ["家", "厨房"]), ("", []), ("   ", []), ("A\nB > C", ["A B", "C"]),
              ("=cmd > @x", ["=cmd", "@x"]), ("A > B > C > D", ["A", "B", "C", "D"]),
          ])
    func locationCells(cell: String, path: [String]) throws {
        #expect(try ItemCSV.locationPath(cell).get() == path)
    }

    @Test("Hostile Location cells are refused: empty parts, 5 deep, a 150-character name")
    func hostileLocationCells() throws {
        #expect(ItemCSV.locationPath("Home > > Box") == .failure(.emptyName))
        #expect(ItemCSV.locationPath(">Home") == .failure(.emptyName))
        #expect(ItemCSV.locationPath("Home >") == .failure(.emptyName))
        #expect(ItemCSV.locationPath("A > B > C > D > E") == .failure(.tooDeep(levels: 5)))
        #expect(ItemCSV.locationPath("A > " + String(repeating: "长", count: 150)) == .failure(.nameTooLong))
        #expect(try ItemCSV.locationPath(String(repeating: "长", count: 100)).get().count == 1)
    }

    @Test("A Labels cell is names split at “;” (trimmed, empty pieces skipped); 41 characters or 51 labels are refused")
    func labelCells() throws {
        #expect(try ItemCSV.labelNames("Fragile; Insured;;  电器 ;").get() == ["Fragile", "Insured", "电器"])
        #expect(try ItemCSV.labelNames("").get() == [])
        #expect(ItemCSV.labelNames("ok; " + String(repeating: "x", count: 41)) == .failure(.labelTooLong(String(repeating: "x", count: 41))))
        #expect(ItemCSV.labelNames((0...50).map { "L\($0)" }.joined(separator: "; ")) == .failure(.tooManyLabels(51)))
        // The same label in other cases counts once.
        #expect(try ItemCSV.labelNames((0..<100).map { $0 % 2 == 0 ? "L\($0 % 50)" : "l\($0 % 50)" }.joined(separator: ";")).get().count == 100)
    }

    @Test("Export writes the path with “ > ” and labels with “; ” in their order, formula-looking names neutralised")
    func record() throws {
        let home = UUID(), kitchen = UUID(), fragile = UUID(), formula = UUID()
        let tree = LocationTree(rows: [
            .init(id: 1, key: home, parentID: nil, name: "=Home", note: "", version: 1),
            .init(id: 2, key: kitchen, parentID: 1, name: "厨房", note: "", version: 1),
        ])
        let places = ItemCSV.PlaceNames(PlaceLookup(tree: tree, labels: [
            Label(key: formula, name: "=cmd|' /C calc'!A0", color: .red, version: 1), Label(key: fragile, name: "Fragile", color: .gray, version: 1),
        ]))
        let item = Item(key: UUID(), name: "Pan", serialNumber: "", valueInDollars: 3, dateCreated: Date(),
                        placement: ItemPlacement(locationKey: kitchen, labelKeys: [fragile, formula, UUID()]))
        let record = ItemCSV.record(item, place: 1, language: .english, places: places)
        #expect(record[7] == "'=Home > 厨房")
        #expect(record[8] == "'=cmd|' /C calc'!A0; Fragile")
        // Read back, the neutralising quote goes and the names come out as they were.
        #expect(try ItemCSV.locationPath(ItemCSV.unneutralised(record[7])).get() == ["=Home", "厨房"])
        #expect(try ItemCSV.labelNames(ItemCSV.unneutralised(record[8])).get() == ["=cmd|' /C calc'!A0", "Fragile"])
        let nowhere = ItemCSV.record(Item(key: UUID(), name: "X", serialNumber: "", valueInDollars: 0, dateCreated: Date()),
                                     place: 2, language: .english, places: places)
        #expect(nowhere[7] == "" && nowhere[8] == "")
    }

    @Test("The preview refuses bad cells row by row, with the reason, and imports the rest with their places")
    func previewRows() throws {
        let deep = "A > B > C > D > E"
        let csv = """
            name,location,labels
            Pan,Home > Kitchen,Fragile; kitchen
            Deep,\(deep),
            Long,Home > \(String(repeating: "长", count: 150)),
            Gap,Home > > Box,
            Tags,,\(String(repeating: "t", count: 41))
            Many,,\((0...50).map { "L\($0)" }.joined(separator: ";"))
            Old file style,,
            """
        let preview = Self.preview(csv)
        #expect(preview.fileError == nil)
        #expect(preview.refused.map(\.line) == [3, 4, 5, 6, 7])
        #expect(preview.refused[0].reason == "The location “\(deep)” is 5 levels deep; locations nest at most 4 levels.")
        #expect(preview.refused[1].reason.hasPrefix("A name in the location “Home > 长长"))
        #expect(preview.refused[2].reason == "The location “Home > > Box” has an empty name between “>” signs.")
        #expect(preview.refused[3].reason.contains("longer than 40 characters"))
        #expect(preview.refused[4].reason == "This row has 51 labels; an item can have at most 50.")
        #expect(preview.newItems.map(\.locationPath) == [["Home", "Kitchen"], []])
        #expect(preview.newItems.map(\.labelNames) == [["Fragile", "kitchen"], []])
        // A file without the columns leaves places alone (nil, not "none").
        let older = Self.preview("name,value\nPan,3\n")
        #expect(older.newItems[0].locationPath == nil && older.newItems[0].labelNames == nil)
    }

    @Test("The preview lists what will be created: each missing location once (its parents first) and each missing label")
    func willBeCreated() throws {
        let home = UUID(), fragile = UUID()
        let places = PlaceLookup(tree: LocationTree(rows: [.init(id: 1, key: home, parentID: nil, name: "Home", note: "", version: 1)]),
                                 labels: [Label(key: fragile, name: "Fragile", color: .red, version: 1)])
        let preview = Self.preview("""
            name,location,labels
            Pan,home > Kitchen,FRAGILE; New
            Pot,Home > KITCHEN > Shelf,new
            Box,Loft,
            """, places: places)
        let missing = preview.placesToCreate(updating: true)
        #expect(missing.locations == [["home", "Kitchen"], ["Home", "KITCHEN", "Shelf"], ["Loft"]])
        #expect(missing.labels == ["New"])
        #expect(preview.overCap == nil)
    }

    @Test("500 distinct paths preview fine; past the household's cap the whole file is refused")
    func manyPathsAndCap() throws {
        let rows = (0..<500).map { "Thing \($0),Home > Room \($0) > 盒子 \($0 % 7)" }
        let preview = Self.preview("name,location\n" + rows.joined(separator: "\n"))
        #expect(preview.refused.isEmpty && preview.newItems.count == 500)
        #expect(preview.placesToCreate(updating: true).locations.count == 1 + 500 + 500)
        #expect(preview.overCap == nil)
        let over = (0..<ItemStore.maxLocationCount).map { "Thing \($0),Place \($0)" }
        let refused = Self.preview("name,location\nFirst,Home\n" + over.joined(separator: "\n"))
        #expect(refused.overCap == ImportPreview.OverCap(isLabels: false, new: ItemStore.maxLocationCount + 1, existing: 0,
                                                          limit: ItemStore.maxLocationCount))
    }

    @Test("A matched row whose place differs is a change; the same place (or no such column) is not")
    func matchedRows() throws {
        let home = UUID(), fragile = UUID()
        let places = PlaceLookup(tree: LocationTree(rows: [.init(id: 1, key: home, parentID: nil, name: "Home", note: "", version: 1)]),
                                 labels: [Label(key: fragile, name: "Fragile", color: .red, version: 1)])
        let item = Item(key: UUID(), name: "Pan", serialNumber: "P-1", valueInDollars: 3, dateCreated: Date(),
                        placement: ItemPlacement(locationKey: home, labelKeys: [fragile]))
        let status = { (csv: String) in Self.preview(csv, items: [item], places: places).rows.first?.status }
        #expect(status("name,serial number,value,location,labels\nPan,P-1,3,HOME,fragile\n") == .unchanged(item))
        #expect(status("name,serial number,value\nPan,P-1,3\n") == .unchanged(item))
        #expect(status("name,serial number,value,location\nPan,P-1,3,\n") == .changed(item))
        #expect(status("name,serial number,value,location\nPan,P-1,3,Home > Shelf\n") == .changed(item))
        #expect(status("name,serial number,value,labels\nPan,P-1,3,Fragile; New\n") == .changed(item))
        let update = try #require(Self.preview("name,serial number,value,location\nPan,P-1,3,Loft\n", items: [item], places: places).updates.first)
        #expect(update.locationPath == ["Loft"] && update.labelNames == nil)
    }
}
