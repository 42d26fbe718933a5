import CLinuxShim

/// The `Date` field line (RFC 9110 §6.6.1), rebuilt at most once a second per loop.
struct DateHeaderCache {
    private(set) var line: [UInt8] = []
    private var second: Int64 = -1

    mutating func refresh() {
        let now = shim_realtime_seconds()
        guard now != second else { return }
        second = now
        line = Array("Date: \(HTTPDate.format(epochSeconds: Int(now)))\r\n".utf8)
    }
}
