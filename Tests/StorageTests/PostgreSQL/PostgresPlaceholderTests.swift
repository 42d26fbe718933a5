import Testing
@testable import Storage

@Suite("SQLite parameters rewritten for PostgreSQL")
struct PostgresPlaceholderTests {
    @Test("Bare question marks are numbered in order")
    func bare() {
        #expect(PostgresPlaceholders.rewrite("SELECT ? + ?, ?") == "SELECT $1 + $2, $3")
    }

    @Test("Numbered ones keep their number, and a bare one follows the largest so far, as in SQLite")
    func numbered() {
        #expect(PostgresPlaceholders.rewrite("WHERE a = ?1 OR b = ?1 AND c = ?") == "WHERE a = $1 OR b = $1 AND c = $2")
        #expect(PostgresPlaceholders.rewrite("?3, ?, ?1") == "$3, $4, $1")
        #expect(PostgresPlaceholders.rewrite("?12") == "$12")
    }

    @Test("Question marks in literals, quoted names and comments stay")
    func quoted() {
        #expect(PostgresPlaceholders.rewrite("SELECT 'what?', \"odd?name\", ? -- why?\n, ?") == "SELECT 'what?', \"odd?name\", $1 -- why?\n, $2")
        #expect(PostgresPlaceholders.rewrite("SELECT 'it''s ?', ? /* ? */ , ?") == "SELECT 'it''s ?', $1 /* ? */ , $2")
        #expect(PostgresPlaceholders.rewrite("SELECT '中文?', ?") == "SELECT '中文?', $1")
    }

    @Test("Unterminated quotes and comments are copied, not read past")
    func unterminated() {
        #expect(PostgresPlaceholders.rewrite("SELECT 'open ?") == "SELECT 'open ?")
        #expect(PostgresPlaceholders.rewrite("SELECT ? /* open ?") == "SELECT $1 /* open ?")
    }
}
