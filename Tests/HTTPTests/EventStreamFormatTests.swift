@testable import HTTP
import Testing

@Suite("Event stream format")
struct EventStreamFormatTests {
    @Test("An event has id, event and data lines and ends with a blank line")
    func fields() throws {
        let bytes = try EventStream.format(id: "7", event: "item", data: "{\"a\":1}")
        #expect(String(decoding: bytes, as: UTF8.self) == "id: 7\nevent: item\ndata: {\"a\":1}\n\n")
    }

    @Test("Data with line breaks becomes one data line per line, whatever the break")
    func multilineData() throws {
        let bytes = try EventStream.format(id: nil, event: nil, data: "one\ntwo\r\nthree\rfour\n")
        #expect(String(decoding: bytes, as: UTF8.self) == "data: one\ndata: two\ndata: three\ndata: four\ndata: \n\n")
    }

    @Test("A leading space and empty data survive")
    func edges() throws {
        #expect(String(decoding: try EventStream.format(id: nil, event: nil, data: " x"), as: UTF8.self) == "data:  x\n\n")
        #expect(String(decoding: try EventStream.format(id: nil, event: nil, data: ""), as: UTF8.self) == "data: \n\n")
        #expect(String(decoding: try EventStream.format(id: nil, event: nil, data: "\r\n"), as: UTF8.self) == "data: \ndata: \n\n")
    }

    @Test("A line break in the id or event, or a NUL in the id, is refused", arguments: [
        ("a\nb", nil), ("a\rb", nil), ("a\u{0}b", nil), (nil, "x\ny"), (nil, "x\r"),
    ] as [(String?, String?)])
    func refusesInjection(id: String?, event: String?) {
        #expect(throws: EventStreamError.self) { try EventStream.format(id: id, event: event, data: "d") }
    }

    @Test("A refused event queues nothing, and a closed stream drops events")
    func refusedAndClosed() throws {
        let stream = EventStream()
        #expect(throws: EventStreamError.invalidField("id")) { try stream.send(id: "1\nevent: evil", data: "x") }
        #expect(stream.state.withLock { $0.pending.isEmpty })
        #expect(try stream.send(data: "ok"))
        stream.close()
        #expect(stream.isClosed)
        #expect(try stream.send(data: "late") == false)
        #expect(throws: EventStreamError.invalidField("comment")) { try stream.sendComment("a\nb") }
    }

    @Test("Events queued beyond the limit before the loop takes them close the stream instead of growing")
    func queueLimit() throws {
        let stream = EventStream()
        let data = String(repeating: "x", count: 1000)
        var sent = 0
        while try stream.send(data: data) { sent += 1 }
        #expect(sent < 300)
        #expect(stream.isClosed)
        #expect(stream.state.withLock { $0.pending.isEmpty })
    }
}
