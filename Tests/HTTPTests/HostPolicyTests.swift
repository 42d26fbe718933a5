import HTTPTestSupport
import Testing
@testable import HTTP

/// `--public-host` with names and addresses, with and without a port (issue 21, row 14).
@Suite("Host policy")
struct HostPolicyTests {
    static let policy = HostPolicy(publicHosts: [
        "192.168.1.20:8443", "[fd00::1]:8443", "192.168.1.21", "[fd00::2]", "homepwner.local",
        "inventory.example.org:8443", "Inventory.Example.org.:9443", "127.0.0.1:8443",
    ])

    @Test("Addresses follow the names' port rule: no port is any port, a port is that port only", arguments: [
        ("192.168.1.20:8443", true), ("192.168.1.20", true), ("192.168.1.20:8080", false), ("192.168.1.20:443", false),
        ("[fd00::1]:8443", true), ("[FD00:0::1]:8443", true), ("[fd00::1]", true), ("[fd00::1]:8080", false),
        ("192.168.1.21:1234", true), ("192.168.1.21", true), ("[fd00::2]:5", true), ("[fd00::2]", true),
        ("192.168.1.22", false), ("192.168.1.22:8443", false), ("[fd00::3]:8443", false),
        ("homepwner.local:1", true), ("inventory.example.org:8443", true), ("inventory.example.org:9443", true),
        ("inventory.example.org:9999", false), ("127.0.0.1:8443", true), ("127.0.0.1:8080", true), ("127.0.0.1:9", false),
        ("[::1]:8080", true), ("localhost:8080", true), ("localhost:8443", false), ("192.168.1.20:99999", false),
        ("192.168.1.20:", false), ("[fd00::1", false),
    ])
    func addresses(authority: String, allowed: Bool) {
        let hosts = AllowedHosts(policy: Self.policy, boundHost: "127.0.0.1", boundPort: 8080)
        #expect(hosts.permits(Substring(authority)) == allowed, "\(authority)")
    }

    @Test("Values that are hosts, with or without a port, parse", arguments: [
        ("192.168.1.20:8443", "192.168.1.20", 8443), ("[fd00::1]:8443", "fd00::1", 8443), ("192.168.1.20", "192.168.1.20", nil),
        ("[fd00::1]", "fd00::1", nil), ("homepwner.local", "homepwner.local", nil), ("Inventory.Example.ORG.:8443", "inventory.example.org", 8443),
        ("my_box", "my_box", nil), ("localhost:1", "localhost", 1),
    ] as [(String, String, Int?)])
    func parsing(text: String, host: String, port: Int?) throws {
        let parsed = try PublicHost(parsing: text)
        switch parsed.host {
        case .name(let name): #expect(name == host)
        case .address(let address): #expect("\(address)" == host)
        }
        #expect(parsed.port == port)
    }

    @Test("Anything else is refused with a message saying what is wrong", arguments: [
        ("", "needs a value"), ("fd00::1", "in brackets"), ("fd00::1:8443", "in brackets"), ("192.168.1.20:0", "port 0"),
        ("192.168.1.20:65536", "no valid port"), ("192.168.1.20:", "no valid port"), ("host:http", "no valid port"),
        ("[fd00::1]8443", "no valid port"), ("[fd00::zz]:1", "not an IPv6 address"), ("[192.168.1.20]", "not an IPv6 address"),
        ("192.168.1.300", "not an IPv4 address"), ("0.0.0.0", "wildcard"), ("[::]:8443", "wildcard"),
        ("user@host", "without a scheme"), ("http://host", "without a scheme"), ("host/path", "without a scheme"),
        ("-bad.example", "not a host name"), ("a..b", "not a host name"), ("bad host", "spaces"), ("bücher.example", "xn--"),
        (String(repeating: "a", count: 64) + ".example", "not a host name"),
    ])
    func refusals(text: String, reason: String) {
        #expect {
            _ = try PublicHost(parsing: text)
        } throws: { error in
            "\(error)".contains(reason) && "\(error)".contains("[fd00::1]:8443")
        }
    }

    @Test("A live server behind a proxy on another port answers for the address with that port")
    func live() throws {
        var configuration = HTTPServer.Configuration.testing
        configuration.hostPolicy = HostPolicy(publicHosts: ["192.168.1.20:8443", "[fd00::1]"])
        try withTestServer(router: LiveFixtures.router(), configuration: configuration) { client throws in
            #expect(try client.get("/health", headers: [.host: "192.168.1.20:8443"]).status == .ok)
            #expect(try client.get("/health", headers: [.host: "[fd00::1]:9443"]).status == .ok)
            #expect(try client.get("/health", headers: [.host: "192.168.1.20:9443"]).status == .misdirectedRequest)
        }
    }
}
