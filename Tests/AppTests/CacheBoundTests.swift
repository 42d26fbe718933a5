import Foundation
import Testing
@testable import App

@Suite("Caches stay within their bounds")
struct CacheBoundTests {
    @Test("A bounded cache keeps values up to its capacity, and the next one starts it over")
    func boundedCacheStartsOver() {
        let cache = BoundedCache<String, Int>(capacity: 2)
        cache.keep(1, for: "a")
        cache.keep(2, for: "b")
        #expect(cache.value(for: "a") == 1 && cache.value(for: "b") == 2)
        cache.keep(3, for: "c")
        #expect(cache.value(for: "a") == nil && cache.value(for: "b") == nil && cache.value(for: "c") == 3)
        cache.removeAll()
        #expect(cache.value(for: "c") == nil)
    }

    @Test("The row cache counts rows, not pages: a page's rows replace their items' older ones, and passing the bound starts it over")
    func rowCacheCountsRows() {
        let cache = RowCache(capacity: 3)
        let list = RowCache.PageKey(listState: "", presentation: Presentation(language: .english), editing: false, reorderable: false)
        let edit = RowCache.PageKey(listState: "?mode=edit", presentation: Presentation(language: .english), editing: true, reorderable: true)
        let items = (0..<3).map { _ in UUID() }
        func row(_ item: UUID, version: Int = 1) -> RowCache.RowKey {
            RowCache.RowKey(item: item, version: version, photoETag: nil, isFirst: false, isLast: false)
        }
        func html(_ text: String) -> [UInt8] { Array(text.utf8) }
        #expect(cache.html(for: [row(items[0])], on: list) == [nil])
        cache.keep([(row(items[0]), html("a")), (row(items[1]), html("b"))], on: list)
        cache.keep([(row(items[0]), html("a, editing"))], on: edit)
        #expect(cache.html(for: [row(items[0]), row(items[1]), row(items[2])], on: list) == [html("a"), html("b"), nil])
        #expect(cache.html(for: [row(items[0])], on: edit) == [html("a, editing")])
        // Another version of a kept row is not that row.
        #expect(cache.html(for: [row(items[0], version: 2)], on: list) == [nil])
        // A fourth row passes the bound of three: everything kept before goes.
        cache.keep([(row(items[2]), html("c"))], on: list)
        #expect(cache.html(for: [row(items[0]), row(items[1]), row(items[2])], on: list) == [nil, nil, html("c")])
        #expect(cache.html(for: [row(items[0])], on: edit) == [nil])
        // A newer version replaces its item's row rather than adding one.
        cache.keep([(row(items[2], version: 2), html("c2"))], on: list)
        cache.keep([(row(items[0]), html("a"))], on: list)
        cache.keep([(row(items[1]), html("b"))], on: list)
        #expect(cache.html(for: [row(items[2], version: 2), row(items[0]), row(items[1])], on: list) == [html("c2"), html("a"), html("b")])
    }
}
