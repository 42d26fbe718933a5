import Glibc

/// Reads a process's memory and CPU time from /proc (Linux).
struct ProcessProbe {
    let pid: Int32

    /// Resident set size now (`VmRSS`) and at its peak (`VmHWM`), in KiB; nil once the process is gone.
    func memory() -> (rss: Int, peak: Int)? {
        guard let status = Self.read("/proc/\(pid)/status") else { return nil }
        var rss: Int?, peak: Int?
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { rss = Self.kibibytes(line) }
            if line.hasPrefix("VmHWM:") { peak = Self.kibibytes(line) }
        }
        guard let rss, let peak else { return nil }
        return (rss, peak)
    }

    /// User plus system CPU time, in seconds.
    func cpuSeconds() -> Double? {
        guard let stat = Self.read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm) ": state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// CPU time the whole machine spent busy (not idle, not waiting for I/O), in seconds
    /// summed over cores: what other processes used is this minus ours.
    static func machineBusySeconds() -> Double? {
        guard let stat = read("/proc/stat"), let first = stat.split(separator: "\n").first, first.hasPrefix("cpu ") else { return nil }
        // user nice system idle iowait irq softirq steal (guest time is inside user)
        let ticks = first.split(separator: " ").dropFirst().prefix(8).compactMap { Double($0) }
        guard ticks.count == 8 else { return nil }
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func kibibytes(_ line: Substring) -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
