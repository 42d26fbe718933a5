import Foundation
import Glibc
import Testing
@testable import Storage

@Suite("The store's file lock")
struct FileLockTests {
    /// Another reference to the lock's open file description, as a child process holds one
    /// between its fork and its exec (found through /proc/self/fd, as the kernel lists it).
    static func duplicateDescriptor(of path: String) throws -> Int32 {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let fd = Int32(entry),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
                  target == resolved || target == path
            else { continue }
            return dup(fd)
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test("Releasing an exclusive lock frees the store at once, even while a spawning child still shares its descriptor")
    func releaseUnlocksDespiteAnotherReference() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/store.lock"
            let restore = try #require(try FileLock.acquire(path, .exclusive))
            let child = try Self.duplicateDescriptor(of: path)
            defer { close(child) }
            #expect(try FileLock.acquire(path, .shared) == nil, "the restore's lock does not hold")
            restore.release()
            let store = try FileLock.acquire(path, .shared)
            #expect(store != nil, "a store could not open right after the restore released its lock")
            store?.release()
        }
    }
}
