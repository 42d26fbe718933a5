import Cryptography
import HTTP
import Storage

/// `GET /events` (issue 25 point 4): a signed-in member's stream of the household's changes,
/// as server-sent events (``LiveEvent``). Without JavaScript nothing asks for it; with it, the
/// list updates in place and an open dialog hears of its item changing.
struct EventsController: Sendable {
    let live: LiveEvents

    static let lastEventID: HTTPHeaderName = "Last-Event-ID"

    func stream(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized) }
        let stream = EventStream()
        let sink = EventStreamSink(stream)
        stream.onClose { [live] in live.remove(sink) }
        live.add(sink, accountID: signedIn.account.id, session: signedIn.sessionDigest.map(Hex.encode) ?? "", language: Presentation.language(of: request),
                 lastEventID: request.headers[Self.lastEventID])
        return .eventStream(stream)
    }
}

/// The HTTP server's event stream as a ``LiveEventSink``.
final class EventStreamSink: LiveEventSink {
    let stream: EventStream

    init(_ stream: EventStream) { self.stream = stream }

    func send(_ event: LiveEvent) -> Bool {
        do {
            return try stream.send(id: event.id, event: event.name, data: event.data)
        } catch {
            return false  // an id or name with a line break: never made by LiveEvent
        }
    }

    func close() { stream.close() }
}
