import Foundation

extension ItemStore {
    /// How an ``ItemStore`` opens its database.
    public struct Configuration: Sendable {
        /// Read-only connections for concurrent readers (the writer is one more).
        public var readers: Int = max(2, min(8, ProcessInfo.processInfo.activeProcessorCount))
        public var durability: Durability = .full
        /// "Now", for `dateCreated`, drafts' `updatedAt` and purging; tests inject a fixed clock.
        public var clock: @Sendable () -> Date = { Date() }
        /// The largest photo accepted, in bytes (10 MiB).
        public var maxPhotoBytes: Int = 10 * 1_024 * 1_024
        /// The most pixels a photo may have (50 megapixels), read from its header before any
        /// decoding: a small file can claim a huge image, and decoding it costs time and memory.
        public var maxPhotoPixels: Int = 50_000_000
        /// Drafts untouched for longer than this are purged when the store opens (24 h).
        /// `nil` keeps them until ``ItemStore/purgeDrafts(olderThan:)`` is called.
        public var purgeDraftsOnOpenOlderThan: TimeInterval? = 86_400
        /// Page cache per connection, in KiB. Small on purpose: the pages people look at are
        /// few and the file stays in the OS's cache, while each connection's cache only ever
        /// grows with the file (with 8 MiB, a ten-minute soak's RSS grew 11 %; with 2 MiB, 3 %,
        /// and every StorageBenchmark target still holds with 100,000 items).
        public var cacheSizeKiB: Int = 2_048
        /// Rows an import writes per transaction: how long other writers may wait for it.
        public var importChunkSize: Int = 1_000

        public init() {}
    }
}
