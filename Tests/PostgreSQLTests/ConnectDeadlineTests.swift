import Glibc
import PostgreSQL
import Testing

/// Connecting never hangs: these need no PostgreSQL server, only sockets, and always run.
@Suite("Connecting to nothing, or to a server that never answers")
struct ConnectDeadlineTests {
    @Test("A port where nothing listens is refused at once, as a lost connection")
    func closedPort() throws {
        let port = try TCPListener.unusedPort()
        var thrown: PostgresError?
        let time = elapsed {
            #expect {
                _ = try PostgresConnection("postgresql://homepwner@127.0.0.1:\(port)/homepwner")
            } throws: { error in
                thrown = error as? PostgresError
                return thrown != nil
            }
        }
        #expect(time < .seconds(6))
        let error = try #require(thrown)
        #expect(error.kind == .connection)
        #expect(error.isConnectionLost && error.isUnavailable)
        #expect(error.message.contains("\(port)"))
    }

    @Test("A server that accepts but never answers costs the 5 s connect deadline, no more")
    func blackhole() throws {
        let listener = try TCPListener()
        defer { listener.close() }
        var thrown: PostgresError?
        let time = elapsed {
            #expect {
                _ = try PostgresConnection("postgresql://homepwner@127.0.0.1:\(listener.port)/homepwner")
            } throws: { error in
                thrown = error as? PostgresError
                return thrown != nil
            }
        }
        #expect(time >= .milliseconds(4900) && time < .seconds(6))
        let error = try #require(thrown)
        #expect(error.isConnectionLost && error.isUnavailable)
        #expect(error.message.contains("within"))
    }

    @Test("connect_timeout in the URL sets the deadline, in whole seconds, at least 2 as libpq has it")
    func connectTimeoutFromURL() throws {
        let listener = try TCPListener()
        defer { listener.close() }
        let configuration = try PostgresConfiguration("host=127.0.0.1 port=\(listener.port) user=homepwner connect_timeout=1")
        #expect(configuration.connectTimeout == .seconds(2))
        let time = elapsed {
            #expect(throws: PostgresError.self) { _ = try PostgresConnection(configuration: configuration) }
        }
        #expect(time >= .milliseconds(1900) && time < .seconds(3))
    }
}

/// A TCP socket on 127.0.0.1 that listens and never accepts: the kernel completes the handshake
/// (the backlog), and then nothing is ever said — a server that hung.
final class TCPListener {
    let descriptor: Int32
    let port: UInt16

    init(listening: Bool = true) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0)
        if listening { try #require(listen(descriptor, 16) == 0) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { Glibc.close(descriptor) }

    /// A port that was free a moment ago and that nothing listens on.
    static func unusedPort() throws -> UInt16 {
        let socket = try TCPListener(listening: false)
        socket.close()
        return socket.port
    }
}
