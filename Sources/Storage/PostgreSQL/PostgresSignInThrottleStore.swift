import Cryptography
import Foundation
import Synchronization

/// The sign-in throttle's counts in `sign_in_failures` and `sign_in_known_clients` (see
/// `PostgresSchema+Shared.swift`), shared by every instance on the database: a guesser taking
/// turns over instances is counted as one.
///
/// Each call is one statement, atomic on its own: a failure is an `INSERT … ON CONFLICT DO
/// UPDATE` of each of its records that computes the new count and wait in the database (the
/// rules of ``MemorySignInThrottleStore``, in SQL), so two instances counting at once never lose
/// one another's failures. The check before an attempt is one read, on a reader; the writes run
/// on this instance's writer connection outside a transaction, so they never wait for the
/// writers' turn across instances (`pg_advisory_xact_lock`), only for a write of this instance
/// to finish. Rows whose failures are forgotten, and clients no longer known, are deleted at
/// most once a minute per instance, before a failure is counted.
final class PostgresSignInThrottleStore: SignInThrottleStore {
    let policy: SignInThrottlePolicy
    private let pool: DatabasePool
    private let lastPruned = Mutex<Date>(.distantPast)
    static let pruneInterval: TimeInterval = 60

    init(pool: DatabasePool, policy: SignInThrottlePolicy) {
        self.pool = pool
        self.policy = policy
    }

    func blockedUntil(name: String, client: String, at now: Date) throws -> Date? {
        let name = Self.storedName(name)
        return try pool.readWithoutTransaction { db in
            try db.fetchOne(Self.blockedUntilSQL, name, client, now, policy.knownClientLifetime) { $0[0] as Date? } ?? nil
        }
    }

    func recordFailure(name: String, client: String, at now: Date) throws {
        let name = Self.storedName(name)
        try pruneIfDue(now)
        try pool.writeWithoutTransaction { db in
            try db.execute(Self.recordFailureSQL, arguments: [
                name, client, now, policy.knownClientLifetime, policy.memory, policy.longestWait,
                policy.freeFailuresPerName, policy.freeFailuresPerClient, policy.freeFailuresPerAccount,
            ])
        }
    }

    func recordSuccess(name: String, client: String, at now: Date) throws {
        let name = Self.storedName(name)
        try pool.writeWithoutTransaction { db in
            try db.execute(Self.recordSuccessSQL, name, client, now, policy.knownClientLifetime, policy.knownClientsPerName)
        }
    }

    /// A name as a key column holds it: as it is, unless PostgreSQL text cannot hold it (a NUL)
    /// or a primary key could not (a B-tree row holds at most about 2,700 bytes); those become
    /// `#` and their SHA-256 in hex. No account has such a name, so their counts only need to
    /// stay apart, not readable.
    static func storedName(_ name: String) -> String {
        guard name.utf8.count > 256 || name.utf8.contains(0) else { return name }
        return "#" + SHA256.hexDigest(Array(name.utf8))
    }

    /// Deletes what no decision needs any more: records that a next failure would start over
    /// (their failures forgotten, no wait left), and clients whose sign-in is too old to count.
    /// Past 100,000 records, as ``MemorySignInThrottleStore`` does, also those with no wait
    /// left and no failure in the last ten minutes.
    func pruneIfDue(_ now: Date) throws {
        let due = lastPruned.withLock { last in
            guard abs(now.timeIntervalSince(last)) >= Self.pruneInterval else { return false }
            last = now
            return true
        }
        guard due else { return }
        do {
            try pool.writeWithoutTransaction { db in
                try db.execute(Self.pruneFailuresSQL, now, policy.memory, MemorySignInThrottleStore.recordsBeforePruning)
                try db.execute("DELETE FROM sign_in_known_clients WHERE signed_in_at <= ?1 - ?2", now, policy.knownClientLifetime)
            }
        } catch {
            lastPruned.withLock { $0 = .distantPast }  // tried again at the next failure
            throw error
        }
    }
}

extension PostgresSignInThrottleStore {
    /// ?1 name, ?2 client, ?3 now, ?4 how long a client stays known.
    static let knownClient = """
        EXISTS (SELECT 1 FROM sign_in_known_clients k
                WHERE k.username_key = ?1 AND k.client = ?2 AND ?3 - k.signed_in_at < ?4)
        """

    static let blockedUntilSQL = """
        SELECT max(f.blocked_until) FROM sign_in_failures f
        WHERE f.blocked_until > ?3 AND (
            (f.scope = 'name_from_client' AND f.username_key = ?1 AND f.client = ?2)
            OR (f.scope = 'client' AND f.username_key = '' AND f.client = ?2)
            OR (f.scope = 'name' AND f.username_key = ?1 AND f.client = '' AND NOT \(knownClient)))
        """

    /// ?5 how long failures are remembered, ?6 the longest wait, ?7 … ?9 the free failures of
    /// each scope. A record starts over when its failures are forgotten and its wait is over;
    /// the wait doubles from 2 s with each failure past the free ones (as
    /// ``SignInThrottlePolicy/wait(afterFailures:in:)``). Rows go in one order (name from
    /// client, client, name), so two instances counting at once never wait on each other in a circle.
    static let recordFailureSQL: String = {
        let free = "(CASE f.scope WHEN 'name_from_client' THEN ?7 WHEN 'client' THEN ?8 ELSE ?9 END)"
        let startsOver = "(f.last_failure_at < ?3 - ?5 AND (f.blocked_until IS NULL OR f.blocked_until < ?3))"
        let failures = "(CASE WHEN \(startsOver) THEN 1 ELSE f.failures + 1 END)"
        let wait = "LEAST(?6, power(2.0, LEAST(\(failures) - \(free) + 1, 20)::double precision))"
        let firstFree = "(CASE a.scope WHEN 'name_from_client' THEN ?7 WHEN 'client' THEN ?8 ELSE ?9 END)"
        return """
            WITH a (scope, username_key, client, ordinal) AS (
                SELECT 'name_from_client', ?1, ?2, 1
                UNION ALL SELECT 'client', '', ?2, 2
                UNION ALL SELECT 'name', ?1, '', 3 WHERE NOT \(knownClient)
            )
            INSERT INTO sign_in_failures AS f (scope, username_key, client, failures, last_failure_at, blocked_until)
            SELECT a.scope, a.username_key, a.client, 1, ?3,
                   CASE WHEN 1 >= \(firstFree) THEN ?3 + LEAST(?6, power(2.0, LEAST(2 - \(firstFree), 20)::double precision)) END
            FROM a ORDER BY a.ordinal
            ON CONFLICT (scope, username_key, client) DO UPDATE SET
                failures = \(failures),
                last_failure_at = ?3,
                blocked_until = CASE WHEN \(failures) >= \(free) THEN ?3 + \(wait)
                                     WHEN \(startsOver) THEN NULL
                                     ELSE f.blocked_until END
            """
    }()

    /// ?5 how many clients a name keeps: the newest others, with this one.
    static let recordSuccessSQL = """
        WITH cleared AS (
            DELETE FROM sign_in_failures WHERE scope = 'name_from_client' AND username_key = ?1 AND client = ?2
        ), remembered AS (
            INSERT INTO sign_in_known_clients (username_key, client, signed_in_at) VALUES (?1, ?2, ?3)
            ON CONFLICT (username_key, client) DO UPDATE SET signed_in_at = excluded.signed_in_at
        )
        DELETE FROM sign_in_known_clients o
        WHERE o.username_key = ?1 AND o.client <> ?2 AND (?3 - o.signed_in_at >= ?4 OR o.client NOT IN (
            SELECT k.client FROM sign_in_known_clients k
            WHERE k.username_key = ?1 AND k.client <> ?2 AND ?3 - k.signed_in_at < ?4
            ORDER BY k.signed_in_at DESC, k.client LIMIT ?5 - 1))
        """

    /// ?1 now, ?2 how long failures are remembered, ?3 how many records before the crowded rule.
    static let pruneFailuresSQL = """
        DELETE FROM sign_in_failures
        WHERE (last_failure_at < ?1 - ?2 AND (blocked_until IS NULL OR blocked_until < ?1))
           OR ((SELECT count(*) FROM (SELECT 1 FROM sign_in_failures LIMIT ?3 + 1) s) > ?3
               AND (blocked_until IS NULL OR blocked_until <= ?1) AND last_failure_at <= ?1 - 600)
        """
}
