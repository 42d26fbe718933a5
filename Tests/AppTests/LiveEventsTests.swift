import Foundation
import Storage
import Synchronization
import Testing
@testable import App

/// Issue 25 point 4, the server's side of `/events` short of the socket: which stream gets
/// which event, what a reconnecting page is replayed, and which streams a sign-out closes.
@Suite("Live events")
struct LiveEventsTests {
    /// A stream as the server would hold it: it records what it is sent.
    final class Recorder: LiveEventSink {
        let events = Mutex<[LiveEvent]>([])
        let closed = Mutex(false)
        func send(_ event: LiveEvent) -> Bool {
            guard !closed.withLock({ $0 }) else { return false }
            events.withLock { $0.append(event) }
            return true
        }
        func close() { closed.withLock { $0 = true } }
        var names: [String] { events.withLock { $0.map(\.name) } }
        var ids: [String] { events.withLock { $0.map(\.id) } }
        func json(_ index: Int) throws -> [String: Any] {
            let data = Data(events.withLock { $0[index].data }.utf8)
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    let ann = Actor(accountID: 1, name: "Ann")

    func add(_ app: HomepwnerApp, _ name: String, by actor: Actor) throws -> Item {
        let draft = try app.store.beginNewItemDraft(.random)
        _ = try app.store.updateDraft(id: draft.id, name: name, serialNumber: "", valueInDollars: 1)
        return try app.store.commitDraft(id: draft.id, expectedVersion: nil, actor: actor)
    }

    @Test("Ann's write reaches Bob's page with \"Ann added …\" in his language, and Ann's own without a message")
    func messages() throws {
        try withApp(signedIn: nil) { _, app in
            let live = LiveEvents(store: app.store, run: "run1")
            let base = app.store.revision
            let annPage = Recorder(), bobPage = Recorder()
            live.add(annPage, accountID: 1, session: "a", language: .english, lastEventID: nil)
            live.add(bobPage, accountID: 2, session: "b", language: .simplifiedChinese, lastEventID: nil)
            let item = try add(app, "Digital camera", by: ann)
            live.drain()
            #expect(bobPage.names == ["change"] && bobPage.ids == ["run1-\(base + 1)"])
            let bob = try bobPage.json(0)
            #expect(bob["message"] as? String == "Ann 添加了 Digital camera")
            #expect(bob["items"] as? [String] == [item.key.lowercasedString])
            #expect(bob["fieldsOnly"] as? Bool == false && bob["revision"] as? Int == base + 1 && bob["actor"] as? String == "Ann")
            #expect(try annPage.json(0)["message"] == nil && annPage.json(0)["mine"] as? Bool == true && bob["mine"] == nil)
            live.closeAll()
        }
    }

    @Test("A page that reconnects is replayed what it missed, once and in order; from another run or too far back it is told to reload")
    func replay() throws {
        try withApp(signedIn: nil) { _, app in
            let live = LiveEvents(store: app.store, run: "run1")
            let base = app.store.revision
            func id(_ revision: Int) -> String { "run1-\(base + revision)" }
            for index in 0..<4 { _ = try add(app, "Item \(index)", by: ann) }
            live.drain()
            let back = Recorder()
            live.add(back, accountID: 2, session: "b", language: .english, lastEventID: id(1))
            _ = try add(app, "Item 4", by: ann)
            live.drain()
            #expect(back.ids == [id(2), id(3), id(4), id(5)])

            let current = Recorder()
            live.add(current, accountID: 2, session: "b", language: .english, lastEventID: id(5))
            let stranger = Recorder()
            live.add(stranger, accountID: 2, session: "b", language: .english, lastEventID: "run0-3")
            let hostile = Recorder()
            live.add(hostile, accountID: 2, session: "b", language: .english, lastEventID: "run1-99999999999999999999")
            live.drain()
            #expect(current.names == [] && stranger.names == ["reload"] && hostile.names == ["reload"])
            #expect(stranger.ids == [id(5)])

            for index in 0..<ChangeFeed.capacity { _ = try add(app, "More \(index)", by: ann) }
            live.drain()
            let late = Recorder()
            live.add(late, accountID: 2, session: "b", language: .english, lastEventID: id(2))
            live.drain()
            #expect(late.names == ["reload"])
            live.closeAll()
        }
    }

    @Test("Signing out closes that session's streams only; a closed stream is forgotten; shutdown closes the rest")
    func closing() throws {
        try withApp(signedIn: nil) { _, app in
            let live = LiveEvents(store: app.store, run: "run1")
            let first = Recorder(), second = Recorder(), other = Recorder()
            live.add(first, accountID: 2, session: "s1", language: .english, lastEventID: nil)
            live.add(second, accountID: 2, session: "s1", language: .english, lastEventID: nil)
            live.add(other, accountID: 3, session: "s2", language: .english, lastEventID: nil)
            live.drain()
            live.closeStreams(ofSession: "s1")
            #expect(first.closed.withLock { $0 } && second.closed.withLock { $0 } && !other.closed.withLock { $0 })
            #expect(live.streamCount == 1)

            let gone = Recorder()
            live.add(gone, accountID: 4, session: "s3", language: .english, lastEventID: nil)
            live.drain()
            gone.close()
            _ = try add(app, "Lamp", by: ann)
            live.drain()
            #expect(live.streamCount == 1 && other.names == ["change"])

            live.closeAll()
            #expect(other.closed.withLock { $0 } && live.streamCount == 0)
            _ = try add(app, "After", by: ann)
            live.drain()
            #expect(other.names == ["change"])
        }
    }
}
