import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// After a server's silence, a pool's calls fail at once for a moment (a frozen server or a cut
/// network would otherwise cost every queued request its whole deadline in turn).
@Suite("A silent PostgreSQL server")
struct PostgresSilenceTests {
    static func silence() -> PostgresError {
        var error = PostgresError(kind: .connection, message: "no answer from the server within 4.5 s")
        error.isSilence = true
        return error
    }

    @Test("After a silence, calls fail at once as unavailable, and go through again once the window is over")
    func window() throws {
        let silence = PostgresSilence(window: 200_000_000)
        try silence.check(sql: "SELECT 1")
        silence.note(Self.silence())
        let refusal = #expect(throws: DatabaseError.self) { try silence.check(sql: "SELECT 1") }
        #expect(refusal?.isUnavailable == true)
        #expect(refusal?.sql == "SELECT 1")
        Thread.sleep(forTimeInterval: 0.25)
        try silence.check(sql: "SELECT 1")
    }

    @Test("A refusal, a lost connection or a statement timeout is no silence: later calls still try")
    func otherErrors() throws {
        let silence = PostgresSilence()
        silence.note(PostgresError(kind: .connection, message: "connection refused"))
        silence.note(PostgresError(kind: .server, sqlState: "57014", message: "canceling statement due to statement timeout"))
        silence.note(DatabaseError.unavailable("anything else"))
        try silence.check(sql: nil)
    }
}
