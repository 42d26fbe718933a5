import HTTP

/// Collects a response body in a ``SpoolFile``, written in 64 KiB steps: a page or export of
/// any length is sent with a `Content-Length` while memory stays flat.
///
/// ```swift
/// var writer = try SpoolWriter(directory: dataDirectory)
/// try writer.append(head)
/// for row in rows { try library.render("row", row, into: &writer.buffer); try writer.flushIfFull() }
/// let body = try writer.finish()
/// ```
struct SpoolWriter {
    static let step = 64 * 1024

    private let file: SpoolFile
    /// Bytes not yet written to the file; renderers may append to it directly.
    var buffer: [UInt8] = []
    /// Bytes written to the file so far.
    private var written = 0

    init(directory: String) throws {
        file = try SpoolFile(directory: directory)
        buffer.reserveCapacity(Self.step + 16 * 1024)
    }

    mutating func append(_ bytes: some Collection<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        try flushIfFull()
    }

    /// Writes the buffer out once it holds a step's worth.
    mutating func flushIfFull() throws {
        if buffer.count >= Self.step { try flush() }
    }

    /// Writes what is left and returns the whole body.
    mutating func finish() throws -> HTTPResponseBody {
        try flush()
        return .spooled(file, size: written)
    }

    private mutating func flush() throws {
        try file.write(buffer[...], at: written)
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
