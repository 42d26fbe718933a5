import HTTP
import Storage

/// Before a request is answered, catches up with what other instances on the same PostgreSQL
/// database committed (``ItemStore/synchronize()``: one small read), so that no cache of this
/// instance answers for an older revision, and a session ended on another instance is ended
/// here too. On SQLite, one process writes and there is nothing to catch up with.
struct SharedStateSync: HTTPMiddleware {
    let store: ItemStore

    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        try store.synchronize()
        return try next(request)
    }
}
