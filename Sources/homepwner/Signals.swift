import Glibc

/// SIGTERM and SIGINT are blocked in every thread and taken synchronously with
/// sigwait on the main thread, so no code runs in a signal handler.
enum Signals {
    /// Blocks SIGINT and SIGTERM; call before any thread starts, so all inherit the mask.
    static func blockTermination() {
        var set = terminationSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for SIGINT or SIGTERM and returns its number.
    static func waitForTermination() -> Int32 {
        var set = terminationSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func terminationSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
