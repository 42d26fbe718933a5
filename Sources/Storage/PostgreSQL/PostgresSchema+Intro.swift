extension PostgresSchema {
    /// Version 4: SQLite's version 21, when each member finished or skipped the introduction
    /// pages (`ItemStore+Schema+Intro.swift`). As there, a member from before it counts as having
    /// seen it, from the upgrade on (seconds since 2001-01-01, as every date here).
    static let introSQL = """
        ALTER TABLE accounts ADD COLUMN intro_seen_at double precision;
        UPDATE accounts SET intro_seen_at = extract(epoch FROM now()) - 978307200;
        """
}
