import Foundation
import HTTP
import Storage
import Testing
@testable import App

@Suite("List rows poured into stencils")
struct RowStencilTests {
    @Test("A stencilled row is byte for byte the row the template renders, on hostile text, in every language and mode")
    func stencilMatchesTemplate() throws {
        try withApp(signedIn: nil) { _, app in
            let markers = app.renderer.rowStencils.markers
            let names = [
                "<script>alert('x')</script> & \"quotes\"", String(repeating: "相机", count: 75), "{0} {1} {x} %@",
                markers.key + markers.name + " " + markers.serial, "🐻‍❄️ e\u{301} \u{202E}rtl", "a",
                "Tab\tand\nnewline", "&amp; already escaped",
            ]
            let serials = ["", "<S/N & 1>", "4F7-相", markers.value, "\"'", "", "x", "QZhprow"]
            let values = [0, 49, 50, 1_000_000_000, 51, 7, 1_234_567, 50]
            for index in names.indices {
                try app.seedItem(name: names[index], serial: serials[index], value: values[index],
                                 photo: index.isMultiple(of: 3) ? TestImages.png(seed: UInt8(index)) : nil)
            }
            // Hostile place names too: rows show their location and labels.
            let loft = try app.store.createLocation(name: "<Loft> & \"attic\" " + markers.name)
            let box = try app.store.createLocation(name: "盒子 ' 3", parent: loft.key)
            let labels = try ["<b>Fragile</b>", "{0} & 王", markers.placesHTML].enumerated().map { index, name in
                try app.store.createLabel(name: name, color: Label.Color.allCases[index])
            }
            for (index, item) in try app.store.allItems().enumerated() where index % 3 != 2 {
                try app.store.saveItem(key: item.key, fields: ItemValues(name: item.name, serialNumber: item.serialNumber,
                                                                         valueInDollars: item.valueInDollars),
                                       placement: ItemPlacement(locationKey: index % 2 == 0 ? box.key : loft.key,
                                                                labelKeys: Array(labels.prefix(index % 4).map(\.key))),
                                       expectedVersion: item.version)
            }
            let places = try app.store.places()
            let items = try app.store.allItems()
            let view = ItemListView(store: app.store, renderer: app.renderer)
            let queries = [
                ListQuery(), ListQuery(editing: true), ListQuery(page: 1, editing: true, filter: ItemQuery(sort: .value, descending: true)),
                ListQuery(filter: ItemQuery(search: "a", valuableOnly: true)), ListQuery(editing: true, filter: ItemQuery(withPhotoOnly: true)),
            ]
            var compared = 0
            for language in Language.allCases {
                let context = app.renderer.context(for: HTTPRequest(method: .get, target: "/items?lang=\(language.rawValue)"))
                #expect(context.language == language)
                for query in queries {
                    for grouping in [ItemGrouping.none, .location] {
                    let page = RowCache.PageKey(listState: query.state.stateQuery, presentation: Presentation(language: language), editing: query.editing,
                                                reorderable: query.editing && query.filter.isDefault, grouping: grouping)
                    var stencils = app.renderer.rowStencils.stencils(on: page)
                    for (index, item) in items.enumerated() {
                        let stencilled = try view.row(item, position: index + 1, count: items.count, page: page, stencils: &stencils,
                                                      places: places, query: query, context: context)
                        let (fields, shape) = view.rowParts(item, position: index + 1, count: items.count, page: page, places: places,
                                                            query: query, context: context)
                        let rendered = try view.renderedRow(fields, shape, page: page, query: query, context: context)
                        #expect(String(decoding: stencilled, as: UTF8.self) == String(decoding: rendered, as: UTF8.self))
                        #expect(!String(decoding: rendered, as: UTF8.self).contains("<b>"))
                        compared += 1
                    }
                    }
                }
            }
            #expect(compared == Language.allCases.count * queries.count * names.count * 2)
        }
    }

    @Test("A row with a state of its own is rendered, not stencilled, and stencils start over when full")
    func ownStateAndBound() throws {
        let stencils = RowStencils(capacity: 2)
        var made = 0
        let page = RowCache.PageKey(listState: "", presentation: Presentation(language: .english), editing: false, reorderable: false)
        func key(_ valuable: Bool, _ photo: Bool) -> RowStencil.Shape {
            RowStencil.Shape(valuable: valuable, hasPhoto: photo, hasSerial: true, canMoveUp: false, canMoveDown: false)
        }
        func stencil(_ shape: RowStencil.Shape) -> RowStencil {
            if let kept = stencils.stencils(on: page)[shape] { return kept }
            made += 1
            let fields = stencils.markers
            return stencils.keep(Array("<li id=\"\(fields.key)\">\(fields.name) · \(fields.name)</li>".utf8), shape: shape, on: page)
        }
        let first = stencil(key(false, false))
        _ = stencil(key(false, false))
        #expect(made == 1)
        let fields = RowStencil.Fields(key: "k-1", name: "<O'Neil & 王>", serial: "", value: "$1", date: "", dateISO: "", photoVersion: "")
        #expect(String(decoding: first.fill(fields), as: UTF8.self) == "<li id=\"k-1\">&lt;O&#39;Neil &amp; 王&gt; · &lt;O&#39;Neil &amp; 王&gt;</li>")
        _ = stencil(key(true, false))
        _ = stencil(key(true, true))
        _ = stencil(key(false, false))
        #expect(made == 4)  // the third stencil started the cache over
    }

    @Test("Focused and confirming rows keep their own state through the list page")
    func focusedRowsAreRendered() throws {
        try withApp { browser, app in
            let lamp = try app.seedItem(name: "Lamp <1>", serial: "L1", value: 60)
            try app.seedItem(name: "Desk", serial: "", value: 10)
            let key = lamp.key.lowercasedString
            _ = try browser.get("/items?mode=edit")
            let confirming = try browser.get("/items?mode=edit&confirm=\(key)")
            #expect(confirming.text.contains("class=\"item-row__confirm\" method=\"post\""))
            #expect(confirming.text.contains("aria-label=\"Delete Lamp <1>\" autofocus>"))
            let focused = try browser.get("/items?mode=edit&focus=\(key)")
            #expect(focused.text.contains(" autofocus>"))
            #expect(!focused.text.contains("item-row__confirm"))
            let plain = try browser.get("/items?mode=edit")
            #expect(!plain.text.contains(" autofocus>"))
        }
    }
}
