/// Why an archive could not be written.
public enum ArchiveError: Error, Equatable, Sendable {
    /// zlib refused (its status code).
    case compression(Int32)
    /// An entry was written outside ``ZipWriter/beginEntry(_:modified:compressed:)`` … ``ZipWriter/endEntry()``.
    case noOpenEntry
    /// An entry name that is empty or longer than ZIP allows (65,535 bytes of UTF-8).
    case invalidName(String)
}
