import Foundation

extension AccountStore {
    /// The member's settings (``MemberSettings/defaults`` until they change one). Every page of
    /// theirs asks, so a read is kept as a session is: until this process writes accounts, or
    /// for the session cache's lifetime (another instance's write moves the accounts revision,
    /// which each request's catch-up sees first).
    public func settings(accountID: Int64) throws -> MemberSettings {
        let now = clock()
        let writeCount = accountWriteCount
        if let known = knownSettings(accountID: accountID, at: now, writeCount: writeCount) { return known }
        let settings = try pool.readWithoutTransaction { db in
            try db.fetchOne("SELECT \(MemberSettings.columns) FROM member_settings WHERE account_id = ?", accountID,
                            map: MemberSettings.init(row:))
        } ?? .defaults
        settingsCache.withLock { cache in
            if cache.count >= 1024 { cache.removeAll(keepingCapacity: true) }
            cache[accountID] = CachedSettings(settings: settings, readAt: now, writeCount: writeCount)
        }
        return settings
    }

    /// ``settings(accountID:)`` as far as this process knows without reading the store (for an
    /// event loop on PostgreSQL); nil when not known.
    public func knownSettings(accountID: Int64) -> MemberSettings? {
        knownSettings(accountID: accountID, at: clock(), writeCount: accountWriteCount)
    }

    private func knownSettings(accountID: Int64, at now: Date, writeCount: UInt64) -> MemberSettings? {
        guard let cached = settingsCache.withLock({ $0[accountID] }), cached.writeCount == writeCount,
              (0..<cacheLifetime).contains(now.timeIntervalSince(cached.readAt))
        else { return nil }
        return cached.settings
    }

    /// Stores the member's settings whole (the Settings form sends every one).
    ///
    /// - Throws: ``AccountError/accountNotFound`` when the account is gone (removed meanwhile);
    ///   ``AccountError/invalidSetting`` for a text longer than any setting's value.
    public func setSettings(_ settings: MemberSettings, accountID: Int64) throws {
        let texts = [settings.language, settings.appearance, settings.listSort, settings.listGrouping, settings.currency]
        guard texts.allSatisfy({ ($0?.utf8.count ?? 0) <= MemberSettings.maxTextLength }) else { throw AccountError.invalidSetting }
        let now = clock()
        try write { db in
            guard try Self.role(of: accountID, db) != nil else { throw AccountError.accountNotFound }
            try db.execute("""
                INSERT INTO member_settings (account_id, \(MemberSettings.columns), changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (account_id) DO UPDATE SET text_size = excluded.text_size, language = excluded.language,
                    appearance = excluded.appearance, list_sort = excluded.list_sort, list_grouping = excluded.list_grouping,
                    page_size = excluded.page_size, currency = excluded.currency, changed_at = excluded.changed_at
                """, accountID, settings.textSize, settings.language, settings.appearance, settings.listSort,
                settings.listGrouping, settings.pageSize, settings.currency, now)
        }
    }
}

/// A member's settings as read, with when and at which count of account writes.
struct CachedSettings: Sendable {
    let settings: MemberSettings
    let readAt: Date
    let writeCount: UInt64
}
