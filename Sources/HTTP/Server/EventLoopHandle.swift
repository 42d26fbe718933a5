/// Hands a loop to its thread. `@unchecked Sendable` because the loop is used by exactly
/// one thread: the one this handle is passed to; the creating thread drops it at hand-off.
struct EventLoopHandle: @unchecked Sendable {
    let loop: EventLoop
    func run() { loop.run() }
}
