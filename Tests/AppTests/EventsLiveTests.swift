import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 25 point 4 over a real socket: `GET /events` for a signed-in member streams the
/// household's changes, resumes from `Last-Event-ID`, and ends with the session.
@Suite("Live events over HTTP")
struct EventsLiveTests {
    /// A second connection of `browser`'s, asking for `/events` with its cookies.
    func openStream(_ browser: Browser, lastEventID: String? = nil) throws -> (TestClient, TestResponse) {
        let stream = browser.client.makeClient()
        try stream.connect()
        var head = "GET /events HTTP/1.1\r\nHost: \(stream.host):\(stream.port)\r\nAccept: text/event-stream\r\n"
        head += "Cookie: " + browser.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n"
        if let lastEventID { head += "Last-Event-ID: \(lastEventID)\r\n" }
        try stream.send(head + "\r\n")
        return (stream, try stream.readHead())
    }

    /// The `data:` of an event block, as JSON.
    func data(_ block: String) throws -> [String: Any] {
        let line = try #require(block.split(separator: "\n").first { $0.hasPrefix("data:") })
        let object = try JSONSerialization.jsonObject(with: Data(line.dropFirst(5).trimmingPrefix(" ").utf8))
        return try #require(object as? [String: Any])
    }

    @Test("A member's stream hears another's Done as \"… added …\", resumes from Last-Event-ID, and ends at sign-out")
    func streamResumeAndSignOut() throws {
        try withApp { browser, app in
            let ann = try app.addMember("ann", role: .editor)
            let (stream, head) = try openStream(browser)
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "text/event-stream; charset=utf-8")

            let draft = try app.store.beginNewItemDraft(.random)
            _ = try app.store.updateDraft(id: draft.id, name: "Digital camera", serialNumber: "", valueInDollars: 5)
            let item = try app.store.commitDraft(id: draft.id, expectedVersion: nil, actor: Actor(accountID: ann.id, name: "ann"))
            let block = try stream.readEvent { $0.contains("event: change") }
            let change = try data(block)
            #expect(change["message"] as? String == "ann added Digital camera")
            #expect(change["items"] as? [String] == [item.key.lowercasedString])
            let id = try #require(block.split(separator: "\n").first { $0.hasPrefix("id:") }).dropFirst(3).trimmingPrefix(" ")

            // Two more writes while the page is away; back with the id it had: both, in order.
            stream.close()
            try app.store.removeItem(key: item.key, actor: Actor(accountID: ann.id, name: "ann"))
            _ = try app.store.restore(key: item.key, actor: Actor(accountID: ann.id, name: "ann"))
            let (again, _) = try openStream(browser, lastEventID: String(id))
            let replayed = try [again.readEvent { $0.contains("event:") }, again.readEvent { $0.contains("event:") }].map(data)
            #expect(replayed.map { $0["message"] as? String } == ["ann deleted Digital camera", "ann put back Digital camera"])

            #expect(try browser.post("/sign-out", [:]).location == "/sign-in")
            #expect(again.serverClosedConnection(within: .seconds(2)))
            #expect(app.live.streamCount == 0)
        }
    }

    @Test("Without a session there is no stream: the sign-in page's redirect, never text/event-stream")
    func signedOut() throws {
        try withApp { browser, app in
            let stranger = browser.client.makeClient()
            stranger.storesCookies = false
            let response = try stranger.get("/events", headers: ["Accept": "text/event-stream"])
            #expect(response.status != .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/event-stream") != true)
            #expect(app.live.streamCount == 0)
        }
    }
}
