import Cryptography
import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Synchronization
import Testing
@testable import App

/// Issue 25 point 4: a stream ends when its session ends for any reason, also when nothing in
/// this process ended it — the session expired, or another process (the `homepwner users`
/// command, another instance on the same database) deleted its row. The sweep finds them.
@Suite("Live events: the session sweep")
struct LiveSessionSweepTests {
    /// A clock the test moves, for sessions that expire without waiting 30 days.
    final class Clock: Sendable {
        private let current = Mutex(Date(timeIntervalSinceReferenceDate: 800_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(days: Double) { current.withLock { $0 = $0.addingTimeInterval(days * 86_400) } }
    }

    /// Waits up to `limit` for `condition`.
    func eventually(within limit: Duration = .seconds(3), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }

    func digest(_ seed: UInt8) -> [UInt8] { SessionCookie.digest(String(repeating: Character(UnicodeScalar(seed)), count: 32)) }

    @Test("Within a sweep, a stream whose session went idle 30 days or passed its 90 days is closed; a live one stays, and checking marks nothing used")
    func expired() throws {
        let directory = try TemporaryDirectory()
        let clock = Clock()
        var configuration = ItemStore.Configuration()
        configuration.clock = { clock.now }
        let store = try ItemStore.open(directory: directory.path, configuration: configuration)
        defer { store.close() }
        let accounts = AccountStore(store)
        let ann = try accounts.createAccount(username: "ann", passwordHash: "x", role: .editor)
        let idle = digest(0x61), old = digest(0x62), live = digest(0x63)
        try accounts.createSession(idHash: old, accountID: ann.id, userAgent: "old")
        // `old` is used every 29.5 days: never idle, but signed in 90.5 days before the end;
        // `idle` is signed in 31.5 days before the end and never used again.
        for step in 0..<3 {
            clock.advance(days: 29.5)
            #expect(try accounts.activeSession(idHash: old) != nil)
            accounts.flushPendingUses()
            if step == 1 { try accounts.createSession(idHash: idle, accountID: ann.id, userAgent: "idle") }
        }
        try accounts.createSession(idHash: live, accountID: ann.id, userAgent: "live")
        let liveSeen = try #require(try accounts.sessions(accountID: ann.id).first { $0.idHash == live }).lastSeenAt

        let events = LiveEvents(store: store, sessions: accounts, sessionSweepInterval: .milliseconds(50), run: "run1")
        defer { events.closeAll() }
        let idlePage = LiveEventsTests.Recorder(), oldPage = LiveEventsTests.Recorder(), livePage = LiveEventsTests.Recorder()
        events.add(idlePage, accountID: ann.id, session: Hex.encode(idle), language: .english, lastEventID: nil)
        events.add(oldPage, accountID: ann.id, session: Hex.encode(old), language: .english, lastEventID: nil)
        events.add(livePage, accountID: ann.id, session: Hex.encode(live), language: .english, lastEventID: nil)
        events.drain()
        Thread.sleep(forTimeInterval: 0.2)  // a few sweeps while every session is live
        #expect(events.streamCount == 3)

        clock.advance(days: 2)  // idle: 31.5 days unused; old: 90.5 days since sign-in
        #expect(eventually { idlePage.closed.withLock { $0 } && oldPage.closed.withLock { $0 } })
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!livePage.closed.withLock { $0 } && events.streamCount == 1)
        accounts.flushPendingUses()
        let after = try #require(try accounts.sessions(accountID: ann.id).first { $0.idHash == live })
        #expect(after.lastSeenAt == liveSeen, "the sweep marked the session used")
    }

    @Test("Within a sweep, a stream whose session another process deleted is closed; others stay open and keep hearing changes")
    func deletedElsewhere() throws {
        try withApp { browser, app in
            try app.addMember("ann", role: .editor)
            let annBrowser = Browser(client: browser.client.makeClient())
            try annBrowser.signIn("ann")
            let owners = try EventsLiveTests().openStream(browser)
            let anns = try EventsLiveTests().openStream(annBrowser)
            #expect(owners.1.status == .ok && anns.1.status == .ok)
            #expect(eventually { app.live.streamCount == 2 })

            // Another process on the same database (as `homepwner users` or a second instance)
            // ends the owner's sessions: nothing in this one hears of it.
            let other = try app.store.postgresConfiguration.map { try ItemStore(postgres: $0, localDirectory: app.store.localDirectory) }
                ?? ItemStore.open(directory: app.store.localDirectory)
            let owner = try #require(try app.accounts.account(named: "owner"))
            try AccountStore(other).deleteSessions(accountID: owner.id)
            other.close()

            app.live.sweepSessions()
            #expect(owners.0.serverClosedConnection(within: .seconds(2)))
            #expect(app.live.streamCount == 1)
            try app.seedItem(name: "Lamp")
            #expect(try anns.0.readEvent().contains("event: change"))
        }
    }

    @Test("One look-up answers for more sessions than a batch, strangers and malformed digests included")
    func manySessions() throws {
        let directory = try TemporaryDirectory()
        let store = try ItemStore.open(directory: directory.path)
        defer { store.close() }
        let accounts = AccountStore(store)
        let ann = try accounts.createAccount(username: "ann", passwordHash: "x", role: .editor)
        let mine = (0..<3).map { digest(0x41 + $0) }
        for session in mine { try accounts.createSession(idHash: session, accountID: ann.id, userAgent: "t") }
        var asked = Set((0..<1_200).map { SHA256.hash(Array("stranger \($0)".utf8)) })
        asked.formUnion(mine)
        asked.formUnion([[], [0x27, 0x3B], Array(repeating: 0, count: 33)])
        #expect(try accounts.liveSessions(among: asked) == Set(mine))
        #expect(try accounts.liveSessions(among: []) == [])
    }
}
