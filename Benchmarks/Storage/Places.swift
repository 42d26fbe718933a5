import Foundation
import Storage

/// Issue 23's targets at scale: the store gets 200 locations (20 rooms of 9 boxes) and 50
/// labels first; then moving one item into another section (≤ 5 ms), moving 1,000 selected
/// items to a location (≤ 200 ms), a search by a location's name (≤ 5 ms), and the sectioned
/// first page, read from the store (≤ 2 ms: the page benchmark renders it).
func placesBenchmarks(store: ItemStore, options: Options, into results: inout [(Samples, String)]) throws {
    let setup = try measure { try store.seedPlaces(rooms: 20, boxesPerRoom: 9, labels: 50) }
    print("200 locations and 50 labels given to \(options.items) items in \(format(setup)) ms")
    let tree = try store.locationTree()

    var firstPage = Samples(name: "sectioned first page of 100")
    for _ in 0..<options.repetitions {
        firstPage.milliseconds.append(try measure { _ = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: 0, limit: 100) })
    }
    results.append((firstPage, "< 2 ms median"))

    var randomPage = Samples(name: "sectioned page at random")
    for _ in 0..<options.repetitions {
        let offset = Int.random(in: 0..<max(1, options.items - 100))
        randomPage.milliseconds.append(try measure { _ = try store.sectionedItems(matching: ItemQuery(), grouping: .location, offset: offset, limit: 100) })
    }
    results.append((randomPage, "-"))

    var sectionMoves = Samples(name: "move into another section")
    for _ in 0..<options.repetitions {
        guard let item = try store.items(offset: Int.random(in: 0..<options.items), limit: 1).first else { break }
        let target = tree.locations.randomElement()!
        sectionMoves.milliseconds.append(try measure {
            _ = try store.moveItem(key: item.key, toLocation: target.key, index: Int.random(in: 0..<400))
        })
    }
    results.append((sectionMoves, "< 5 ms median"))

    var bulk = Samples(name: "bulk move of 1,000 items")
    for round in 0..<10 {
        let keys = try store.items(offset: Int.random(in: 0..<(options.items - 1_000)), limit: 1_000).map(\.key)
        let target = tree.locations[round * 17 % tree.locations.count]
        bulk.milliseconds.append(try measure { _ = try store.moveItems(keys: keys, toLocation: target.key) })
    }
    results.append((bulk, "< 200 ms median"))

    var search = Samples(name: "search by a location's name")
    for round in 0..<options.repetitions {
        let room = ItemStore.roomNames[round % ItemStore.roomNames.count].lowercased()
        search.milliseconds.append(try measure { _ = try store.items(matching: ItemQuery(search: room), offset: 0, limit: 100) })
    }
    results.append((search, "< 5 ms median"))

    var sectionedSearch = Samples(name: "... sectioned, first page")
    for round in 0..<options.repetitions {
        let query = ItemQuery(search: ItemStore.roomNames[round % ItemStore.roomNames.count].lowercased())
        sectionedSearch.milliseconds.append(try measure { _ = try store.sectionedItems(matching: query, grouping: .location, offset: 0, limit: 100) })
    }
    results.append((sectionedSearch, "< 5 ms median"))
}
