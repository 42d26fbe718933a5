import Glibc

/// Descriptor counting, to prove that error paths leak nothing.
public enum FileDescriptors {
    /// How many descriptors this process has open (entries of /proc/self/fd).
    public static func openCount() -> Int {
        links().count
    }

    /// How many of this process's sockets have `port` as their local port: the server's
    /// listener and accepted connections, not clients. Safe with tests running in parallel,
    /// since each test server has its own port.
    public static func serverSocketCount(port: Int) -> Int {
        var inodes = Set<String>()
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = readText(table) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ", omittingEmptySubsequences: true)
                guard columns.count > 9, let colon = columns[1].lastIndex(of: ":"),
                    Int(columns[1][columns[1].index(after: colon)...], radix: 16) == port
                else { continue }
                inodes.insert(String(columns[9]))
            }
        }
        return links().filter { link in
            link.hasPrefix("socket:[") && inodes.contains(String(link.dropFirst(8).dropLast()))
        }.count
    }

    static func links() -> [String] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        var links: [String] = []
        for name in names {
            var buffer = [CChar](repeating: 0, count: 256)
            let count = readlink("/proc/self/fd/\(name)", &buffer, 255)
            if count > 0 {
                links.append(String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        return links
    }

    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
