import CLinuxShim
import Dispatch
import Glibc
import Synchronization

/// The threads of one ``WorkPool``: the loops hand them whole requests and get the responses
/// back, so a flood of slow requests queues here instead of stalling every other client. The
/// queue is bounded; beyond it a request is refused at once (the server answers 503 with
/// `Retry-After`).
///
/// The threads run at the pool's niceness, usually below the loops, so that pages keep being
/// served while they are busy.
final class BlockingWorkPool: Sendable {
    typealias Job = @Sendable () -> Void

    private let jobs = Mutex<[Job]>([])
    private let available = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    let threadCount: Int
    let queueLimit: Int
    let niceness: Int32

    init(_ pool: WorkPool) {
        threadCount = pool.threads
        queueLimit = pool.queueLimit
        niceness = pool.niceness
    }

    /// Starts the threads. - Returns: false if a thread could not be created.
    func start() -> Bool {
        for _ in 0..<threadCount {
            guard LoopThread.spawn({ [self] in work() }) else { return false }
        }
        return true
    }

    /// Queues `job`; false (and nothing queued) when the queue is full or the pool is stopping.
    func submit(_ job: @escaping Job) -> Bool {
        let accepted = jobs.withLock { jobs in
            guard !stopping.load(ordering: .relaxed), jobs.count < queueLimit else { return false }
            jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Lets the threads finish what is queued, then end.
    func stop() {
        stopping.store(true, ordering: .releasing)
        for _ in 0..<threadCount { available.signal() }
    }

    private func work() {
        _ = shim_set_thread_nice(niceness)
        while true {
            available.wait()
            let job = jobs.withLock { jobs in jobs.isEmpty ? nil : jobs.removeFirst() }
            if let job {
                job()
            } else if stopping.load(ordering: .acquiring) {
                return
            }
        }
    }
}
