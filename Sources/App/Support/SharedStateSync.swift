import HTTP
import Storage

/// Before a request is answered, catches up with what other instances on the same PostgreSQL
/// database committed (``ItemStore/synchronize()``: one small read, shared by the requests
/// that arrive together), so that no cache of this instance answers for an older revision, and
/// a session ended on another instance is ended here too. On SQLite, one process writes and
/// there is nothing to catch up with.
///
/// A pass on an event loop (a stylesheet, a refused head, an admission check) is left alone:
/// the loop must not wait on the network, and it answers nothing from the list. The request's
/// own pass, on the reads or writes pool, catches up before the page is made.
struct SharedStateSync: HTTPMiddleware {
    let store: ItemStore

    func respond(to request: HTTPRequest, next: HTTPHandler) throws -> HTTPResponse {
        if !request.runsOnEventLoop { try store.synchronize() }
        return try next(request)
    }
}
