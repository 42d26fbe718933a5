import PostgreSQL
import Testing

/// What the PostgreSQL store's search needs from the cluster (issue 25): contrib's pg_trgm, and a
/// UTF-8 locale in which Chinese characters are letters, or they make no trigrams at all.
@Suite("pg_trgm in the test cluster", .enabled(if: TestDatabase.isConfigured, TestDatabase.missing))
struct ExtensionTests {
    @Test("pg_trgm can be created and finds substrings of Chinese and English names through a trigram index")
    func trigrams() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            // Wherever it was created (here, or by someone earlier), its functions must be found.
            let schema = try #require(try db.execute("SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'").string(0, 0))
            try db.executeScript("SELECT set_config('search_path', current_setting('search_path') || ', ' || \(Self.literal(schema)), false)")
            #expect(try db.execute("SELECT array_length(show_trgm($1), 1)", [.text("数码相机")]).int64(0, 0) ?? 0 > 0)
            #expect(try db.execute("SELECT similarity($1, $2)", [.text("数码相机"), .text("数码")]).double(0, 0) ?? 0 > 0)
            try db.executeScript("""
                CREATE TABLE names (name text NOT NULL);
                CREATE INDEX names_trigrams ON names USING gin (name gin_trgm_ops);
                INSERT INTO names SELECT 'item ' || n FROM generate_series(1, 2000) AS n;
                INSERT INTO names VALUES ('Shiny 数码相机 Mac'), ('Rusty Spark');
                ANALYZE names;
                """)
            let query = "SELECT name FROM names WHERE name ILIKE '%' || $1 || '%' ORDER BY name"
            #expect(try db.execute(query, [.text("码相")]).rows.map { try $0.string(0) } == ["Shiny 数码相机 Mac"])
            #expect(try db.execute(query, [.text("USTY SP")]).rows.map { try $0.string(0) } == ["Rusty Spark"])
            // The index can serve it (the planner may still prefer a scan of so small a table).
            try db.executeScript("SET enable_seqscan = off")
            let plan = try db.execute("EXPLAIN " + query.replacingOccurrences(of: "$1", with: "'码相机'"))
            #expect(try plan.rows.map { try $0.string(0) ?? "" }.joined().contains("names_trigrams"))
        }
    }

    /// A string literal for a name read from the catalog (no values from outside reach this).
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
