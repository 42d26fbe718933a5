import Foundation
import Testing
@testable import Storage

/// A household as people leave it after a while, for backups between the engines: a seeded list
/// in rooms and boxes with labels, then items in Chinese, with accents, a 150-character name and
/// one- and two-letter words; photos (a cover and a second), documents (one of several chunks),
/// ownership fields and quantities, moves and edits (history), a deleted item with its photo and
/// receipt (Recently Deleted), a draft still open, a location moved under a newer one, accounts
/// with sessions, an API token and an invitation, each member's favourites (one on the deleted
/// item), and the household's own valuable threshold.
enum HouseholdFixture {
    static let longName = String(repeating: "Grandfather clock, walnut, ", count: 6).prefix(150) + ""
    static let searches = ["沙发", "沙", "creme", "Crème", "brûlée", "TV", "X", "walnut", "Quittung", "ilce", "zz", "nothing-like-it"]

    struct Keys {
        var sofa: UUID
        var deleted: UUID
        var withDocuments: UUID
    }

    static func fill(_ store: ItemStore) throws -> Keys {
        try store.seed(count: 620)  // more than one batch of a restore (500 rows)
        try store.seedPlaces(rooms: 3, boxesPerRoom: 2, labels: 5)
        // A location moved under one made after it: its parent's id is the larger.
        let attic = try store.createLocation(name: "Attic 阁楼")
        let shed = try store.createLocation(name: "Shed")
        _ = try store.updateLocation(key: attic.key, name: attic.name, note: "under the roof", parent: shed.key)
        let labels = try store.labels(creatingNames: ["Insured", "Élégant", "客厅"])

        let sofa = try add(store, "沙发 Sofa", value: 800, placement: ItemPlacement(locationKey: attic.key, labelKeys: labels.map(\.key)),
                           ownership: ItemOwnership(manufacturer: "Sony", modelNumber: "ILCE-7M3", quantity: 3,
                                                    purchaseDate: CalendarDate(year: 2024, month: 2, day: 29), purchasePriceCents: 129_950,
                                                    placeBought: "B&H <Photo>", warranty: .until(CalendarDate(year: 2027, month: 2, day: 28)!),
                                                    notes: "Line one\n\tLine two — 沙发\n<script>alert(1)</script>"),
                           photos: [TestImage.jpeg(seed: 11), TestImage.png(seed: 12)])
        _ = try add(store, "Crème brûlée torch", value: 35, placement: ItemPlacement(labelKeys: [labels[1].key]))
        _ = try add(store, String(longName), value: 5_000, placement: ItemPlacement(locationKey: shed.key))
        _ = try add(store, "TV", value: 49, ownership: ItemOwnership(quantity: 2, warranty: .none), photos: [TestImage.gif(seed: 13)])
        _ = try add(store, "X ray film", value: 1)
        let receipt = TestDocument.pdf(seed: 7, size: 600_000)  // three chunks
        let withDocuments = try add(store, "Kühlschrank", value: 900,
                                    documents: [TestDocument.upload(receipt, title: "Quittung März"),
                                                TestDocument.upload(TestDocument.pdf(seed: 8), kind: .manual, title: "手册", fileName: "manual.pdf")])
        let doomed = try add(store, "Broken lamp", value: 12, photos: [TestImage.webp(seed: 14)],
                             documents: [TestDocument.upload(TestDocument.pdf(seed: 9), title: "Lamp receipt")])
        try store.moveItem(from: 3, to: 0)
        try store.moveItem(from: store.count() - 1, to: 10)
        let edit = try #require(try store.item(key: sofa))
        _ = try store.saveItem(key: sofa, fields: ItemValues(name: edit.name, serialNumber: "SOFA-1", valueInDollars: 850),
                               expectedVersion: edit.version)
        let accounts = AccountStore(store)
        let ann = try accounts.createAccount(username: "ann", passwordHash: "$y$j9T$ann", role: .owner)
        let bob = try accounts.createAccount(username: "Bób", passwordHash: "$y$j9T$bob", role: .editor)
        // Each member's own stars (issue 26), one of them on the item about to wait in Recently Deleted.
        for key in [sofa, doomed, withDocuments] { try store.setFavourite(true, itemKey: key, accountID: ann.id) }
        try store.setFavourite(true, itemKey: withDocuments, accountID: bob.id)
        try store.removeItem(key: doomed)
        _ = try store.setValuableThreshold(75, actor: Actor(accountID: nil, name: "Ann"))
        let open = try store.beginNewItemDraft(.random)
        _ = try store.updateDraft(id: open.id, name: "Half-typed 草稿", serialNumber: "", valueInDollars: 3)

        _ = try accounts.createAccount(username: "王芳", passwordHash: "$y$j9T$wang", role: .viewer)
        try accounts.createSession(idHash: Array(repeating: 1, count: 32), accountID: ann.id, userAgent: "Firefox")
        try accounts.createSession(idHash: Array(repeating: 2, count: 32), accountID: bob.id, userAgent: "Safari 📱")
        _ = try accounts.createAPIToken(tokenHash: Array(repeating: 3, count: 32), name: "Home Assistant", accountID: ann.id)
        try accounts.createInvitation(tokenHash: Array(repeating: 4, count: 32), role: .viewer, createdBy: ann.id)
        return Keys(sofa: sofa, deleted: doomed, withDocuments: withDocuments)
    }

    /// Adds an item as the dialog does: a new draft with these fields, photos and documents, Done.
    private static func add(_ store: ItemStore, _ name: String, value: Int, placement: ItemPlacement = .nowhere,
                            ownership: ItemOwnership? = nil, photos: [[UInt8]] = [], documents: [DocumentUpload] = []) throws -> UUID {
        let draft = try store.beginNewItemDraft(.random)
        _ = try store.updateDraft(id: draft.id, name: name, serialNumber: "S-" + String(name.prefix(3)), valueInDollars: value,
                                  placement: placement, ownership: ownership)
        if !photos.isEmpty { _ = try store.addDraftPhotos(id: draft.id, uploads: photos) }
        for upload in documents { try store.addDraftDocument(id: draft.id, upload) }
        return try store.commitDraft(id: draft.id, expectedVersion: nil).key
    }
}

/// What a store shows, through its own calls: two stores holding the same household are equal.
struct HouseholdSnapshot: Equatable {
    var items: [Item] = []
    var tally: Tally?
    var photos: [[UInt8]] = []
    var thumbnails: [[UInt8]] = []
    var documents: [[ItemDocument]] = []
    var documentBytes: [[UInt8]] = []
    var history: [[HistoryEntry]] = []
    var deleted: [ItemStore.DeletedItem] = []
    var deletedThumbnails: [[UInt8]?] = []
    var deletedDocuments: [[ItemDocument]] = []
    var labels: [Label] = []
    var locations: LocationTree?
    var threshold = 0
    var accounts: [Account] = []
    var sessions: [[AccountSession]] = []
    var tokens: [[APIToken]] = []
    var invitations: [Invitation] = []
    var searches: [[UUID]] = []
    /// Each member's starred items (issue 26), in key order.
    var favourites: [[String]] = []

    init(_ store: ItemStore) throws {
        items = try store.allItems()
        tally = try store.tally()
        for item in items {
            for etag in try store.photoETags(ofItem: item.key) {
                let photo = try #require(try store.photo(etag: etag))
                photos.append(try photo.contents())
                for size in PreparedPhoto.thumbnailSizes {
                    thumbnails.append(try store.thumbnail(ofItem: item.key, digest: etag, size: size)?.bytes ?? [])
                }
            }
            let listed = try store.documents(ofItem: item.key)
            documents.append(listed)
            for document in listed {
                documentBytes.append(try store.documentBytes(ofItem: item.key, document.digest) ?? [])
            }
            history.append(try store.history(of: item.key, limit: 1_000))
        }
        deleted = try store.deletedItems()
        for item in deleted {
            deletedThumbnails.append(try store.thumbnail(forDeletedItem: item.item.key, size: 60)?.bytes)
            deletedDocuments.append(try store.documents(ofDeletedItem: item.item.key))
            history.append(try store.history(of: item.item.key, limit: 1_000))
        }
        labels = try store.labels()
        locations = try store.locationTree()
        threshold = store.valuableThreshold
        let accountStore = AccountStore(store)
        accounts = try accountStore.accounts()
        for account in accounts {
            sessions.append(try accountStore.sessions(accountID: account.id))
            tokens.append(try accountStore.apiTokens(accountID: account.id))
            favourites.append(try store.favouriteKeys(of: account.id).map(\.uuidString).sorted())
        }
        invitations = try accountStore.openInvitations()
        for search in HouseholdFixture.searches {
            searches.append(try store.items(matching: ItemQuery(search: search), offset: 0, limit: 1_000).items.map(\.key))
        }
    }
}
