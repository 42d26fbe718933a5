/// The names of the statements a connection has prepared, by SQL and parameter types, least
/// recently used first out.
///
/// Prepared statements live in the server session, so the cache belongs to one connection and
/// dies with it. It only records names: preparing and deallocating is the connection's job.
struct PostgresStatementCache {
    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private var counter = 0

    private struct Entry {
        var name: String
        var lastUse: UInt64
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { entries.count }

    /// The name the statement was prepared under, marking it used.
    mutating func name(for key: String) -> String? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]!.lastUse = clock
        return entries[key]!.name
    }

    /// A name not used before on this connection.
    mutating func newName() -> String {
        counter += 1
        return "homepwner_\(counter)"
    }

    /// The name of the statement to deallocate before another can be kept, when full.
    func victim() -> (key: String, name: String)? {
        guard entries.count >= capacity else { return nil }
        return entries.min { $0.value.lastUse < $1.value.lastUse }.map { ($0.key, $0.value.name) }
    }

    mutating func insert(_ name: String, for key: String) {
        clock += 1
        entries[key] = Entry(name: name, lastUse: clock)
    }

    mutating func remove(_ key: String) {
        entries[key] = nil
    }
}
