import Dispatch
import Foundation
import Glibc
import Testing
@testable import PostgreSQL

/// A server ends an idle session by sending it a FATAL error, and closes the socket only when
/// its process has exited, a moment later. The connection must count as dead from the FATAL
/// alone, or a request in that moment gets a session that is already over. A real server
/// cannot be held between the two, so a stand-in that stops after the FATAL does it.
@Suite("A session ended by the server, before its socket closes")
struct EndedSessionTests {
    static func conninfo(_ server: FakePostgresServer) -> String {
        "host=127.0.0.1 port=\(server.port) user=homepwner sslmode=disable gssencmode=disable"
    }

    @Test("An idle connection that received FATAL is not reused, though its socket is still open")
    func notReused() throws {
        let server = try FakePostgresServer()
        defer { server.close() }
        let connection = try PostgresConnection(Self.conninfo(server))
        defer { connection.close() }
        #expect(connection.isReusable)
        server.endSession()
        #expect(!connection.isReusable)
    }

    @Test("A listener that received FATAL says its connection is lost, without waiting for the close")
    func listenerTold() throws {
        let server = try FakePostgresServer()
        defer { server.close() }
        let connection = try PostgresConnection(Self.conninfo(server))
        defer { connection.close() }
        server.endSession()
        var thrown: PostgresError?
        let time = elapsed {
            thrown = #expect(throws: PostgresError.self) { _ = try connection.waitForNotifications(timeout: .seconds(5)) }
        }
        #expect(thrown?.isConnectionLost == true)
        #expect(time < .seconds(1))
    }
}

/// Just enough of a PostgreSQL server for libpq to connect (trust authentication, no SSL), which
/// then, when told, sends the FATAL of `pg_terminate_backend` and keeps the socket open.
/// `@unchecked Sendable`: `client` is set on the serving thread before `accepted` is signalled,
/// and read only after waiting for it.
final class FakePostgresServer: @unchecked Sendable {
    private let listener: TCPListener
    private var client: Int32 = -1
    private let accepted = DispatchSemaphore(value: 0)
    var port: UInt16 { listener.port }

    init() throws {
        listener = try TCPListener()
        Thread { [self] in serve() }.start()
    }

    private func serve() {
        client = accept(listener.descriptor, nil, nil)
        // The startup message: its length, then protocol version and parameters; all ignored.
        var header = [UInt8](repeating: 0, count: 4)
        guard readFully(&header) else { return }
        var body = [UInt8](repeating: 0, count: Int(UInt32(bigEndian: header.withUnsafeBytes { $0.load(as: UInt32.self) })) - 4)
        guard readFully(&body) else { return }
        send(message("R", int32(0)))                          // AuthenticationOk
        send(message("S", cString("client_encoding") + cString("UTF8")))
        send(message("K", int32(4242) + int32(1)))           // BackendKeyData
        send(message("Z", [UInt8(ascii: "I")]))              // ReadyForQuery, idle
        accepted.signal()
    }

    /// Sends what `pg_terminate_backend` makes the server send, and waits until it has arrived.
    func endSession() {
        accepted.wait()
        var fields: [UInt8] = []
        for (code, value) in [("S", "FATAL"), ("V", "FATAL"), ("C", "57P01"), ("M", "terminating connection due to administrator command")] {
            fields += [UInt8(ascii: Unicode.Scalar(code)!)] + cString(value)
        }
        send(message("E", fields + [0]))
        usleep(100_000)
    }

    func close() {
        if client >= 0 { Glibc.close(client) }
        listener.close()
    }

    private func readFully(_ buffer: inout [UInt8]) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress! + done, $0.count - done, 0) }
            if count <= 0 { return false }
            done += count
        }
        return true
    }

    private func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private func message(_ type: Character, _ body: [UInt8]) -> [UInt8] {
        [type.asciiValue!] + int32(Int32(body.count + 4)) + body
    }

    private func int32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
    private func cString(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }
}
