/// What a verified snapshot holds: the counts printed after a backup or a restore.
public struct BackupSummary: Sendable, Equatable, CustomStringConvertible {
    public var items = 0
    public var deletedItems = 0
    public var photos = 0
    public var thumbnails = 0
    public var documents = 0
    public var historyEntries = 0
    public var accounts = 0
    /// `PRAGMA user_version` of the file.
    public var schemaVersion = 0
    /// The file's size in bytes.
    public var bytes: Int64 = 0

    public init() {}

    public var description: String {
        "\(items) items, \(deletedItems) recently deleted, \(photos) photos, \(thumbnails) thumbnails, \(documents) documents, "
            + "\(historyEntries) history entries, \(accounts) accounts; \(Self.size(bytes))"
    }

    /// `bytes` in MiB with one decimal (or bytes when small).
    static func size(_ bytes: Int64) -> String {
        guard bytes >= 1_048_576 else { return "\(bytes) bytes" }
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
