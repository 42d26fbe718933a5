import Foundation
import PostgreSQL
import Synchronization
import Testing
@testable import Storage

/// Issue 26 point 2: a star per member per item, theirs alone; a personal view, not a change
/// to the item (no history, no version, no list revision), that follows the item through
/// Recently Deleted and goes with it, or with its member, for good. On both engines.
@Suite("Favourites")
struct FavouriteTests {
    /// Two members of a fresh store, made as the account page makes them.
    static func members(_ store: ItemStore) throws -> (ann: Account, bob: Account) {
        let accounts = AccountStore(store)
        return (try accounts.createAccount(username: "ann", passwordHash: "$y$j9T$ann", role: .owner),
                try accounts.createAccount(username: "bob", passwordHash: "$y$j9T$bob", role: .viewer))
    }

    @Test("Ann's star is not Bob's; setting it twice or clearing it twice changes nothing more")
    func perMember() throws {
        try withTemporaryStore { store, _ in
            let (ann, bob) = try Self.members(store)
            let bicycle = try store.add("Bicycle"), kettle = try store.add("Kettle")
            #expect(try store.setFavourite(true, itemKey: bicycle.key, accountID: ann.id))
            #expect(try !store.setFavourite(true, itemKey: bicycle.key, accountID: ann.id))
            #expect(try store.setFavourite(true, itemKey: kettle.key, accountID: bob.id))
            #expect(try store.favouriteKeys(of: ann.id) == [bicycle.key])
            #expect(try store.favouriteKeys(of: bob.id) == [kettle.key])
            #expect(try store.isFavourite(bicycle.key, of: ann.id) && !store.isFavourite(bicycle.key, of: bob.id))
            #expect(try store.setFavourite(false, itemKey: bicycle.key, accountID: ann.id))
            #expect(try !store.setFavourite(false, itemKey: bicycle.key, accountID: ann.id))
            #expect(try store.favouriteKeys(of: ann.id).isEmpty && store.favouriteKeys(of: bob.id) == [kettle.key])
            // Read from the file, not the cache: another store on the same database sees the same.
            let reopened = try reopenStore(store, directory: store.localDirectory)
            defer { reopened.close() }
            #expect(try reopened.favouriteKeys(of: bob.id) == [kettle.key] && reopened.favouriteKeys(of: ann.id).isEmpty)
        }
    }

    @Test("Only a listed item can be starred: an unknown key, a deleted item or an import's staged row is not found")
    func onlyListedItems() throws {
        try withTemporaryStore { store, _ in
            let (ann, _) = try Self.members(store)
            let lamp = try store.add("Lamp")
            try store.removeItem(key: lamp.key)
            for key in [UUID(), lamp.key] {
                #expect(throws: StoreError.itemNotFound) { try store.setFavourite(true, itemKey: key, accountID: ann.id) }
                #expect(throws: StoreError.itemNotFound) { try store.setFavourite(false, itemKey: key, accountID: ann.id) }
            }
            #expect(try store.favouriteKeys(of: ann.id).isEmpty)
        }
    }

    @Test("A star writes no history, keeps the item's version and the list's revision, and tells the change feed nothing")
    func notAChange() throws {
        try withTemporaryStore { store, _ in
            let (ann, _) = try Self.members(store)
            let bicycle = try store.add("Bicycle")
            let revision = store.revision, history = try store.history(of: bicycle.key)
            let seen = Mutex(0)
            let subscription = store.changeFeed.subscribe { _ in seen.withLock { $0 += 1 } }
            defer { subscription.cancel() }
            try store.setFavourite(true, itemKey: bicycle.key, accountID: ann.id)
            try store.setFavourite(false, itemKey: bicycle.key, accountID: ann.id)
            try store.setFavourite(true, itemKey: bicycle.key, accountID: ann.id)
            #expect(store.revision == revision)
            #expect(try store.history(of: bicycle.key) == history)
            #expect(try store.item(key: bicycle.key)?.version == bicycle.version)
            #expect(seen.withLock { $0 } == 0)
            // An edit begun before the star still saves: no conflict.
            let saved = try store.saveItem(key: bicycle.key, fields: ItemValues(name: "Red bicycle", serialNumber: "", valueInDollars: 5),
                                           expectedVersion: bicycle.version)
            #expect(try saved.version == bicycle.version + 1 && store.isFavourite(bicycle.key, of: ann.id))
        }
    }

    @Test("A starred item deleted and restored is still starred; deleted for good or purged, its stars go too")
    func followsTheItem() throws {
        let clock = TestClock()
        try withTemporaryStore(configuration: .with(clock: clock)) { store, _ in
            let (ann, bob) = try Self.members(store)
            let bicycle = try store.add("Bicycle"), lamp = try store.add("Lamp"), clock2 = try store.add("Clock")
            for key in [bicycle.key, lamp.key, clock2.key] { try store.setFavourite(true, itemKey: key, accountID: ann.id) }
            try store.setFavourite(true, itemKey: lamp.key, accountID: bob.id)
            let batch = try store.removeItems(keys: [bicycle.key, lamp.key], actor: .system)
            #expect(try store.favouriteKeys(of: ann.id) == [bicycle.key, lamp.key, clock2.key])  // waiting in Recently Deleted
            #expect(try store.items(matching: ItemQuery(favouritesOf: ann.id), offset: 0, limit: 10).items.map(\.key) == [clock2.key])
            _ = try store.restore(batch: batch.id)
            #expect(try store.favouriteKeys(of: ann.id) == [bicycle.key, lamp.key, clock2.key])
            #expect(try store.favouriteKeys(of: bob.id) == [lamp.key])

            try store.removeItem(key: lamp.key)
            try store.deleteNow(key: lamp.key)
            try store.removeItem(key: clock2.key)
            clock.advance(by: ItemStore.deletedLifetime + 60)
            #expect(try store.purgeDeleted() == 1)
            #expect(try store.favouriteKeys(of: ann.id) == [bicycle.key])
            #expect(try store.favouriteKeys(of: bob.id).isEmpty)
            #expect(try Self.rows(store) == 1)
        }
    }

    @Test("A member removed takes their stars along, and a member made after them starts with none")
    func followsTheMember() throws {
        try withTemporaryStore { store, _ in
            let (ann, bob) = try Self.members(store)
            let bicycle = try store.add("Bicycle")
            try store.setFavourite(true, itemKey: bicycle.key, accountID: ann.id)
            try store.setFavourite(true, itemKey: bicycle.key, accountID: bob.id)
            #expect(try store.favouriteKeys(of: bob.id) == [bicycle.key])
            try AccountStore(store).removeAccount(id: bob.id)
            #expect(try Self.rows(store) == 1)
            // SQLite may give the next member the id just freed: they see nothing of Bob's.
            let carol = try AccountStore(store).createAccount(username: "carol", passwordHash: "$y$j9T$carol", role: .editor)
            #expect(try store.favouriteKeys(of: carol.id).isEmpty && store.favouriteKeys(of: bob.id).isEmpty)
            #expect(try store.favouriteKeys(of: ann.id) == [bicycle.key])
        }
    }

    @Test("The Favourites filter keeps the member's stars alone, with search, filters, sort, pages and sections")
    func filter() throws {
        try withTemporaryStore { store, _ in
            let (ann, bob) = try Self.members(store)
            try store.seed(count: 30)
            let items = try store.allItems()
            let starred = [items[3], items[10], items[17], items[25]]
            for item in starred { try store.setFavourite(true, itemKey: item.key, accountID: ann.id) }
            try store.setFavourite(true, itemKey: items[0].key, accountID: bob.id)
            let mine = ItemQuery(favouritesOf: ann.id)
            #expect(!mine.isDefault)
            let page = try store.items(matching: mine, offset: 0, limit: 100)
            #expect(page.items.map(\.key) == starred.map(\.key) && page.count == 4)
            #expect(page.totalValue == starred.reduce(0) { $0 + $1.valueInDollars })
            #expect(try store.items(matching: mine, offset: 2, limit: 1).items.map(\.key) == [starred[2].key])
            let byValue = try store.items(matching: ItemQuery(sort: .value, descending: true, favouritesOf: ann.id), offset: 0, limit: 10)
            #expect(byValue.items.map(\.valueInDollars) == starred.map(\.valueInDollars).sorted(by: >))
            let valuable = try store.items(matching: ItemQuery(valuableOnly: true, favouritesOf: ann.id), offset: 0, limit: 10)
            #expect(valuable.items.map(\.key) == starred.filter { $0.valueInDollars >= store.valuableThreshold }.map(\.key))
            let word = String(starred[1].name.split(separator: " ")[1])
            let searched = try store.items(matching: ItemQuery(search: word, favouritesOf: ann.id), offset: 0, limit: 10)
            #expect(searched.items.map(\.key) == starred.filter { $0.name.contains(word) }.map(\.key))
            #expect(try store.items(matching: ItemQuery(favouritesOf: bob.id), offset: 0, limit: 10).items.map(\.key) == [items[0].key])
            #expect(try store.items(matching: ItemQuery(favouritesOf: 9_999), offset: 0, limit: 10).count == 0)
            let sections = try store.sectionedItems(matching: ItemQuery(favouritesOf: ann.id), grouping: .value, offset: 0, limit: 100)
            #expect(Set(sections.items.map(\.key)) == Set(starred.map(\.key)) && sections.itemCount == 4)
            #expect(sections.sections.reduce(0) { $0 + $1.count } == 4)
        }
    }

    @Test("A star set through one store is seen by another on the same database once it catches up")
    func otherInstances() throws {
        try withTemporaryStore { store, directory in
            let (ann, _) = try Self.members(store)
            let bicycle = try store.add("Bicycle")
            let other = try reopenStore(store, directory: directory)
            defer { other.close() }
            #expect(try other.favouriteKeys(of: ann.id).isEmpty)  // kept in its cache now
            try store.setFavourite(true, itemKey: bicycle.key, accountID: ann.id)
            // PostgreSQL: every request catches up first. SQLite has one writing process.
            guard other.engine == .postgresql else { return }
            try other.synchronize()
            #expect(try other.favouriteKeys(of: ann.id) == [bicycle.key])
            try store.setFavourite(false, itemKey: bicycle.key, accountID: ann.id)
            try other.synchronize()
            #expect(try other.favouriteKeys(of: ann.id).isEmpty)
        }
    }

    @Test("A version 2 PostgreSQL database migrates to the newest with its rows, and its items can then be starred",
          .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
    func postgresVersionTwoMigrates() throws {
        try PostgresTestDatabase.withConnection { db in
            try PostgresSchema.migrate(db, upTo: 2)
            try db.execute("INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES ('ann', 'ann', 'x', 'owner', 0)")
            let key = PostgresValue.bytes(Array(repeating: 7, count: 16))
            try db.execute("INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created) VALUES ($1, 0, 'Bicycle', '', 70, 0)", [key])
            try db.execute("UPDATE store_state SET revision = 5 WHERE id = 1")
            try PostgresSchema.migrate(db)
            #expect(try PostgresSchema.installedVersion(db) == PostgresSchema.version)
            #expect(try db.textRows("SELECT revision, favourites_revision FROM store_state") == [["5", "0"]])
            try db.execute("INSERT INTO favourites (account_id, item_key, created_at) SELECT id, $1, 0 FROM accounts", [key])
            #expect(try db.textRows("SELECT count(*) FROM favourites") == [["1"]])
            try db.execute("DELETE FROM items")
            #expect(try db.textRows("SELECT count(*) FROM favourites") == [["0"]])
        }
    }

    static func rows(_ store: ItemStore) throws -> Int {
        try store.pool.read { db in try db.fetchOne("SELECT count(*) FROM favourites") { $0[0] as Int } ?? -1 }
    }
}
