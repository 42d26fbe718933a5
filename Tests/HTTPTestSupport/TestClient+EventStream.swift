import HTTP

/// Reading an event stream (`text/event-stream`), whose body has no length and no end but
/// the connection's.
extension TestClient {
    /// Reads a response's head only, leaving what follows it buffered.
    public func readHead() throws -> TestResponse {
        try readResponse(forHead: true)
    }

    /// Reads the next event (or comment) block: the lines up to the blank line that ends it,
    /// without that blank line. Throws `connectionClosed` at the end of the stream.
    public func readEvent() throws -> String {
        while true {
            if let end = Self.find([0x0A, 0x0A], in: received) {
                let block = String(decoding: received[0..<end], as: UTF8.self)
                received.removeSubrange(0..<(end + 2))
                return block
            }
            guard try receiveMore() else { throw TestClientError.connectionClosed }
        }
    }

    /// Reads event blocks until one satisfies `matches`; returns it.
    public func readEvent(where matches: (String) -> Bool) throws -> String {
        while true {
            let block = try readEvent()
            if matches(block) { return block }
        }
    }
}
