import Foundation
import PostgreSQL
import Testing

@Suite("LISTEN and NOTIFY between connections", .enabled(if: TestDatabase.isConfigured, TestDatabase.missing))
struct NotificationTests {
    /// A channel name no other test uses, in mixed case with a quote: quoting must keep it as is.
    static func channel() -> String { "Changes \"\(UUID().uuidString.prefix(8))\"" }

    @Test("A notification reaches the listener with its payload intact: quotes, backslashes, Chinese")
    func payloads() throws {
        try TestDatabase.withConnection { (listener) throws in
            let sender = try PostgresConnection(configuration: listener.configuration)
            defer { sender.close() }
            let channel = Self.channel()
            try listener.listen(channel)
            let payloads = ["", "revision 42", #"it's "quoted" \ and \\ '); NOTIFY x; --"#, "安妮添加了数码相机", "數碼相機 📷"]
            for payload in payloads { try sender.notify(channel, payload: payload) }
            var received: [PostgresNotification] = []
            while received.count < payloads.count {
                let batch = try listener.waitForNotifications(timeout: .seconds(5))
                try #require(!batch.isEmpty, "timed out with \(received.count) of \(payloads.count)")
                received += batch
            }
            #expect(received.map(\.payload) == payloads)
            #expect(received.allSatisfy { $0.channel == channel && $0.processID == sender.backendProcessID })
            // Another channel's, even one differing only in case, is not delivered.
            try sender.notify(channel.lowercased(), payload: "other")
            #expect(try listener.waitForNotifications(timeout: .milliseconds(200)).isEmpty)
        }
    }

    @Test("With nothing sent, waiting returns an empty list after the timeout")
    func timeout() throws {
        try TestDatabase.withConnection { (listener) throws in
            try listener.listen(Self.channel())
            var received: [PostgresNotification] = [PostgresNotification(channel: "", payload: "", processID: 0)]
            let time = try elapsed { received = try listener.waitForNotifications(timeout: .milliseconds(300)) }
            #expect(received.isEmpty)
            #expect(time >= .milliseconds(290) && time < .seconds(2))
            #expect(try listener.waitForNotifications(timeout: .zero).isEmpty)
        }
    }

    @Test("A notification sent in a transaction arrives at its commit, and not at all after a rollback")
    func transactional() throws {
        try TestDatabase.withConnection { (listener) throws in
            let sender = try PostgresConnection(configuration: listener.configuration)
            defer { sender.close() }
            let channel = Self.channel()
            try listener.listen(channel)
            struct Undo: Error {}
            #expect(throws: Undo.self) {
                try sender.transaction { db in
                    try db.notify(channel, payload: "rolled back")
                    throw Undo()
                }
            }
            try sender.transaction { db in
                try db.notify(channel, payload: "one")
                try db.notify(channel, payload: "two")
                #expect(try listener.waitForNotifications(timeout: .milliseconds(200)).isEmpty)
            }
            var received: [String] = []
            while received.count < 2 {
                let batch = try listener.waitForNotifications(timeout: .seconds(5))
                try #require(!batch.isEmpty)
                received += batch.map(\.payload)
            }
            #expect(received == ["one", "two"])
        }
    }

    @Test("Notifications that arrive while the listener runs a statement are kept for the next wait")
    func arrivedMeanwhile() throws {
        try TestDatabase.withConnection { (listener) throws in
            let channel = Self.channel()
            try listener.listen(channel)
            try listener.notify(channel, payload: "to myself")
            #expect(try listener.execute("SELECT 1").int64(0, 0) == 1)
            let received = try listener.waitForNotifications(timeout: .zero)
            #expect(received.map(\.payload) == ["to myself"])
            #expect(received.first?.processID == listener.backendProcessID)
        }
    }

    @Test("Channel names PostgreSQL would cut or refuse are refused before sending")
    func badChannels() throws {
        try TestDatabase.withConnection { (db) throws in
            for channel in ["", String(repeating: "c", count: 64)] {
                #expect(throws: PostgresError.self) { try db.listen(channel) }
                #expect(throws: PostgresError.self) { try db.notify(channel, payload: "x") }
            }
            let tooLong = try #require(throws: PostgresError.self) { try db.notify("c", payload: String(repeating: "x", count: 8000)) }
            #expect(tooLong.kind == .server)
            #expect(db.isConnected)
        }
    }

    @Test("A listener whose session is ended says so at once instead of waiting out its timeout")
    func droppedListener() throws {
        try TestDatabase.withConnection { (listener) throws in
            try listener.listen(Self.channel())
            let configuration = listener.configuration
            let pid = Int64(listener.backendProcessID)
            // Ended 300 ms into the wait, from another thread.
            let killer = inBackground {
                usleep(300_000)
                let killer = try PostgresConnection(configuration: configuration)
                defer { killer.close() }
                try killer.execute("SELECT pg_terminate_backend($1::int4)", [.integer(pid)])
            }
            var thrown: PostgresError?
            let time = elapsed {
                thrown = #expect(throws: PostgresError.self) { _ = try listener.waitForNotifications(timeout: .seconds(10)) }
            }
            #expect(killer() == nil)
            #expect(time >= .milliseconds(250))
            #expect(thrown?.isConnectionLost == true)
            #expect(time < .seconds(2))
        }
    }
}
