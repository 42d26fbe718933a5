// The store at scale (not a test): `swift run -c release StorageBenchmark [--items 100000] [--keep]
// [--database URL]`.
//
// Seeds a fresh store with N items (SQLite; PostgreSQL with `--database` or `HOMEPWNER_DATABASE`,
// see BenchmarkDatabase.swift), then times: opening it, the first page of 100 items,
// pages at random offsets, index(of:), 1,000 random moves, 1,000 creates and 1,000 deletes,
// with the durable default (synchronous=FULL); then issue 12's records: searches, sorted and
// filtered pages, delete → Undo and a page of history, with their query plans. Prints median
// and p99 per operation next to the acceptance targets.
import Foundation
import ImageFixtures
import Storage

struct Options {
    var items = 100_000
    var repetitions = 1_000
    var keep = false
    /// A PostgreSQL URL: the store is made there instead of in a SQLite file.
    var database: String?

    init(_ arguments: [String], environment: [String: String]) {
        database = environment["HOMEPWNER_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--items": items = iterator.next().flatMap(Int.init) ?? items
            case "--repetitions": repetitions = iterator.next().flatMap(Int.init) ?? repetitions
            case "--keep": keep = true
            case "--database": database = iterator.next() ?? database
            default:
                print("usage: StorageBenchmark [--items N] [--repetitions N] [--keep] [--database postgresql://…]")
                exit(2)
            }
        }
    }
}

/// Durations of one operation, in milliseconds.
struct Samples {
    var name: String
    var milliseconds: [Double] = []

    func percentile(_ fraction: Double) -> Double {
        let sorted = milliseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}

func measure(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
}

func format(_ value: Double) -> String { String(format: "%9.3f", value) }

/// Issue 12: search, sort and filter pages, delete → Undo, and history, at full size.
func recordsBenchmarks(store: ItemStore, options: Options, into results: inout [(Samples, String)]) throws {
    let repetitions = min(options.repetitions, 300)
    // Some items with a photo (one shared JPEG), for the "has photo" filter.
    let photo = SampleImages.jpeg(seed: 7)
    let count = try store.count()
    for offset in stride(from: 0, to: count, by: max(1, count / 1_000)) {
        guard let key = try store.items(offset: offset, limit: 1).first?.key else { break }
        let draft = try store.beginEditDraft(key: key)
        _ = try store.setDraftPhoto(id: draft.id, bytes: photo)
        try store.commitDraft(id: draft.id, expectedVersion: draft.baseVersion)
    }

    let queries: [(String, ItemQuery)] = [
        ("search \"ear\" (common)", ItemQuery(search: "ear")),
        ("search \"spork\"", ItemQuery(search: "spork")),
        ("search serial \"4F7\"", ItemQuery(search: "4F7")),
        ("search \"zz\" (2 chars)", ItemQuery(search: "zz")),
        ("search \"q\" (1 char)", ItemQuery(search: "q")),
        ("sorted by name", ItemQuery(sort: .name)),
        ("sorted by value, high first", ItemQuery(sort: .value, descending: true)),
        ("sorted by date, newest first", ItemQuery(sort: .date, descending: true)),
        ("filter high value", ItemQuery(valuableOnly: true)),
        ("filter has photo", ItemQuery(withPhotoOnly: true)),
        ("search + filter + sort", ItemQuery(search: "ear", sort: .value, descending: true, valuableOnly: true)),
    ]
    for (name, query) in queries {
        var first = Samples(name: name)
        for _ in 0..<repetitions {
            first.milliseconds.append(try measure { _ = try store.items(matching: query, offset: 0, limit: 100) })
        }
        results.append((first, "< 5 ms median"))
        let matches = try store.items(matching: query, offset: 0, limit: 1).count
        var deep = Samples(name: "  same, random page")
        for _ in 0..<repetitions {
            let offset = Int.random(in: 0..<max(1, matches)) / 100 * 100
            deep.milliseconds.append(try measure { _ = try store.items(matching: query, offset: offset, limit: 100) })
        }
        results.append((deep, "(\(matches) matches)"))
    }

    var undo = Samples(name: "delete → Undo")
    for _ in 0..<repetitions {
        let index = Int.random(in: 0..<count)
        guard let key = try store.items(offset: index, limit: 1).first?.key else { break }
        undo.milliseconds.append(try measure {
            let batch = try store.removeItems(keys: [key])
            try store.restore(batch: batch.id)
        })
    }
    results.append((undo, "< 5 ms median"))

    // One item with 1,000 changes, among everyone else's history.
    let busy = try store.items(offset: count / 3, limit: 1)[0]
    var version = busy.version
    for value in 0..<1_000 {
        let draft = try store.beginEditDraft(key: busy.key)
        _ = try store.updateDraft(id: draft.id, name: busy.name, serialNumber: busy.serialNumber, valueInDollars: value + 1)
        version = try store.commitDraft(id: draft.id, expectedVersion: version).version
    }
    var history = Samples(name: "history, first page (1,000)")
    for _ in 0..<options.repetitions {
        history.milliseconds.append(try measure { _ = try store.history(of: busy.key, limit: 20) })
    }
    results.append((history, "< 2 ms median"))

    print("\nEXPLAIN QUERY PLAN of each page:")
    for (name, query) in queries {
        print("  \(name):")
        for line in try store.queryPlan(query) { print("    \(line)") }
    }
}

let options = Options(CommandLine.arguments, environment: ProcessInfo.processInfo.environment)

do {
    let database = try BenchmarkDatabase(options)
    defer { if !options.keep { database.remove() } }
    print("StorageBenchmark: \(options.items) items, \(options.repetitions) repetitions, \(database.summary)")
    var store = try database.open()
    let seedTime = try measure { try store.seed(count: options.items) }
    try database.settle(store)
    store.close()
    print("seeded \(options.items) items in \(format(seedTime)) ms")

    var results: [(Samples, String)] = []

    var open = Samples(name: "open store")
    for _ in 0..<5 {
        var opened: ItemStore?
        open.milliseconds.append(try measure { opened = try database.open() })
        opened?.close()
    }
    results.append((open, "< 100 ms"))

    store = try database.open()
    defer { store.close() }

    var firstPage = Samples(name: "first page of 100")
    for _ in 0..<options.repetitions {
        firstPage.milliseconds.append(try measure { _ = try store.items(offset: 0, limit: 100) })
    }
    results.append((firstPage, "< 2 ms median"))

    var randomPage = Samples(name: "page of 100 at random offset")
    for _ in 0..<options.repetitions {
        let offset = Int.random(in: 0..<max(1, options.items - 100))
        randomPage.milliseconds.append(try measure { _ = try store.items(offset: offset, limit: 100) })
    }
    results.append((randomPage, "< 2 ms median"))

    let sampleKeys = try store.items(offset: options.items / 2, limit: options.repetitions).map(\.key)
    var indexOf = Samples(name: "index(of:)")
    for key in sampleKeys { indexOf.milliseconds.append(try measure { _ = try store.index(of: key) }) }
    results.append((indexOf, "-"))

    var counts = Samples(name: "count + totalValue")
    for _ in 0..<options.repetitions {
        counts.milliseconds.append(try measure { _ = try store.count(); _ = try store.totalValue() })
    }
    results.append((counts, "-"))

    var moves = Samples(name: "random move")
    for _ in 0..<options.repetitions {
        let count = options.items
        let from = Int.random(in: 0..<count)
        let to = Int.random(in: 0..<count)
        moves.milliseconds.append(try measure { try store.moveItem(from: from, to: to) })
    }
    results.append((moves, "< 2 ms median"))

    // The worst case for gapped positions: every move lands in the same gap, which halves each
    // time, so windows of neighbours are renumbered every ~10 moves.
    var sameGap = Samples(name: "move into one gap (renumbers)")
    for _ in 0..<options.repetitions {
        let from = Int.random(in: 0..<options.items)
        sameGap.milliseconds.append(try measure { try store.moveItem(from: from, to: options.items / 2) })
    }
    results.append((sameGap, "< 2 ms median"))

    var creates = Samples(name: "create")
    for _ in 0..<options.repetitions {
        creates.milliseconds.append(try measure { try store.createRandomItem() })
    }
    results.append((creates, "< 5 ms median"))

    var deletes = Samples(name: "delete (random item)")
    for _ in 0..<options.repetitions {
        let count = try store.count()
        guard let victim = try store.items(offset: Int.random(in: 0..<count), limit: 1).first else { break }
        deletes.milliseconds.append(try measure { try store.removeItem(key: victim.key) })
    }
    results.append((deletes, "< 5 ms median"))

    var commits = Samples(name: "edit draft + commit")
    for _ in 0..<min(200, options.repetitions) {
        let count = try store.count()
        guard let key = try store.items(offset: Int.random(in: 0..<count), limit: 1).first?.key else { break }
        commits.milliseconds.append(try measure {
            let draft = try store.beginEditDraft(key: key)
            _ = try store.updateDraft(id: draft.id, name: "Edited", serialNumber: "E1", valueInDollars: 5)
            try store.commitDraft(id: draft.id, expectedVersion: draft.baseVersion)
        })
    }
    results.append((commits, "-"))

    try recordsBenchmarks(store: store, options: options, into: &results)
    try placesBenchmarks(store: store, options: options, into: &results)

    print("")
    print("operation                         median ms     p99 ms    target")
    for (samples, target) in results {
        let name = samples.name.padding(toLength: 30, withPad: " ", startingAt: 0)
        print("\(name) \(format(samples.percentile(0.5)))  \(format(samples.percentile(0.99)))    \(target)")
    }
    print("\n" + (try database.footer(store)))
} catch {
    print("StorageBenchmark failed: \(error)")
    exit(1)
}
