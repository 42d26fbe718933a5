import Glibc

/// A temporary directory with static files, a large file, a secret outside the root and
/// a symlink that points at it. Removed on `remove()`.
struct StaticFixture {
    let base: String
    var root: String { base + "/public" }
    static let secret = "TOP-SECRET-OUTSIDE-ROOT"
    static let large: [UInt8] = (0..<(300 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    init() {
        var template = Array("/tmp/homepwner-http-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        base = String(cString: made!)
        mkdir(root, 0o755)
        mkdir(root + "/css", 0o755)
        mkdir(root + "/empty-dir", 0o755)
        write(root + "/hello.txt", Array("Hello, static world!\n".utf8))
        write(root + "/css/site.css", Array("body { color: black }\n".utf8))
        write(root + "/big.bin", Self.large)
        write(root + "/.hidden", Array("hidden".utf8))
        write(base + "/secret.txt", Array(Self.secret.utf8))
        symlink(base + "/secret.txt", root + "/link-out.txt")
        symlink(root + "/hello.txt", root + "/link-in.txt")
    }

    func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func remove() {
        for name in ["hello.txt", "css/site.css", "big.bin", ".hidden", "link-out.txt", "link-in.txt"] {
            unlink(root + "/" + name)
        }
        rmdir(root + "/css")
        rmdir(root + "/empty-dir")
        rmdir(root)
        unlink(base + "/secret.txt")
        rmdir(base)
    }
}
