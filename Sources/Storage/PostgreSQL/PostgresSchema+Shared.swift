extension PostgresSchema {
    /// Version 1's tables for what one SQLite process keeps outside its database, and several
    /// instances on one PostgreSQL database must share (issue 25 points 2 and 3). Times are as in
    /// the store's other tables: seconds since 2001-01-01 UTC (`Date.timeIntervalSinceReferenceDate`).
    ///
    /// - `store_state`: the store's revision, bumped by every committed list write, and the
    ///   accounts' revision, bumped by every write to accounts, sessions, invitations or tokens
    ///   (each sent with `NOTIFY`), so that every instance knows which of its caches are stale. One row.
    /// - `instance_secrets`: secrets every instance must hold alike, by name: the CSRF key that
    ///   `server.key` holds on SQLite (`'server.key'`, 32 bytes).
    /// - `sign_in_failures`: `SignInThrottle`'s records (App), one per key it counts failures
    ///   under, so that round-robin over instances cannot dodge them:
    ///   - `scope`: which count: `'name_from_client'` (a username from one client, 5 free
    ///     failures), `'client'` (a client, whatever the names, 20), `'name'` (a username from
    ///     every client that never signed in as it, 10);
    ///   - `username_key`: `AccountStore.usernameKey` of the name tried (one over 256 bytes or
    ///     holding a NUL as `#` and its SHA-256 in hex, which no account's is); `''` for `'client'`;
    ///   - `client`: the client's address block (`HTTPRequest.clientBlock`, an IPv6 /64) as text,
    ///     `''` when it has none (the throttle counts that as one client) and for `'name'`;
    ///   - `failures`, `last_failure_at`: the count and when the last came (a record whose wait
    ///     is over and whose last failure is older than a day starts again from 0);
    ///   - `blocked_until`: no attempt under this key before then; NULL while failures are free.
    ///   Indexed by `last_failure_at` for pruning old records. Written by `PostgresSignInThrottleStore`.
    /// - `sign_in_known_clients`: per username, the clients it signed in from and when last (30
    ///   days; at most 32 a name): those are not held back by the `'name'` count, so an attacker
    ///   cannot lock a member out of their own devices, whichever instance they reach.
    ///
    /// Not shared: the throttle's attempts in flight per client (2). They bound what one client
    /// queues on one instance's password-hashing pool, which is that instance's; the failures
    /// those attempts make are counted here, for all.
    static let sharedSQL = """
        CREATE TABLE store_state (
            id integer PRIMARY KEY CHECK (id = 1),
            revision bigint NOT NULL DEFAULT 0 CHECK (revision >= 0),
            accounts_revision bigint NOT NULL DEFAULT 0 CHECK (accounts_revision >= 0)
        );
        INSERT INTO store_state (id) VALUES (1);
        CREATE TABLE instance_secrets (
            name text COLLATE "C" PRIMARY KEY,
            secret bytea NOT NULL CHECK (octet_length(secret) > 0)
        );
        CREATE TABLE sign_in_failures (
            scope text COLLATE "C" NOT NULL CHECK (scope IN ('name_from_client', 'client', 'name')),
            username_key text COLLATE "C" NOT NULL CHECK (scope <> 'client' OR username_key = ''),
            client text COLLATE "C" NOT NULL CHECK (scope <> 'name' OR client = ''),
            failures bigint NOT NULL CHECK (failures > 0),
            last_failure_at double precision NOT NULL,
            blocked_until double precision,
            PRIMARY KEY (scope, username_key, client)
        );
        CREATE INDEX sign_in_failures_by_time ON sign_in_failures (last_failure_at);
        CREATE TABLE sign_in_known_clients (
            username_key text COLLATE "C" NOT NULL,
            client text COLLATE "C" NOT NULL,
            signed_in_at double precision NOT NULL,
            PRIMARY KEY (username_key, client)
        );
        CREATE INDEX sign_in_known_clients_by_time ON sign_in_known_clients (signed_in_at);

        """
}
