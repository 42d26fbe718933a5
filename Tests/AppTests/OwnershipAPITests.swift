import Foundation
import Testing
@testable import App
import Storage

/// Issue 24 point 7: the JSON API carries the ownership fields and the date recorded, by the
/// dialog's rules, as its document describes them.
@Suite("JSON API: ownership fields")
struct OwnershipAPITests {
    static var full: [String: Any] { [
        "name": "Camera", "serialNumber": "C1", "valueInDollars": 400, "manufacturer": "Sony", "modelNumber": "ILCE-7M3",
        "quantity": 2, "purchaseDate": "2024-02-29", "purchasePriceCents": 129_950, "placeBought": "B&H",
        "warrantyUntil": "2027-02-28", "notes": "Strap in the drawer.\nReceipt scanned.", "dateCreated": "2024-03-01T10:00:00+08:00",
    ] }

    @Test("Create with every field, read it back, update some (the others stay), clear with null; list totals by quantity")
    func roundTrip() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let created = try api.send(.post, "/items.json", json: Self.full)
            #expect(created.status == 201)
            let item = created.json
            #expect(item["quantity"] as? Int == 2 && item["purchasePriceCents"] as? Int == 129_950)
            #expect(item["purchaseDate"] as? String == "2024-02-29" && item["warrantyUntil"] as? String == "2027-02-28")
            #expect(item["noWarranty"] as? Bool == false && item["notes"] as? String == "Strap in the drawer.\nReceipt scanned.")
            #expect(item["manufacturer"] as? String == "Sony" && item["modelNumber"] as? String == "ILCE-7M3" && item["placeBought"] as? String == "B&H")
            #expect(item["dateCreated"] as? String == "2024-03-01T02:00:00Z")
            let key = try #require(item["key"] as? String)
            let schemas = (OpenAPIDocument.document["components"] as! [String: Any])["schemas"] as! [String: Any]
            #expect(SchemaCheck(schemas: schemas).problems(item, against: ["$ref": "#/components/schemas/Item"], at: "$").isEmpty)

            // Only the quantity and the warranty: the rest stays.
            let updated = try api.send(.put, "/items/\(key).json", json: [
                "name": "Camera", "serialNumber": "C1", "valueInDollars": 400, "version": 1, "quantity": 3, "noWarranty": true,
                "warrantyUntil": NSNull(), "purchaseDate": NSNull(),
            ])
            #expect(updated.status == 200)
            #expect(updated.json["quantity"] as? Int == 3 && updated.json["noWarranty"] as? Bool == true)
            #expect(updated.json["warrantyUntil"] is NSNull && updated.json["purchaseDate"] is NSNull)
            #expect(updated.json["notes"] as? String == "Strap in the drawer.\nReceipt scanned." && updated.json["purchasePriceCents"] as? Int == 129_950)
            let uuid = try #require(UUID(uuidString: key))
            let stored = try #require(try app.store.item(key: uuid))
            #expect(stored.ownership.warranty == .noWarranty && stored.ownership.quantity == 3)

            try app.seedItem(name: "Lamp", value: 10)
            let list = try api.get("/items.json")
            #expect(list.json["total"] as? Int == 2 && list.json["units"] as? Int == 4 && list.json["totalValue"] as? Int == 1_210)
            #expect(SchemaCheck(schemas: schemas).problems(list.json, against: ["$ref": "#/components/schemas/ItemPage"], at: "$").isEmpty)
            #expect(try api.get("/items.json?q=drawer").items.map { $0["name"] as? String } == ["Camera"])
        }
    }

    static func utcDay(_ offset: Int) -> String {
        CalendarDate(Date(), in: TimeZone(secondsFromGMT: 0)!).adding(days: offset).iso
    }

    /// A member of a create or update that is wrong, and the field it is refused by.
    static var refusals: [(String, Any, String)] { [
        ("quantity", 0, "quantity"), ("quantity", 1.5, "quantity"), ("quantity", "3", "quantity"), ("quantity", true, "quantity"),
        ("quantity", 1_000_001, "quantity"), ("quantity", 1_000_000, "quantity"),  // × $2,000 is more than $1e9
        ("purchaseDate", "2026-02-30", "purchaseDate"), ("purchaseDate", "1899-12-31", "purchaseDate"), ("purchaseDate", utcDay(2), "purchaseDate"),
        ("purchaseDate", "20240101", "purchaseDate"), ("purchaseDate", 20_240_101, "purchaseDate"),
        ("purchasePriceCents", -1, "purchasePriceCents"), ("purchasePriceCents", 1.5, "purchasePriceCents"),
        ("purchasePriceCents", 100_000_000_001, "purchasePriceCents"), ("purchasePriceCents", "12.34", "purchasePriceCents"),
        ("warrantyUntil", "soon", "warrantyUntil"), ("warrantyUntil", "1899-01-01", "warrantyUntil"), ("noWarranty", "yes", "noWarranty"),
        ("notes", String(repeating: "x", count: 10_001), "notes"), ("notes", "bell\u{7}", "notes"), ("notes", "cr\r\nlf", "notes"),
        ("manufacturer", "Sony\n", "manufacturer"), ("modelNumber", String(repeating: "m", count: 201), "modelNumber"),
        ("placeBought", "\u{85}", "placeBought"), ("manufacturer", NSNull(), "manufacturer"),
        ("dateCreated", "2026-01-01", "dateCreated"), ("dateCreated", "2026-01-01T00:00:00", "dateCreated"),
        ("dateCreated", "2026-01-01 00:00:00Z", "dateCreated"), ("dateCreated", "2016-12-31T23:59:60Z", "dateCreated"),
        ("dateCreated", "1899-12-30T00:00:00Z", "dateCreated"), ("dateCreated", utcDay(2) + "T00:00:00Z", "dateCreated"),
    ] }

    @Test("A wrong member is a 422 naming it, on create and on update, and nothing is stored", arguments: refusals.indices)
    func refused(index: Int) throws {
        let (member, value, field) = Self.refusals[index]
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp", value: 2_000)
            let api = try APITests.scripted(app, browser)
            let created = try api.send(.post, "/items.json", json: ["name": "New", "valueInDollars": 2_000, member: value])
            #expect(created.status == 422 && created.fieldErrors.contains(field), "create: \(created.status) \(created.json)")
            let updated = try api.send(.put, "/items/\(item.key.lowercasedString).json", json: [
                "name": "Lamp", "serialNumber": "S1", "valueInDollars": 2_000, "version": item.version, member: value,
            ])
            #expect(updated.status == 422 && updated.fieldErrors.contains(field), "update: \(updated.status) \(updated.json)")
            #expect(try app.store.allItems() == [item])
        }
    }

    @Test("A warranty day with noWarranty true is refused; the document describes every member the API reads")
    func documentAndBoth() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let both = try api.send(.post, "/items.json", json: ["name": "X", "noWarranty": true, "warrantyUntil": "2030-01-01"])
            #expect(both.status == 422 && both.fieldErrors == ["noWarranty"])
            let schemas = (OpenAPIDocument.document["components"] as! [String: Any])["schemas"] as! [String: Any]
            for name in ["NewItem", "ItemUpdate"] {
                let properties = ((schemas[name] as! [String: Any])["properties"] as! [String: Any]).keys
                #expect(Set(ItemFields.ownershipMembers + ["dateCreated"]).isSubset(of: Set(properties)), "\(name)")
            }
            let item = (schemas["Item"] as! [String: Any])
            #expect(Set(ItemFields.ownershipMembers).isSubset(of: Set(item["required"] as! [String])))
        }
    }
}
