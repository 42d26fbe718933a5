import Foundation
import Synchronization

/// Logs "database unavailable" once per ten seconds, with how many requests met it meanwhile:
/// a PostgreSQL restart under load would otherwise write a line per refused request.
final class UnavailableLog: Sendable {
    static let interval: TimeInterval = 10
    private let state = Mutex<(lastLogged: Date?, unlogged: Int)>((nil, 0))
    private let log: @Sendable (String) -> Void

    init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    func record(_ request: String, _ message: String, at now: Date = Date()) {
        let unlogged: Int? = state.withLock { state in
            if let last = state.lastLogged, now.timeIntervalSince(last) < Self.interval {
                state.unlogged += 1
                return nil
            }
            defer { state = (now, 0) }
            return state.unlogged
        }
        guard let unlogged else { return }
        let more = unlogged > 0 ? " (and \(unlogged) more requests answered 503 since the last line)" : ""
        log("error: \(request): database unavailable, answered 503: \(message)\(more)")
    }
}
