import Synchronization

/// What happened in one reporting window (or, merged, the whole run).
struct WindowStats {
    /// Latency per route, indexed by `Route.rawValue`.
    var latency = Route.allCases.map { _ in LatencyHistogram() }
    /// Responses per route and status (status 0: no response, a transport error).
    var statuses: [StatusKey: Int] = [:]
    var requests = 0
    /// Transport errors and unexpected statuses (5xx included).
    var errors = 0
    var serverErrors = 0
    /// Outcomes of concurrent users on shared data (an item deleted or changed meanwhile).
    var expected = 0
    var errorTallies: [String: Tally] = [:]
    var expectedTallies: [String: Tally] = [:]
    /// Completed actions by name ("add→Done", "delete", …).
    var actions: [String: Int] = [:]

    struct StatusKey: Hashable, Comparable {
        var route: Route
        var status: Int

        static func < (lhs: StatusKey, rhs: StatusKey) -> Bool {
            (lhs.route.rawValue, lhs.status) < (rhs.route.rawValue, rhs.status)
        }
    }

    /// A count with the first few examples (paths and what came back).
    struct Tally {
        var count = 0
        var examples: [String] = []

        static let exampleLimit = 3

        mutating func add(_ example: String) {
            count += 1
            if examples.count < Self.exampleLimit { examples.append(example) }
        }

        mutating func merge(_ other: Tally) {
            count += other.count
            examples += other.examples.prefix(Self.exampleLimit - min(Self.exampleLimit, examples.count))
        }
    }

    enum Outcome {
        case success
        /// Expected under concurrency; the reason names it in the report.
        case expected(String)
        case error(String)
    }

    mutating func record(route: Route, status: Int, microseconds: UInt64, outcome: Outcome, example: @autoclosure () -> String) {
        requests += 1
        latency[route.rawValue].record(microseconds: microseconds)
        statuses[StatusKey(route: route, status: status), default: 0] += 1
        if status >= 500 { serverErrors += 1 }
        switch outcome {
        case .success: break
        case .expected(let reason):
            expected += 1
            expectedTallies["\(status) \(route.label): \(reason)", default: Tally()].add(example())
        case .error(let reason):
            errors += 1
            errorTallies["\(status == 0 ? "no response" : String(status)) \(route.label): \(reason)", default: Tally()].add(example())
        }
    }

    /// A step whose status was right but whose page lacked what a browser needs to go on.
    mutating func flowError(route: Route, _ what: String, example: String) {
        errors += 1
        errorTallies["flow \(route.label): \(what)", default: Tally()].add(example)
    }

    /// An outcome of concurrent users that is not a single response (a row that moved
    /// between pages while the user looked for it).
    mutating func flowExpected(route: Route, _ reason: String, example: String) {
        expected += 1
        expectedTallies["flow \(route.label): \(reason)", default: Tally()].add(example)
    }

    mutating func merge(_ other: WindowStats) {
        for index in latency.indices { latency[index].merge(other.latency[index]) }
        statuses.merge(other.statuses, uniquingKeysWith: +)
        requests += other.requests
        errors += other.errors
        serverErrors += other.serverErrors
        expected += other.expected
        errorTallies.merge(other.errorTallies) { var merged = $0; merged.merge($1); return merged }
        expectedTallies.merge(other.expectedTallies) { var merged = $0; merged.merge($1); return merged }
        actions.merge(other.actions, uniquingKeysWith: +)
    }

    /// All routes' latencies together.
    var allLatency: LatencyHistogram {
        var all = LatencyHistogram()
        for histogram in latency { all.merge(histogram) }
        return all
    }
}

/// One virtual user's statistics for the current window, taken by the reporter.
final class StatsCell: Sendable {
    private let current = Mutex(WindowStats())

    func update(_ body: (inout WindowStats) -> Void) {
        current.withLock { body(&$0) }
    }

    /// The window so far; starts a new one.
    func take() -> WindowStats {
        current.withLock { stats in
            let taken = stats
            stats = WindowStats()
            return taken
        }
    }
}
