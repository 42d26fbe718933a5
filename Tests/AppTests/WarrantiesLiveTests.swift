import Foundation
import Testing
@testable import App
import Storage

/// Issue 24 point 3: the Warranties page lists the warranties ending in the next 90 days,
/// soonest first, and those ended in the last 30, most recent first, in the household's calendar.
@Suite("The Warranties page, live")
struct WarrantiesLiveTests {
    @Test("Ending and ended warranties in their windows and order, with days left or since, each linked to its item")
    func lists() throws {
        try withApp { browser, app in
            let today = CalendarDate(Date(), in: TimeZone.current)
            var keys: [String: UUID] = [:]
            for (name, offset) in [("Too old", -31), ("Month ago", -30), ("Yesterday", -1), ("Today", 0), ("Tomorrow", 1),
                                   ("Fortnight", 14), ("Quarter", 90), ("Too far", 91), ("Zebra <b>", 1)] {
                let item = try app.seedItem(name: name, value: 5)
                keys[name] = item.key
                _ = try app.store.saveItem(key: item.key, fields: ItemValues(name: name, serialNumber: "S1", valueInDollars: 5,
                                                                              ownership: ItemOwnership(warranty: .until(today.adding(days: offset)))),
                                           expectedVersion: item.version)
            }
            let none = try app.seedItem(name: "No warranty", value: 5)
            _ = try app.store.saveItem(key: none.key, fields: ItemValues(name: "No warranty", serialNumber: "S1", valueInDollars: 5,
                                                                          ownership: ItemOwnership(warranty: .noWarranty)),
                                       expectedVersion: none.version)
            try app.seedItem(name: "Not known", value: 5)
            let deleted = try app.seedItem(name: "Deleted", value: 5)
            _ = try app.store.saveItem(key: deleted.key, fields: ItemValues(name: "Deleted", serialNumber: "S1", valueInDollars: 5,
                                                                             ownership: ItemOwnership(warranty: .until(today))),
                                       expectedVersion: deleted.version)
            try app.store.removeItem(key: deleted.key)

            let page = try browser.get("/warranties")
            #expect(page.status == 200)
            let body = page.body
            let ending = try #require(body.range(of: "id=\"warranties-ending\""))
            let ended = try #require(body.range(of: "id=\"warranties-ended\""))
            func position(_ name: String) -> String.Index? { body.range(of: ">\(name)</span>")?.lowerBound }
            let endingOrder = ["Today", "Tomorrow", "Zebra &lt;b&gt;", "Fortnight", "Quarter"]
            let endedOrder = ["Yesterday", "Month ago"]
            let positions = try (endingOrder + endedOrder).map { try #require(position($0), "\($0) not listed") }
            #expect(positions == positions.sorted(), "not soonest first, then most recent first")
            #expect(positions.prefix(5).allSatisfy { $0 > ending.upperBound && $0 < ended.lowerBound })
            #expect(positions.suffix(2).allSatisfy { $0 > ended.upperBound })
            for absent in ["Too old", "Too far", "No warranty", "Not known", "Deleted"] {
                #expect(position(absent) == nil, "\(absent) is listed")
            }
            let text = page.text
            for phrase in ["Last day today", "1 day left", "14 days left", "90 days left", "Ended yesterday", "Ended 30 days ago"] {
                #expect(text.contains(phrase), "missing \(phrase)")
            }
            #expect(body.contains("href=\"/items/\(try #require(keys["Quarter"]).lowercasedString)\""))
            #expect(body.contains("<time datetime=\"\(today.adding(days: 90).iso)\">"))
            #expect(!body.contains("<b>"))
            // The list's page links here.
            #expect(try browser.get("/items").body.contains("<a class=\"summary__link\" href=\"/warranties\">Warranties</a>"))
        }
    }

    @Test("No warranty in the windows: the page says so and where a warranty is set; a viewer may read it")
    func empty() throws {
        try withApp(signedIn: .viewer) { browser, app in
            try app.seedItem(name: "Lamp")
            let page = try browser.get("/warranties")
            #expect(page.status == 200)
            #expect(page.text.contains("No warranty ends in the next 90 days or ended in the last 30."))
            #expect(!page.body.contains("warranties__list"))
        }
    }
}
