import Dispatch
import Storage

/// Streams end with their session, however it ends. This process's own controllers close them
/// at once (sign-out, "Sign out everywhere", a session ended from the account page, a member
/// removed); the sweep here finds the rest: a session that expired (idle or past its absolute
/// lifetime) and a session row deleted by anyone else — the `homepwner users` command beside a
/// running server, or another instance on the same database revoking it.
extension LiveEvents {
    /// How often the sweep looks: a session revoked elsewhere loses its streams within this.
    static let sessionSweepInterval: Duration = .seconds(5)

    /// Looks up every open stream's session in one read (``AccountStore/liveSessions(among:)``:
    /// read-only, it neither marks a session used nor extends it) and closes the streams of
    /// those that are gone or expired. A stream added meanwhile waits for the next sweep; a
    /// failed read closes nothing.
    func sweepSessions() {
        guard let sessions else { return }
        let open = listeners.withLock { listeners in Set(listeners.values.compactMap(\.digest)) }
        guard !open.isEmpty else { return }
        let live: Set<[UInt8]>
        do {
            live = try sessions.liveSessions(among: open)
        } catch {
            if !sweepFailing.exchange(true, ordering: .relaxed) {
                log("error: cannot check the sessions of open /events streams (they stay open until it can): \(error)")
            }
            return
        }
        sweepFailing.store(false, ordering: .relaxed)
        close { listener in listener.digest.map { open.contains($0) && !live.contains($0) } ?? false }
    }

    /// Runs ``sweepSessions()`` every `sessionSweepInterval` until ``closeAll()``, off the queue
    /// that sends events (a slow read never delays them).
    func scheduleSessionSweep() {
        let delay = DispatchTimeInterval.nanoseconds(Int(sessionSweepInterval.components.seconds) * 1_000_000_000
            + Int(sessionSweepInterval.components.attoseconds / 1_000_000_000))
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, !self.stopped.load(ordering: .acquiring) else { return }
            self.sweepSessions()
            self.scheduleSessionSweep()
        }
    }
}
