import Glibc

/// Thin helpers over system calls used by the server.
enum SystemCall {
    /// The text of an errno value.
    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// close(2), ignoring EINTR (on Linux the descriptor is released anyway).
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Writes everything to a blocking descriptor (stderr), retrying short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
