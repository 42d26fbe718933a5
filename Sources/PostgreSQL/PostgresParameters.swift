/// The `$n` values of one statement laid out as libpq takes them: a type, a format and a length
/// per parameter, and a pointer to each value's bytes.
///
/// Numbers, booleans and text live in one small buffer made here. A `.bytes` value is not copied:
/// its array's own storage is pinned while libpq copies it into its output buffer, so a 256 KiB
/// chunk is copied once, by libpq, on its way to the socket.
struct PostgresParameters {
    let values: [PostgresValue]
    let types: [PostgresType]
    let formats: [Int32]
    let lengths: [Int32]
    /// Binary numbers and NUL-terminated text, back to back.
    private let storage: [UInt8]
    /// Where each value starts in `storage`; nil for NULL and for `.bytes`.
    private let offsets: [Int?]

    /// - Throws: ``PostgresError/Kind/invalidArgument`` for text containing NUL (PostgreSQL text
    ///   cannot hold it, and libpq would cut the value short at it) or a value over 1 GiB.
    init(_ values: [PostgresValue]) throws(PostgresError) {
        guard values.count <= Int(UInt16.max) else {
            throw PostgresError(kind: .invalidArgument, message: "a statement takes at most 65535 parameters, not \(values.count)")
        }
        self.values = values
        types = values.map(\.type)
        var storage: [UInt8] = []
        var offsets: [Int?] = []
        var formats: [Int32] = []
        var lengths: [Int32] = []
        for (index, value) in values.enumerated() {
            let start = storage.count
            switch value {
            case .null:
                offsets.append(nil)
            case .integer(let integer):
                withUnsafeBytes(of: integer.bigEndian) { storage.append(contentsOf: $0) }
                offsets.append(start)
            case .double(let double):
                withUnsafeBytes(of: double.bitPattern.bigEndian) { storage.append(contentsOf: $0) }
                offsets.append(start)
            case .bool(let bool):
                storage.append(bool ? 1 : 0)
                offsets.append(start)
            case .text(let text):
                let utf8 = text.utf8
                guard !utf8.contains(0) else {
                    // The value itself is never quoted in an error.
                    throw PostgresError(kind: .invalidArgument, message: "parameter $\(index + 1) contains a NUL character, which PostgreSQL text cannot hold")
                }
                storage.append(contentsOf: utf8)
                storage.append(0)
                offsets.append(start)
            case .bytes(let bytes):
                guard bytes.count < 1 << 30 else {
                    throw PostgresError(kind: .invalidArgument, message: "parameter $\(index + 1) is over PostgreSQL's 1 GiB limit for a value")
                }
                offsets.append(nil)
            }
            formats.append(value.type == .unspecified ? 0 : 1)
            if case .bytes(let bytes) = value {
                lengths.append(Int32(bytes.count))
            } else {
                lengths.append(Int32(storage.count - start))
            }
        }
        self.storage = storage
        self.offsets = offsets
        self.formats = formats
        self.lengths = lengths
    }

    /// Calls `body` with a pointer per value (nil for NULL), valid only during the call.
    func withValuePointers<Result>(_ body: ([UnsafePointer<CChar>?]) throws(PostgresError) -> Result) throws(PostgresError) -> Result {
        var pointers = [UnsafePointer<CChar>?](repeating: nil, count: values.count)
        // `withUnsafeBytes` rethrows untyped errors, hence the Swift.Result in between.
        return try storage.withUnsafeBytes { buffer in
            for (index, offset) in offsets.enumerated() {
                if let offset, let base = buffer.baseAddress {
                    pointers[index] = (base + offset).assumingMemoryBound(to: CChar.self)
                }
            }
            return Swift.Result { () throws(PostgresError) in try pinningBytes(from: 0, &pointers, body) }
        }.get()
    }

    /// Pins the `.bytes` values from `index` on, one closure inside the other, then calls `body`.
    private func pinningBytes<Result>(from index: Int, _ pointers: inout [UnsafePointer<CChar>?],
                                      _ body: ([UnsafePointer<CChar>?]) throws(PostgresError) -> Result) throws(PostgresError) -> Result {
        var next = index
        while next < values.count {
            if case .bytes = values[next] { break }
            next += 1
        }
        guard next < values.count, case .bytes(let bytes) = values[next] else { return try body(pointers) }
        return try bytes.withUnsafeBytes { buffer in
            // An empty bytea still needs a pointer: a nil one would send NULL.
            pointers[next] = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) ?? Self.empty
            return Swift.Result { () throws(PostgresError) in try pinningBytes(from: next + 1, &pointers, body) }
        }.get()
    }

    /// A valid address for a zero-length value.
    private static var empty: UnsafePointer<CChar> {
        UnsafeRawPointer(StaticString("").utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// The statement cache's key: the same SQL with other parameter types is another statement.
    func statementKey(_ sql: String) -> String {
        types.isEmpty ? sql : sql + "\u{0}" + types.map { String($0.rawValue) }.joined(separator: ",")
    }
}
