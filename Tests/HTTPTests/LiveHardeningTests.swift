import Glibc
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

/// Issue 9: no client starves the others; answers known from the head come before the body.
@Suite("Live server: hostile clients")
struct LiveHardeningTests {
    @Test("One address cannot take every slot: past its share it gets 503, another address is served")
    func perAddressCap() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.maxConnectionsPerAddress = 3
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let hogs = (0..<3).map { _ in client.makeClient() }
            for hog in hogs { try hog.send("GET /health HTTP/1.1\r\n") }
            let port = client.port
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 4 }
            let oneMore = client.makeClient()
            try oneMore.send("GET /health HTTP/1.1\r\nHost: h\r\n\r\n")
            let refused = try oneMore.readResponse()
            #expect(refused.status == .serviceUnavailable)
            #expect(oneMore.serverClosedConnection())
            let neighbour = client.makeClient()
            neighbour.sourceAddress = "127.0.0.2"
            #expect(try neighbour.get("/health").status == .ok)
            // A hog leaving frees a slot for its address again.
            hogs[0].close()
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 4 }
            #expect(try client.makeClient().get("/health").status == .ok)
        }
    }

    @Test("An address at its share gets in by closing one of its own idle keep-alive connections")
    func perAddressEviction() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.maxConnectionsPerAddress = 3
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let idle = (0..<3).map { _ in client.makeClient() }
            for connection in idle { #expect(try connection.get("/health").status == .ok) }
            let newcomer = client.makeClient()
            #expect(try newcomer.get("/health").status == .ok)
            #expect(idle.contains { $0.serverClosedConnection(within: .seconds(2)) })
            let port = client.port
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 4 }
            #expect(FileDescriptors.serverSocketCount(port: port) == 4)
        }
    }

    @Test("A body dribbled below the minimum rate is answered 408 once the grace period is over")
    func minimumBodyRate() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.timeouts.body = .seconds(10)
        configuration.timeouts.minimumRate = 1024
        configuration.timeouts.rateGracePeriod = .milliseconds(400)
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let start = LiveFixtures.monotonicNanoseconds()
            try client.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\n")
            // One byte per 50 ms: progress all the time, 20 bytes/s on average.
            for _ in 0..<60 {
                if client.serverResponded(within: .zero) { break }
                try? client.send("x")
                usleep(50_000)
            }
            let response = try client.readResponse()
            #expect(response.status == .requestTimeout)
            let elapsed = LiveFixtures.milliseconds(since: start)
            #expect(elapsed >= 350 && elapsed < 2500, "after \(elapsed) ms")
        }
    }

    @Test("A whole body must arrive within the total body deadline, however steadily")
    func totalBodyDeadline() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.timeouts.body = .seconds(10)
        configuration.timeouts.bodyTotal = .milliseconds(600)
        configuration.timeouts.minimumRate = 0
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let start = LiveFixtures.monotonicNanoseconds()
            try client.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n")
            for _ in 0..<40 {
                if client.serverResponded(within: .zero) { break }
                try? client.send("y")
                usleep(50_000)
            }
            #expect(try client.readResponse().status == .requestTimeout)
            #expect(LiveFixtures.milliseconds(since: start) < 2500)
        }
    }

    @Test("A client that reads a large response too slowly is dropped at the total write deadline")
    func slowReader() throws {
        var builder = RouterBuilder()
        let huge = [UInt8](repeating: 0x5A, count: 32 * 1024 * 1024)
        builder.get("/huge") { _ in HTTPResponse(body: .bytes(huge)) }
        var configuration = HTTPServer.Configuration.testing
        configuration.timeouts.write = .seconds(10)
        configuration.timeouts.writeTotal = .milliseconds(800)
        try withTestServer(router: builder.build(), configuration: configuration) { client in
            try client.send("GET /huge HTTP/1.1\r\nHost: h\r\n\r\n")
            let port = client.port
            usleep(100_000)
            #expect(FileDescriptors.serverSocketCount(port: port) == 2)
            // Reading a little now and then keeps the transfer alive, but not for ever.
            var buffer = [UInt8](repeating: 0, count: 4096)
            let start = LiveFixtures.monotonicNanoseconds()
            while FileDescriptors.serverSocketCount(port: port) > 1 && LiveFixtures.milliseconds(since: start) < 4000 {
                _ = client.withDescriptor { recv($0, &buffer, buffer.count, Int32(MSG_DONTWAIT)) }
                usleep(20_000)
            }
            #expect(FileDescriptors.serverSocketCount(port: port) == 1)
        }
    }

    @Test("An unknown route, a wrong method or a filter's refusal is answered before the body is sent")
    func refusedBeforeTheBody() throws {
        let handled = Atomic<Int>(0)
        var builder = RouterBuilder()
        builder.filter { head in
            guard head.method == .get || head.headers["X-Allowed"] == "yes" else {
                throw HTTPError(.forbidden, "not allowed")
            }
        }
        builder.get("/health") { _ in .text("ok") }
        builder.post("/upload", bodyLimit: 64 << 20) { request in
            handled.add(1, ordering: .relaxed)
            return .text("\(request.body.count)")
        }
        try withTestServer(router: builder.build()) { client in
            // Ten megabytes announced, none sent: each answer must come without waiting for them.
            for (head, status) in [
                ("POST /nowhere HTTP/1.1\r\nHost: h\r\nX-Allowed: yes\r\nContent-Length: 10000000\r\n\r\n", HTTPStatus.notFound),
                ("POST /health HTTP/1.1\r\nHost: h\r\nX-Allowed: yes\r\nContent-Length: 10000000\r\n\r\n", .methodNotAllowed),
                ("POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: 10000000\r\n\r\n", .forbidden),
                ("POST /upload HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 10000000\r\n\r\n", .forbidden),
                ("POST /upload HTTP/1.1\r\nHost: h\r\nX-Allowed: yes\r\nContent-Length: 100000000\r\n\r\n", .contentTooLarge),
            ] {
                let refused = client.makeClient()
                refused.timeout = .seconds(1)
                try refused.send(head)
                let response = try refused.readResponse()
                #expect(response.status == status, "\(head)")
                #expect(response.headers[.connection] == "close")
                #expect(refused.serverClosedConnection())
            }
            #expect(handled.load(ordering: .relaxed) == 0)
            let allowed = try client.post("/upload", body: Array(repeating: 1, count: 10), contentType: "text/plain", headers: ["X-Allowed": "yes"])
            #expect(allowed.bodyString == "10")
        }
    }

    @Test("Only the server's own host names are answered; others get 421", arguments: [
        ("127.0.0.1:{port}", true), ("localhost:{port}", true), ("LOCALHOST.:{port}", true), ("[::1]:{port}", true),
        ("127.0.0.1", true), ("homepwner.local", true), ("homepwner.local:{port}", true),
        ("inventory.example.org:8443", true), ("inventory.example.org:9999", false),
        ("rebind.attacker.example:{port}", false), ("rebind.attacker.example", false), ("127.0.0.1:1", false),
        ("localhost:99999", false), ("localhost:{port}@evil", false), ("[::1", false), ("", false), ("203.0.113.9:{port}", false),
    ])
    func hostNames(host: String, allowed: Bool) throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.hostPolicy = HostPolicy(publicHosts: ["homepwner.local", "inventory.example.org:8443"])
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            let field = host.replacingOccurrences(of: "{port}", with: String(client.port))
            // Refused as misdirected, or as malformed when it is not even a host.
            let refusals: Set<HTTPStatus> = [.misdirectedRequest, .badRequest]
            // Our own name first on the same connection: each request's Host is checked.
            #expect(try client.get("/health").status == .ok)
            let response = try client.get("/health", headers: [.host: field])
            #expect(allowed ? response.status == .ok : refusals.contains(response.status), "Host: \(field) → \(response.status)")
            #expect(response.bodyString != "ok" || allowed)
            // The absolute form names the host in the target, and is checked the same way.
            let absolute = try client.makeClient().get("http://\(field)/health", headers: [.host: "127.0.0.1:\(client.port)"])
            #expect(allowed ? absolute.status == .ok : refusals.contains(absolute.status), "http://\(field)/ → \(absolute.status)")
        }
    }

    @Test("Forwarded client address and scheme are believed from trusted proxies only")
    func trustedProxies() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.trustedProxies = [IPAddress("127.0.0.1")!]
        try withTestServer(router: Self.whoAmI, configuration: configuration) { client throws in
            let forwarded: HTTPHeaders = ["X-Forwarded-For": "198.51.100.1, 203.0.113.7", "X-Forwarded-Proto": "https"]
            #expect(try client.get("/whoami", headers: forwarded).bodyString == "203.0.113.7 https 127.0.0.1")
            let stranger = client.makeClient()
            stranger.sourceAddress = "127.0.0.2"
            #expect(try stranger.get("/whoami", headers: forwarded).bodyString == "127.0.0.2 http 127.0.0.2")
        }
    }

    /// Issue 21 row 1: nginx's README block passed a client's own `Forwarded` through, and it
    /// was believed before `X-Forwarded-For`: a rotating value dodged the sign-in throttle.
    @Test("Only the configured field is read, and only the hop the trusted proxy appended")
    func forwardedFieldAndHop() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.trustedProxies = [IPAddress("127.0.0.1")!, IPAddress("10.0.0.2")!]
        try withTestServer(router: Self.whoAmI, configuration: configuration) { client throws in
            // What nginx sends: the client's own fields, its address appended to X-Forwarded-For.
            let spoofed: HTTPHeaders = [
                "Forwarded": "for=192.0.2.99;proto=https", "X-Forwarded-For": "192.0.2.1, 203.0.113.7",
            ]
            #expect(try client.get("/whoami", headers: spoofed).bodyString == "203.0.113.7 http 127.0.0.1")
            // A chain of trusted proxies: the rightmost address that is none of them.
            let chain: HTTPHeaders = ["X-Forwarded-For": "192.0.2.1, 203.0.113.7, 10.0.0.2"]
            #expect(try client.get("/whoami", headers: chain).bodyString == "203.0.113.7 http 127.0.0.1")
            // Our proxy's hop is not an address: the client is not taken from further left.
            let unknown: HTTPHeaders = ["X-Forwarded-For": "192.0.2.1, unknown"]
            #expect(try client.get("/whoami", headers: unknown).bodyString == "127.0.0.1 http 127.0.0.1")
            // Several field lines are one list (RFC 9110 §5.3).
            let lines = HTTPHeaders([("X-Forwarded-For", "192.0.2.1"), ("X-Forwarded-For", "203.0.113.8")])
            #expect(try client.get("/whoami", headers: lines).bodyString == "203.0.113.8 http 127.0.0.1")
        }
        configuration.forwardedField = .forwarded
        try withTestServer(router: Self.whoAmI, configuration: configuration) { client throws in
            let both: HTTPHeaders = [
                "X-Forwarded-For": "192.0.2.1", "Forwarded": "for=192.0.2.99, for=\"[2001:db8::1]:4711\";proto=https, for=10.0.0.2",
            ]
            #expect(try client.get("/whoami", headers: both).bodyString == "2001:db8::1 https 127.0.0.1")
        }
    }

    /// Issue 21 row 10: behind a proxy nobody trusts, everyone shares its address.
    @Test("Forwarding fields from a loopback peer with no trusted proxy are noticed, once")
    func untrustedForwardingNotice() throws {
        let server = HTTPServer(configuration: .testing, router: Self.whoAmI)
        try server.start()
        defer { server.shutdown() }
        let client = TestClient(port: server.port)
        _ = try client.get("/whoami")
        #expect(!server.hasSeenUntrustedForwarding)
        let response = try client.get("/whoami", headers: ["X-Forwarded-For": "203.0.113.7"])
        #expect(response.bodyString == "127.0.0.1 http 127.0.0.1")
        #expect(server.hasSeenUntrustedForwarding)
    }

    @Test("IPv6 clients are counted by their /64, IPv4 ones by their address", arguments: [
        ("2001:db8:1:2:aaaa::1", 64, "2001:db8:1:2::"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", 64, "2001:db8:1:2::"),
        ("2001:db8:1:2:3:4:5:6", 48, "2001:db8:1::"),
        ("2001:db8:1:2:3:4:5:6", 128, "2001:db8:1:2:3:4:5:6"),
        ("2001:db8:1:2:3:4:5:6", 56, "2001:db8:1::"),
        ("2001:db8:1:2ff:3:4:5:6", 56, "2001:db8:1:200::"),
        ("192.0.2.77", 64, "192.0.2.77"),
    ])
    func addressBlocks(address: String, prefix: Int, block: String) throws {
        #expect(try #require(IPAddress(address)).block(ipv6PrefixLength: prefix) == IPAddress(block))
    }

    @Test("Private and loopback addresses are told from public ones", arguments: [
        ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true), ("172.32.0.1", false),
        ("192.168.1.20", true), ("192.169.0.1", false), ("169.254.0.9", true), ("100.64.0.1", true),
        ("100.128.0.1", false), ("fd00::1", true), ("fc00::1", true), ("fe80::1", true), ("fec0::1", false),
        ("2001:db8::1", false), ("8.8.8.8", false),
    ])
    func privateAddresses(address: String, isPrivate: Bool) throws {
        #expect(try #require(IPAddress(address)).isPrivate == isPrivate)
    }

    static var whoAmI: Router {
        var builder = RouterBuilder()
        builder.get("/whoami") { request in
            .text("\(request.clientAddress.map { "\($0)" } ?? "-") \(request.scheme) \(request.remoteAddress.map { "\($0)" } ?? "-")")
        }
        return builder.build()
    }

    @Test("Large bodies are spooled to an anonymous file, plain and chunked, multipart files included")
    func spooling() throws {
        let directory = try TemporaryDirectory()
        var builder = RouterBuilder()
        builder.post("/spool", bodyLimit: 8 << 20) { request in
            let bytes = try request.body.bytes()
            return .text("\(request.body.isSpooled) \(bytes.count) \(bytes.reduce(0) { $0 &+ Int($1) })")
        }
        builder.post("/photo", bodyLimit: 8 << 20) { request in
            let form = try request.multipartForm()
            let photo = try #require(form.part(named: "photo"))
            let bytes = try photo.body.bytes()
            return .text("\(photo.body.isSpooled) \(bytes.count) \(bytes.reduce(0) { $0 &+ Int($1) }) \(form["name"] ?? "")")
        }
        var configuration = HTTPServer.Configuration.testing
        configuration.spoolDirectory = directory.path
        try withTestServer(router: builder.build(), configuration: configuration) { client in
            let large = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let sum = large.reduce(0) { $0 &+ Int($1) }
            #expect(try client.post("/spool", body: large, contentType: "application/octet-stream").bodyString == "true \(large.count) \(sum)")
            #expect(try client.post("/spool", body: Array(large[0..<1000]), contentType: "application/octet-stream").bodyString == "false 1000 \(large[0..<1000].reduce(0) { $0 &+ Int($1) })")
            var chunked: [UInt8] = []
            for start in stride(from: 0, to: large.count, by: 100_000) {
                let piece = large[start..<min(start + 100_000, large.count)]
                chunked += Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
            }
            chunked += Array("0\r\n\r\n".utf8)
            let response = try client.request(.post, "/spool", headers: [.transferEncoding: "chunked"], body: chunked)
            #expect(response.bodyString == "true \(large.count) \(sum)")
            let photo = TestMultipartFile(name: "photo", filename: "p.jpg", contentType: "image/jpeg", data: large)
            let form = try client.postMultipart("/photo", fields: [("name", "Camera")], files: [photo])
            #expect(form.bodyString == "true \(large.count) \(sum) Camera")
            // Anonymous files: nothing is ever visible in the directory.
            #expect(directory.entries().isEmpty)
        }
    }

    @Test("Past the budget for request data in memory, a client is answered 503; others go on")
    func memoryBudget() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.requestMemoryBudget = 200 * 1024
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client in
            // Half-sent heads of 30 KiB each sit in memory until they end.
            let header = "GET /health HTTP/1.1\r\nHost: h\r\nX-Padding: " + String(repeating: "p", count: 30 * 1024)
            var holders: [TestClient] = []
            var refusals = 0
            for _ in 0..<12 {
                let holder = client.makeClient()
                try holder.send(header)
                if holder.serverResponded(within: .milliseconds(150)) {
                    #expect(try holder.readResponse().status == .serviceUnavailable)
                    refusals += 1
                }
                holders.append(holder)
            }
            #expect(refusals >= 4, "\(refusals) of 12 refused")
            for holder in holders { holder.close() }
            let port = client.port
            try waitFor { FileDescriptors.serverSocketCount(port: port) == 1 }
            #expect(try client.get("/health").status == .ok)
        }
    }
    @Test("A 503 for the memory budget, queued while a large body is still going out, follows that body")
    func budgetRefusalBehindLargeBody() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.requestMemoryBudget = 200 * 1024
        let huge = (0..<(16 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
        var builder = RouterBuilder()
        builder.get("/health") { _ in .text("ok") }
        builder.get("/huge") { _ in HTTPResponse(body: .bytes(huge)) }
        try withTestServer(router: builder.build(), configuration: configuration) { client in
            // Most of the budget held by half-sent heads.
            let padding = "GET /health HTTP/1.1\r\nHost: h\r\nX-Padding: "
            let holders = (0..<5).map { _ in client.makeClient() }
            for holder in holders {
                try holder.send(padding + String(repeating: "p", count: 30 * 1024))
                #expect(!holder.serverResponded(within: .milliseconds(100)))
            }
            // A large response that cannot all go out at once (nobody reads yet), and behind
            // it the start of a request that takes the budget over its limit.
            let reader = client.makeClient()
            try reader.send("GET /huge HTTP/1.1\r\nHost: h\r\n\r\n" + padding + String(repeating: "p", count: 60 * 1024))
            usleep(200_000)
            let response = try reader.readResponse()
            #expect(response.status == .ok)
            // Compared apart: a failed expectation would print all 16 MiB.
            let intact = response.body == huge
            #expect(intact, "the body (\(response.body.count) bytes) was interleaved with another response")
            #expect(try reader.readResponse().status == .serviceUnavailable)
            #expect(reader.serverClosedConnection())
            for holder in holders { holder.close() }
        }
    }
}
