/// A request body (or a part of one): bytes in memory, or a range of a spool file when
/// it was too large to keep in memory (`HTTPLimits.inMemoryBodyLimit`).
///
/// ```swift
/// let size = request.body.count
/// let bytes = try request.body.bytes()          // a copy in memory
/// try request.body.withUnsafeBytes { hash($0) }  // no copy; a file is mapped
/// ```
public struct HTTPBody: Sendable, ExpressibleByArrayLiteral {
    enum Storage: Sendable {
        case memory([UInt8])
        case file(SpoolFile, offset: Int)
    }

    let storage: Storage
    /// The number of bytes.
    public let count: Int

    public static let empty = HTTPBody([])

    public init(_ bytes: [UInt8]) {
        storage = .memory(bytes)
        count = bytes.count
    }

    public init(arrayLiteral elements: UInt8...) {
        self.init(elements)
    }

    init(file: SpoolFile, offset: Int, count: Int) {
        storage = .file(file, offset: offset)
        self.count = count
    }

    public var isEmpty: Bool { count == 0 }

    /// Whether the bytes are in a spool file rather than in memory.
    public var isSpooled: Bool {
        if case .file = storage { return true }
        return false
    }

    /// Calls `body` with the bytes, without copying (a spool file is mapped read-only).
    ///
    /// - Throws: what `body` throws, or `HTTPError(.internalServerError)` if a spool file cannot be mapped.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        switch storage {
        case .memory(let bytes): try bytes.withUnsafeBytes(body)
        case .file(let file, let offset): try file.withMappedBytes(offset: offset, count: count, body)
        }
    }

    /// The bytes as an array in memory.
    public func bytes() throws -> [UInt8] {
        if case .memory(let bytes) = storage { return bytes }
        return try withUnsafeBytes { Array($0) }
    }

    /// `count` bytes from `offset` of this body, sharing its storage (no copy of a spool file).
    public func slice(offset: Int, count: Int) -> HTTPBody {
        precondition(offset >= 0 && count >= 0 && offset <= self.count - count, "slice outside the body")
        switch storage {
        case .memory(let bytes): return HTTPBody(Array(bytes[offset..<(offset + count)]))
        case .file(let file, let base): return HTTPBody(file: file, offset: base + offset, count: count)
        }
    }
}

extension HTTPBody: Equatable {
    /// Compares the bytes (spool files are read); for tests.
    public static func == (lhs: HTTPBody, rhs: HTTPBody) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let left = try? lhs.bytes(), right = try? rhs.bytes()
        return left != nil && left == right
    }
}
