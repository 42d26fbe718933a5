import Foundation

/// The lines the soak prints: one per window, then the summary with the targets of
/// issue 9: no errors, no 5xx, RSS flat (last minute within 10 % of the second), p99 < 50 ms.
struct SoakReport {
    /// One RSS reading, `seconds` after the run started.
    struct Sample {
        var seconds: Double
        var rssKiB: Int
    }

    /// The windows in which other processes left the machine to the server and the
    /// load generator: their figures say what the code does, the others what the
    /// shared machine did to it.
    struct QuietWindows {
        /// Other processes used less than this share of one core.
        static let otherCPULimit = 0.25
        var stats = WindowStats()
        var windows = 0
        var count = 0
        var seconds = 0.0
    }

    static let p99TargetMilliseconds = 50.0
    static let rssTolerance = 0.10

    static var windowHeader: String {
        "  time     req/s   p50 ms   p99 ms   max ms  errors    5xx  expected   RSS MB  server CPU  client CPU  other CPU"
    }

    static func windowLine(
        seconds: Double, window: WindowStats, elapsed: Double, rssKiB: Int?, serverCPU: Double?, clientCPU: Double?, otherCPU: Double?
    ) -> String {
        let latency = window.allLatency
        let numbers = String(
            format: "%5.0fs %9.1f %8.2f %8.2f %8.1f %7d %6d %9d",
            seconds, Double(window.requests) / max(elapsed, 0.001),
            latency.percentile(0.50) ?? 0, latency.percentile(0.99) ?? 0, latency.maximumMilliseconds,
            window.errors, window.serverErrors, window.expected)
        let rss = rssKiB.map { String(format: "%.1f", Double($0) / 1024) } ?? "-"
        let server = serverCPU.map { String(format: "%.0f%%", $0 * 100) } ?? "-"
        let client = clientCPU.map { String(format: "%.0f%%", $0 * 100) } ?? "-"
        let other = otherCPU.map { String(format: "%.0f%%", max(0, $0) * 100) } ?? "-"
        return numbers + rss.leftPadded(9) + server.leftPadded(12) + client.leftPadded(12) + other.leftPadded(11)
    }

    let total: WindowStats
    let seconds: Double
    let connections: Int
    let reconnects: Int
    let samples: [Sample]
    let peakRSSKiB: Int?
    let serverAlive: Bool?
    /// Mean CPU use over the run, in cores: the server, this client, everything else.
    let cpu: (server: Double?, client: Double?, other: Double?)
    let quiet: QuietWindows

    /// Prints the summary; returns whether every target passed.
    func print() -> Bool {
        let latency = total.allLatency
        let p99 = latency.percentile(0.99) ?? .infinity
        line("")
        line("== summary: \(connections) connections, \(String(format: "%.0f", seconds)) s")
        let gets = Route.allCases.filter(\.isGet).reduce(0) { $0 + total.latency[$1.rawValue].total }
        line(String(format: "requests: %d (%.1f/s), GET %.1f%% / POST %.1f%%; p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.1f ms; %.2f%% within %.0f ms",
                    total.requests, Double(total.requests) / seconds,
                    percent(gets, of: total.requests), percent(total.requests - gets, of: total.requests),
                    latency.percentile(0.5) ?? 0, latency.percentile(0.9) ?? 0, p99, latency.percentile(0.999) ?? 0,
                    latency.maximumMilliseconds,
                    percent(latency.count(atMost: Self.p99TargetMilliseconds), of: latency.total), Self.p99TargetMilliseconds))
        let edges: [Double] = [5, 10, 20, 50, 100, 200, 500]
        var below = 0
        var shares: [String] = []
        for edge in edges {
            let upTo = latency.count(atMost: edge)
            shares.append(String(format: "≤%.0f ms %.2f%%", edge, percent(upTo - below, of: latency.total)))
            below = upTo
        }
        shares.append(String(format: ">%.0f ms %.2f%%", edges.last!, percent(latency.total - below, of: latency.total)))
        line("latency distribution: " + shares.joined(separator: ", "))
        let actionCount = total.actions.values.reduce(0, +)
        line("actions: " + total.actions.sorted { $0.value > $1.value }
            .map { $0.key + String(format: " %.1f%%", percent($0.value, of: actionCount)) }.joined(separator: ", "))
        line("connections opened beyond the first per user: \(reconnects)")
        let cores = cpu.server.map { String(format: "server %.0f%%", $0 * 100) } ?? "server -"
        line(cores + String(format: ", SoakBenchmark %.0f%%, other processes %.0f%% (mean CPU, 100%% = one core)",
                            (cpu.client ?? 0) * 100, max(0, cpu.other ?? 0) * 100))
        let quietLatency = quiet.stats.allLatency
        line(String(format: "quiet windows (other processes < %.0f%% of a core): %d of %d", QuietWindows.otherCPULimit * 100, quiet.windows, quiet.count)
            + (quiet.windows == 0 ? "" : String(
                format: ": %.1f req/s, p50 %.2f ms, p99 %.2f ms, max %.1f ms (for information; the target is over the whole run)",
                Double(quiet.stats.requests) / max(quiet.seconds, 0.001), quietLatency.percentile(0.5) ?? 0,
                quietLatency.percentile(0.99) ?? 0, quietLatency.maximumMilliseconds)))

        line("")
        line("route                              requests    p50 ms    p99 ms    max ms  statuses")
        for route in Route.allCases where total.latency[route.rawValue].total > 0 {
            let histogram = total.latency[route.rawValue]
            let statuses = total.statuses.filter { $0.key.route == route }.sorted { $0.key < $1.key }
                .map { "\($0.key.status == 0 ? "none" : String($0.key.status))×\($0.value)" }.joined(separator: " ")
            line(route.label.rightPadded(34) + String(
                format: " %9d %9.2f %9.2f %9.1f  ", histogram.total,
                histogram.percentile(0.5) ?? 0, histogram.percentile(0.99) ?? 0, histogram.maximumMilliseconds) + statuses)
        }

        tallies("expected outcomes of concurrent users (not errors)", total.expectedTallies)
        tallies("errors", total.errorTallies)

        line("")
        let rss = rssVerdict()
        line("RSS every minute (MB): " + minuteRSS().map { String(format: "%.1f", $0) }.joined(separator: " "))
        if let peakRSSKiB { line(String(format: "server peak RSS (VmHWM): %.1f MB", Double(peakRSSKiB) / 1024)) }

        line("")
        line("targets:")
        var passed = true
        func target(_ ok: Bool?, _ text: String) {
            line("  \(ok.map { $0 ? "PASS" : "FAIL" } ?? "SKIP")  \(text)")
            if ok == false { passed = false }
        }
        target(total.errors == 0, "0 errors (transport, unexpected status, broken flow): \(total.errors)")
        target(total.serverErrors == 0, "0 5xx: \(total.serverErrors)")
        target(rss.ok, rss.text)
        target(p99 < Self.p99TargetMilliseconds, String(format: "p99 < %.0f ms: %.2f ms", Self.p99TargetMilliseconds, p99))
        if let serverAlive { target(serverAlive, "server still running at the end") }
        return passed
    }

    /// Mean RSS over the second minute against the last minute.
    private func rssVerdict() -> (ok: Bool?, text: String) {
        let label = "RSS flat: last minute within \(Int(Self.rssTolerance * 100))% of the second minute"
        guard seconds >= 180 else { return (nil, "\(label) (needs a run of 3 minutes or more)") }
        guard let second = mean(from: 60, to: 120), let last = mean(from: seconds - 60, to: seconds) else {
            return (false, "\(label): no RSS samples (pass --pid)")
        }
        let change = (last - second) / second
        let ok = abs(change) <= Self.rssTolerance
        return (ok, label + String(format: ": %.1f MB vs %.1f MB (%+.1f%%)", last / 1024, second / 1024, change * 100))
    }

    /// Mean RSS (KiB) of the samples taken in (from, to].
    private func mean(from: Double, to: Double) -> Double? {
        let values = samples.filter { $0.seconds > from + 0.5 && $0.seconds <= to + 0.5 }.map { Double($0.rssKiB) }
        return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The last sample of each minute, in MB.
    private func minuteRSS() -> [Double] {
        var byMinute: [Int: Int] = [:]
        for sample in samples { byMinute[Int((sample.seconds - 0.5) / 60)] = sample.rssKiB }
        return byMinute.keys.sorted().map { Double(byMinute[$0]!) / 1024 }
    }

    private func tallies(_ title: String, _ tallies: [String: WindowStats.Tally]) {
        line("")
        let count = tallies.values.reduce(0) { $0 + $1.count }
        line("\(title): \(count == 0 ? "none" : String(count))")
        for (key, tally) in tallies.sorted(by: { $0.value.count > $1.value.count }) {
            line(String(tally.count).leftPadded(8) + "  " + key)
            for example in tally.examples { line("          e.g. \(example)") }
        }
    }

    private func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 0 : Double(part) * 100 / Double(whole)
    }

    private func line(_ text: String) {
        Swift.print(text)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func rightPadded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
