import Glibc

/// Error and notice lines on stderr (rare; written unbuffered).
enum ServerLog {
    static func error(_ message: String) {
        SystemCall.writeAll(2, Array("[http] error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        SystemCall.writeAll(2, Array("[http] warning: \(message)\n".utf8))
    }
}
