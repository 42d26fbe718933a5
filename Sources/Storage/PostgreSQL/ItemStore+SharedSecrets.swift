extension ItemStore {
    /// The secret every instance on this database holds alike under `name` (the CSRF key), made
    /// by `make` the first time any instance asks; on SQLite, `nil`: one process, whose key is a
    /// file beside the database.
    ///
    /// Instances starting together agree: the first insert wins and every one reads it back.
    public func sharedSecret(named name: String, make: () -> [UInt8]) throws -> [UInt8]? {
        guard engine == .postgresql else { return nil }
        let candidate = make()
        return try pool.write { db in
            try db.execute("INSERT INTO instance_secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", name, candidate)
            return try db.fetchOne("SELECT secret FROM instance_secrets WHERE name = ?", name) { $0[0] as [UInt8] }
        }
    }
}
