import Foundation

extension ItemStore {
    /// Gives a seeded store a household's places, for benchmarks and demonstrations:
    /// `rooms` top-level locations with `boxesPerRoom` locations in each, `labels` labels, every
    /// item put in one of the locations in turn (every `unplacedEvery`-th in none), and every
    /// `labelledEvery`-th item one or two labels. One transaction.
    public static let roomNames = [
        "Kitchen", "Living room", "Bedroom", "Garage", "Loft", "Bathroom", "Study", "Hall", "Cellar", "Shed",
        "Dining room", "Nursery", "Guest room", "Utility room", "Porch", "Attic", "Workshop", "Office", "Pantry", "Laundry",
    ]

    public func seedPlaces(rooms: Int, boxesPerRoom: Int, labels labelCount: Int, labelledEvery: Int = 3, unplacedEvery: Int = 50) throws {
        try writePlaces { db, _ in
            var locationIDs: [Int64] = []
            for room in 0..<rooms {
                let name = room < Self.roomNames.count ? Self.roomNames[room] : "Room \(room + 1)"
                let roomKey = try Self.location(creatingPath: [name], db).key
                locationIDs.append(try db.fetchOne("SELECT id FROM locations WHERE key = ?", roomKey) { $0[0] as Int64 }!)
                for box in 0..<boxesPerRoom {
                    let boxKey = try Self.location(creatingPath: [name, "Box \(box + 1)"], db).key
                    locationIDs.append(try db.fetchOne("SELECT id FROM locations WHERE key = ?", boxKey) { $0[0] as Int64 }!)
                }
            }
            let colors = Label.Color.allCases
            let labels = try Self.labels(creatingNames: (0..<labelCount).map { "Label \($0 + 1)" }, color: .gray, db)
            for (number, label) in labels.enumerated() {
                try db.execute("UPDATE labels SET color = ? WHERE key = ?", colors[number % colors.count].rawValue, label.key)
            }
            let labelIDs = try db.fetchAll("SELECT id FROM labels ORDER BY id") { $0[0] as Int64 }
            let itemIDs = try db.fetchAll("SELECT id FROM items WHERE \(Item.isListed) ORDER BY position") { $0[0] as Int64 }
            for (number, id) in itemIDs.enumerated() {
                let location: Int64? = locationIDs.isEmpty || number % unplacedEvery == unplacedEvery - 1 ? nil : locationIDs[number % locationIDs.count]
                try db.execute("UPDATE items SET location_id = ? WHERE id = ?", location, id)
                guard !labelIDs.isEmpty, number % labelledEvery == 0 else { continue }
                try db.execute("INSERT INTO item_labels (label_id, item_id) VALUES (?, ?) ON CONFLICT DO NOTHING", labelIDs[number % labelIDs.count], id)
                if number % (labelledEvery * 2) == 0 {
                    try db.execute("INSERT INTO item_labels (label_id, item_id) VALUES (?, ?) ON CONFLICT DO NOTHING", labelIDs[(number / 7) % labelIDs.count], id)
                }
            }
        }
    }
}
