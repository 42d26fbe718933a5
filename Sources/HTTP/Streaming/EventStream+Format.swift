/// Why an event cannot be sent.
public enum EventStreamError: Error, Equatable, Sendable {
    /// The named field (`id`, `event` or a comment) holds a line break or a NUL.
    case invalidField(String)
}

extension EventStream {
    /// One event in the `text/event-stream` format: `id:`, `event:`, then one `data:` line per
    /// line of `data`, and a blank line that dispatches it.
    ///
    /// HTML §9.2.5: lines end with CR, LF or CRLF, so each of them starts a new `data:` line
    /// (the browser joins them with LF); a field's value starts after one optional space, so
    /// writing `data: ` keeps a value's own leading space. An ID with a NUL is ignored by
    /// browsers (§9.2.6), so it is refused here like a line break.
    static func format(id: String?, event: String?, data: String) throws(EventStreamError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.utf8.count + 32)
        if let id {
            guard !id.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else { throw .invalidField("id") }
            append("id", id, to: &out)
        }
        if let event {
            guard !event.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { throw .invalidField("event") }
            append("event", event, to: &out)
        }
        var line: [UInt8] = []
        var previous: UInt8 = 0
        for byte in data.utf8 {
            if byte == 0x0A && previous == 0x0D {
                previous = byte
                continue  // the LF of a CRLF
            }
            previous = byte
            if byte == 0x0D || byte == 0x0A {
                appendLine(line, to: &out)
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        appendLine(line, to: &out)
        out.append(0x0A)
        return out
    }

    /// A comment line (`: text`) followed by a blank line.
    static func formatComment(_ text: String) throws(EventStreamError) -> [UInt8] {
        guard !text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { throw .invalidField("comment") }
        return Array(": \(text)\n\n".utf8)
    }

    /// The heartbeat the loop sends on a quiet stream.
    static let heartbeat: [UInt8] = Array(": ping\n\n".utf8)

    private static func append(_ name: String, _ value: String, to out: inout [UInt8]) {
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: [0x3A, 0x20])
        out.append(contentsOf: value.utf8)
        out.append(0x0A)
    }

    private static func appendLine(_ line: [UInt8], to out: inout [UInt8]) {
        out.append(contentsOf: Array("data: ".utf8))
        out.append(contentsOf: line)
        out.append(0x0A)
    }
}
