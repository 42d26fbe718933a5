/// What every loop needs to answer requests; immutable.
struct ServerContext: Sendable {
    let configuration: HTTPServer.Configuration
    let router: Router
    let state: ServerState
    /// One per loop, by loop index.
    let inboxes: [EventLoopInbox]
    /// The Host names answered for; nil answers any.
    let allowedHosts: AllowedHosts?
    let trustedProxies: Set<IPAddress>
    /// Where large bodies are spooled.
    let spoolDirectory: String
    /// The threads of each route's ``WorkPool``, by its name.
    let workPools: [String: BlockingWorkPool]
}
