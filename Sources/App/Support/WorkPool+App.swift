import Foundation
import HTTP

/// Where the app's routes run when not on an event loop (issue 21: no event loop ever waits
/// for a lock, a decode or a hash). Each kind of slow work has its own threads and queue, so
/// none can starve another: a flood of reports never delays a sign-in, a pile of photo
/// uploads never delays an edit.
extension WorkPool {
    /// Password hashing (sign-in, setup, a password change, joining): its own threads, above
    /// the member jobs below in the scheduler's eyes, and nothing else ever runs there.
    static let passwords = WorkPool("passwords", threads: 2, queueLimit: 64, niceness: 5)

    /// Reports, CSV export and import, backups: long, one at a time per member
    /// (``MemberJobs``), and last in line for the CPU.
    static let memberJobs = WorkPool("member jobs", threads: 2, queueLimit: 16, niceness: 15)

    /// Requests that carry a photo to decode (a dialog's Upload or Done with a photo chosen,
    /// chosen by ``PhotoSubmissions``; the API's photo upload): two at a time, below the loops.
    static let photos = WorkPool("photos", threads: 2, queueLimit: 64, niceness: 10)

    /// Every other write: quick, but it may wait for the database's one writer (an import's
    /// chunk, a photo being stored), and that wait must never be an event loop's.
    static let writes = WorkPool("writes", threads: 4, queueLimit: 256, niceness: 0)
}

extension WorkPool {
    /// PostgreSQL only: every page and API read, which waits on the network for the database
    /// (and for the catch-up read of ``SharedStateSync``). Twice the cores, as most of a thread's
    /// time there is spent waiting; the queue is as deep as the connections the loops keep.
    /// On SQLite reads take microseconds from a file and stay on the event loops.
    static let reads = WorkPool(
        "reads", threads: min(16, max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)), queueLimit: 1024, niceness: 0)
}
