import Foundation
import Storage
import Synchronization
import Testing
@testable import App

/// Issue 25 point 4: the sentence an open page shows of someone else's write, in each language.
@Suite("Live change messages")
struct LiveChangeMessageTests {
    let ann = Actor(accountID: 1, name: "Ann")

    /// The changes `writes` commits, as the feed hands them out.
    func changes(_ app: HomepwnerApp, _ writes: () throws -> Void) throws -> [StoreChange] {
        let seen = Mutex<[StoreChange]>([])
        let subscription = app.store.changeFeed.subscribe { change in seen.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        try writes()
        return seen.withLock { $0 }
    }

    func texts(_ app: HomepwnerApp, _ changes: [StoreChange], _ language: Language = .english) -> [String?] {
        changes.map { change in
            LiveChangeMessage.text(for: change, in: language) { key in (try? app.store.item(key: key))?.name }
        }
    }

    @Test("Ann added, changed, moved, deleted and put back one item; the system is \"Someone\"")
    func oneItem() throws {
        try withApp(signedIn: nil) { _, app in
            let other = try app.seedItem(name: "Lamp")
            var camera: Item?
            let found = try changes(app) {
                let draft = try app.store.beginNewItemDraft(.random)
                _ = try app.store.updateDraft(id: draft.id, name: "Digital <camera>", serialNumber: "", valueInDollars: 5)
                camera = try app.store.commitDraft(id: draft.id, expectedVersion: nil, actor: ann)
                let edit = try app.store.beginEditDraft(key: camera!.key)
                camera = try app.store.commitDraft(id: edit.id, fields: ItemValues(name: "Digital <camera>", serialNumber: "X1", valueInDollars: 50),
                                                   expectedVersion: camera!.version, actor: ann)
                try app.store.moveItem(from: 1, to: 0, actor: ann)
                try app.store.removeItem(key: camera!.key, actor: ann)
                _ = try app.store.restore(key: camera!.key)
            }
            #expect(texts(app, found) == [
                "Ann added Digital <camera>", "Ann changed Digital <camera>", "Ann moved Digital <camera>",
                "Ann deleted Digital <camera>", "Someone put back Digital <camera>",
            ])
            #expect(texts(app, Array(found.prefix(1)), .simplifiedChinese) == ["Ann 添加了 Digital <camera>"])
            #expect(texts(app, Array(found.suffix(1)), .traditionalChinese) == ["有人 復原了 Digital <camera>"])
            _ = other
        }
    }

    @Test("Several items are counted, an import by its whole size; an item gone for good is counted, not named")
    func severalItems() throws {
        try withApp(signedIn: nil) { _, app in
            let items = try (0..<3).map { try app.seedItem(name: "Chair \($0)") }
            let imported = (0..<150).map { ImportedItem(name: "Box \($0)", serialNumber: "", valueInDollars: 1) }
            let found = try changes(app) {
                _ = try app.store.removeItems(keys: items.map(\.key), actor: ann)
                _ = try app.store.importItems(imported, actor: ann)
                _ = try app.store.importItems(Array(imported.prefix(1)), actor: ann)
            }
            #expect(texts(app, found) == ["Ann deleted 3 items", "Ann imported 150 items", "Ann imported 1 item"])
            #expect(texts(app, Array(found.prefix(1)), .simplifiedChinese) == ["Ann 删除了 3 件物品"])

            let gone = try changes(app) { try app.store.removeItem(key: try app.seedItem(name: "Gone").key, actor: ann) }
            let text = LiveChangeMessage.text(for: try #require(gone.last), in: .english) { _ in nil }
            #expect(text == "Ann deleted an item")
        }
    }
}
