/// What every loop needs to answer requests; immutable.
struct ServerContext: Sendable {
    let configuration: HTTPServer.Configuration
    let router: Router
    let state: ServerState
    /// One per loop, by loop index.
    let inboxes: [EventLoopInbox]
}
