import HTTP
import Synchronization

/// One long job (a report, an export, an import, a backup) at a time per member: a second
/// one while the first is queued or running is 429 with `Retry-After`, answered on the event
/// loop before it takes a place in the pool's queue. Without it, one member looping the
/// report could keep every thread of the pool busy.
final class MemberJobs: Sendable {
    private let running = Mutex<Set<Int64>>([])
    static let retryAfterSeconds = 5

    /// The admission check of a member job's route.
    func admit(_ request: HTTPRequest) throws -> HTTPAdmission {
        // Signed out: the access guard has answered already, unless no account exists yet
        // (first run), when there is no one to tell apart.
        guard let member = request.signedIn?.account.id else { return .queue() }
        guard begin(member) else {
            throw HTTPError(.tooManyRequests, "errorText429Job", headers: [.retryAfter: String(Self.retryAfterSeconds)])
        }
        return .queue(release: { self.end(member) })
    }

    /// Takes the member's one place; false while another job of theirs holds it.
    func begin(_ member: Int64) -> Bool {
        running.withLock { $0.insert(member).inserted }
    }

    func end(_ member: Int64) {
        _ = running.withLock { $0.remove(member) }
    }
}
