import Foundation

/// A fresh directory per test, removed when the value goes away.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "homepwner-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names in the directory.
    public func entries() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }
}
