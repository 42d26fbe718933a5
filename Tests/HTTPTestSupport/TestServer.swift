import HTTP

extension HTTPServer.Configuration {
    /// A configuration for tests: 127.0.0.1, a free port, two loops, no access log.
    public static var testing: HTTPServer.Configuration {
        HTTPServer.Configuration(host: "127.0.0.1", port: 0, eventLoops: 2, accessLog: false)
    }
}

/// Runs `body` against a live server on 127.0.0.1 and a free port; the server is always
/// shut down afterwards, even if `body` throws.
///
/// ```swift
/// try withTestServer(router: router) { client in
///     let response = try client.get("/health")
///     #expect(response.status == .ok)
/// }
/// ```
public func withTestServer(
    router: Router, configuration: HTTPServer.Configuration = .testing, _ body: (TestClient) throws -> Void
) rethrows {
    var configuration = configuration
    configuration.host = "127.0.0.1"
    configuration.port = 0
    let server = HTTPServer(configuration: configuration, router: router)
    do {
        try server.start()
    } catch {
        fatalError("The test server could not start: \(error)")
    }
    let client = TestClient(port: server.port, server: server)
    defer {
        client.close()
        server.shutdown(gracePeriod: .milliseconds(500))
    }
    try body(client)
}
