// The soak benchmark (not a test; issue 9): N virtual users, one keep-alive connection
// and one thread each, doing the realistic mix against a running homepwner for M
// minutes. Prints requests/s, p50/p99, errors, 5xx, expected conflicts and the server's
// RSS every window, then the targets: 0 errors, 0 5xx, RSS flat, p99 < 50 ms.
//
//   Benchmarks/soak.sh [minutes]     # builds, starts a fresh server, runs this
//   SoakBenchmark --port 8080 --pid $(pgrep -n homepwner) --minutes 10
//
// Exit status: 0 when every target passed, 1 when one failed, 2 when the run could not start.
import Dispatch
import Foundation
import Synchronization

/// Set once the run's time is up; users finish the action in progress and stop.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}

enum SoakBenchmark {
    static func run() -> Int32 {
        let options: SoakOptions
        do {
            options = try SoakOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            print("SoakBenchmark: \(error)\n\n\(SoakOptions.usage)")
            return 2
        }
        if options.showHelp {
            print(SoakOptions.usage)
            return 0
        }
        let server = options.serverPID.map { ProcessProbe(pid: $0) }
        let client = ProcessProbe(pid: getpid())

        // Prepare: count the items, give some a photo.
        let seedStats = StatsCell()
        let seeder = VirtualUser(number: options.connections, host: options.host, port: options.port, seed: options.randomSeed, stats: seedStats)
        let itemCount: Int
        var photoURLs: [String] = []
        let session: String
        do {
            try seeder.signIn(username: options.username, password: options.password)
            session = seeder.cookieHeader ?? ""
            let keys = try seeder.listAllItems()
            itemCount = keys.count
            let sizes = [(320, 240), (240, 320), (400, 300), (200, 150), (160, 120), (128, 128)]
            let step = max(1, keys.count / max(1, options.photos))
            for (number, key) in keys.enumerated() where number % step == 0 && photoURLs.count < options.photos {
                let (width, height) = sizes[photoURLs.count % sizes.count]
                let image = PNGImage.make(width: width, height: height, seed: UInt8(truncatingIfNeeded: number))
                photoURLs.append(try seeder.givePhoto(image, filename: "photo-\(number).png", toItem: key))
            }
        } catch {
            print("SoakBenchmark: preparing the data failed: \(error)")
            printTallies(seedStats.take())
            return 2
        }
        seeder.leave()
        let prepared = seedStats.take()
        guard prepared.errors == 0 else {
            print("SoakBenchmark: preparing the data failed")
            printTallies(prepared)
            return 2
        }
        let minutes = Double(options.duration.components.seconds) / 60
        print("SoakBenchmark: \(options.connections) users on http://\(options.host):\(options.port) for \(String(format: "%g", minutes)) min; "
            + "\(itemCount) items, \(photoURLs.count) given photos; report every \(options.interval.components.seconds) s")
        print(SoakReport.windowHeader)
        fflush(nil)

        // Run.
        let cells = (0..<options.connections).map { _ in StatsCell() }
        let stop = StopFlag()
        let connects = Mutex(0)
        let finished = DispatchGroup()
        let urls = photoURLs
        // Every user is a tab of the same signed-in household (sign-in is not part of the mix).
        for number in 0..<options.connections {
            finished.enter()
            let cell = cells[number]
            let thread = Thread {
                let user = VirtualUser(number: number, host: options.host, port: options.port, seed: options.randomSeed, stats: cell)
                user.adoptCookies(session)
                user.photoURLs = urls
                user.stableCount = itemCount
                user.run { stop.isSet }
                connects.withLock { $0 += user.connects }
                finished.leave()
            }
            thread.start()
        }

        let clock = ContinuousClock()
        let start = clock.now
        let end = start + options.duration
        var total = WindowStats()
        var samples: [SoakReport.Sample] = []
        var windowStart = start
        var lastServerCPU = server?.cpuSeconds()
        var lastClientCPU = client.cpuSeconds()
        var lastMachineCPU = ProcessProbe.machineBusySeconds()
        var windowNumber = 1
        var cpuShares: [(server: Double?, client: Double?, other: Double?, seconds: Double)] = []
        var quiet = SoakReport.QuietWindows()
        while true {
            let wake = min(start + options.interval * windowNumber, end)
            while clock.now < wake { usleep(UInt32(min(100_000, max(1_000, (wake - clock.now).microseconds)))) }
            let isLast = wake >= end
            if isLast {
                stop.set()
                finished.wait()
            }
            let now = clock.now
            var window = WindowStats()
            for cell in cells { window.merge(cell.take()) }
            let elapsed = (now - windowStart).seconds
            let seconds = (now - start).seconds
            let rss = server?.memory()?.rss
            if let rss { samples.append(.init(seconds: seconds, rssKiB: rss)) }
            let serverCPU = server?.cpuSeconds()
            let clientCPU = client.cpuSeconds()
            let machineCPU = ProcessProbe.machineBusySeconds()
            let serverShare = zip(serverCPU, lastServerCPU).map { ($0 - $1) / elapsed }
            let clientShare = zip(clientCPU, lastClientCPU).map { ($0 - $1) / elapsed }
            let otherShare = zip(machineCPU, lastMachineCPU).map { ($0 - $1) / elapsed - (serverShare ?? 0) - (clientShare ?? 0) }
            cpuShares.append((serverShare, clientShare, otherShare, elapsed))
            print(SoakReport.windowLine(
                seconds: seconds, window: window, elapsed: elapsed, rssKiB: rss,
                serverCPU: serverShare, clientCPU: clientShare, otherCPU: otherShare))
            fflush(nil)  // a line per window even when stdout is a pipe
            total.merge(window)
            quiet.count += 1
            if let otherShare, otherShare < SoakReport.QuietWindows.otherCPULimit {
                quiet.stats.merge(window)
                quiet.windows += 1
                quiet.seconds += elapsed
            }
            lastServerCPU = serverCPU
            lastClientCPU = clientCPU
            lastMachineCPU = machineCPU
            windowStart = now
            windowNumber += 1
            if isLast { break }
        }

        let report = SoakReport(
            total: total, seconds: (clock.now - start).seconds, connections: options.connections,
            reconnects: connects.withLock { $0 } - options.connections, samples: samples,
            peakRSSKiB: server?.memory()?.peak, serverAlive: server.map { $0.memory() != nil },
            cpu: (mean(cpuShares.map { ($0.server, $0.seconds) }), mean(cpuShares.map { ($0.client, $0.seconds) }),
                  mean(cpuShares.map { ($0.other, $0.seconds) })),
            quiet: quiet)
        return report.print() ? 0 : 1
    }

    private static func printTallies(_ stats: WindowStats) {
        for (key, tally) in stats.errorTallies {
            print("  \(tally.count)× \(key)")
            for example in tally.examples { print("      e.g. \(example)") }
        }
    }
}

/// The time-weighted mean of per-window values; nil if any is missing.
private func mean(_ values: [(Double?, Double)]) -> Double? {
    var sum = 0.0, weight = 0.0
    for (value, seconds) in values {
        guard let value else { return nil }
        sum += value * seconds
        weight += seconds
    }
    return weight > 0 ? sum / weight : nil
}

private func zip(_ a: Double?, _ b: Double?) -> (Double, Double)? {
    guard let a, let b else { return nil }
    return (a, b)
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    var microseconds: Int {
        Int(components.seconds) * 1_000_000 + Int(components.attoseconds / 1_000_000_000_000)
    }
}

exit(SoakBenchmark.run())
