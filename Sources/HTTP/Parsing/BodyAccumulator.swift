/// Collects a request body as the parser takes it: in memory up to
/// `HTTPLimits.inMemoryBodyLimit`, then in a spool file, so a large upload never sits
/// whole in memory.
struct BodyAccumulator: Sendable {
    private(set) var memory: [UInt8] = []
    private var file: SpoolFile? = nil
    private(set) var count = 0

    /// Bytes of this body held in memory.
    var bytesInMemory: Int { memory.count }

    /// Reserves memory for a body of known size when it will stay in memory.
    mutating func expect(_ length: Int, inMemoryLimit: Int) {
        if length <= inMemoryLimit { memory.reserveCapacity(length) }
    }

    /// Appends `bytes`, moving to a spool file in `spoolDirectory` once the body outgrows
    /// `inMemoryLimit` (with no spool directory it stays in memory; the body limit bounds it).
    mutating func append(
        _ bytes: ArraySlice<UInt8>, inMemoryLimit: Int, spoolDirectory: String?
    ) throws(HTTPParserError) {
        if file == nil, let spoolDirectory, count + bytes.count > inMemoryLimit {
            do {
                let spool = try SpoolFile(directory: spoolDirectory)
                try spool.write(memory[...], at: 0)
                file = spool
                memory = []
            } catch {
                throw .cannotSpool
            }
        }
        if let file {
            do {
                try file.write(bytes, at: count)
            } catch {
                throw .cannotSpool
            }
        } else {
            memory.append(contentsOf: bytes)
        }
        count += bytes.count
    }

    /// The finished body; the accumulator is empty again.
    mutating func finish() -> HTTPBody {
        defer { self = BodyAccumulator() }
        if let file { return HTTPBody(file: file, offset: 0, count: count) }
        return HTTPBody(memory)
    }
}
