import Glibc

/// A per-loop buffer of access-log lines, written to stderr in batches so the loop
/// does one write per wake-up rather than one per request.
struct AccessLog {
    let enabled: Bool
    private var buffer: [UInt8] = []

    init(enabled: Bool) {
        self.enabled = enabled
        if enabled { buffer.reserveCapacity(32 * 1024) }
    }

    /// `GET /items 200 1234B 0.42ms`
    mutating func record(method: HTTPMethod, path: String, status: HTTPStatus, bytes: Int, nanoseconds: UInt64) {
        guard enabled else { return }
        let tenths = nanoseconds / 10_000  // hundredths of a millisecond
        let fraction = tenths % 100
        let line = "\(method.rawValue) \(path) \(status.rawValue) \(bytes)B \(tenths / 100).\(fraction < 10 ? "0" : "")\(fraction)ms\n"
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= 32 * 1024 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        SystemCall.writeAll(2, buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
