import CLinuxShim
import Glibc
import Synchronization

/// A loop's mailbox: accepted connections handed over by the accepting loop (round
/// robin, so connections spread evenly), and wake-ups for shutdown. Shared between threads.
final class EventLoopInbox: Sendable {
    /// An eventfd the loop polls; writing to it wakes the loop.
    let wakeFD: Int32
    private let pending = Mutex<[Int32]>([])

    init() throws(HTTPServerError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw .cannotCreateEventLoop(reason: SystemCall.describe(errno)) }
        wakeFD = fd
    }

    /// Hands an accepted connection to the loop.
    func post(_ fd: Int32) {
        pending.withLock { $0.append(fd) }
        wake()
    }

    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Takes the connections handed over so far.
    func take() -> [Int32] {
        pending.withLock { fds in
            defer { fds.removeAll() }
            return fds
        }
    }
}
