import Foundation

/// The household's own settings, one row of `household_settings`.
extension ItemStore {
    /// The largest threshold an owner may set: the largest value an item may have.
    public static let maxValuableThreshold = 1_000_000_000

    /// SQL for the threshold as stored, for filters and running totals computed in SQL: they
    /// then always agree with the row they run in the same transaction as.
    static let valuableThresholdSQL = "(SELECT valuable_threshold FROM household_settings WHERE id = 1)"

    /// Items worth this many dollars or more are "high value": marked in the list, and what
    /// the "High value" filter, its running totals and the report keep. The tutorial's $50
    /// until an owner sets another (``setValuableThreshold(_:actor:)``).
    public var valuableThreshold: Int { storedValuableThreshold.load(ordering: .acquiring) }

    /// Who last changed the threshold and when; nil while it is the tutorial's default.
    public func valuableThresholdChange() throws -> (name: String, at: Date)? {
        try pool.read { db in
            try db.fetchOne("SELECT changed_by, changed_at FROM household_settings WHERE id = 1 AND changed_at IS NOT NULL") {
                ($0[0] as String? ?? "", $0[1] as Date)
            }
        }
    }

    /// Sets the household's high-value threshold, recording who and when, and recounts the
    /// "High value" filter's running totals in the same transaction. A change of the list as
    /// far as ``revision`` is concerned: every page kept for the old marks is dropped.
    ///
    /// - Returns: false when `dollars` was the threshold already (nothing is written).
    /// - Throws: ``StoreError/invalidField(field:reason:)`` (`valueInDollars`) outside
    ///   0…``maxValuableThreshold``.
    @discardableResult
    public func setValuableThreshold(_ dollars: Int, actor: Actor = .system) throws -> Bool {
        guard (0...Self.maxValuableThreshold).contains(dollars) else {
            throw StoreError.invalidField(field: .valueInDollars, reason: "The threshold must be between 0 and \(Self.maxValuableThreshold).")
        }
        guard dollars != valuableThreshold else { return false }
        let now = self.now
        let previous = valuableThreshold
        do {
            try writeItems { db, _ in
                try db.execute("""
                    UPDATE household_settings SET valuable_threshold = ?, changed_at = ?, changed_by = ? WHERE id = 1
                    """, dollars, now, actor.name)
                try db.execute("""
                    UPDATE item_filter_stats SET
                        count = (SELECT count(*) FROM items WHERE value_in_dollars >= ?1 AND \(Item.isListed)),
                        units = (SELECT coalesce(sum(quantity), 0) FROM items WHERE value_in_dollars >= ?1 AND \(Item.isListed)),
                        total = (SELECT coalesce(sum(\(Self.lineValueSQL)), 0) FROM items WHERE value_in_dollars >= ?1 AND \(Item.isListed))
                    WHERE filter = 'valuable'
                    """, dollars)
                // Before the commit, so no reader sees the new revision with the old threshold; the
                // caches key on the threshold too, so a reader in between keeps nothing wrong.
                storedValuableThreshold.store(dollars, ordering: .releasing)
            }
        } catch {
            storedValuableThreshold.store(previous, ordering: .releasing)
            throw error
        }
        return true
    }

    static func loadValuableThreshold(_ db: Database) throws -> Int {
        try db.fetchOne("SELECT valuable_threshold FROM household_settings WHERE id = 1") { $0[0] as Int }
            ?? ItemQuery.defaultValuableThreshold
    }
}
