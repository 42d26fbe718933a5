/// A file to add as a document, read in pieces from wherever it is (a request's spool file):
/// never the whole file in memory.
public struct DocumentUpload {
    public var kind: DocumentKind
    /// What the member called it (the App gives the cleaned file name when they did not).
    public var title: String
    /// The uploaded file's name, cleaned.
    public var fileName: String
    public let byteCount: Int
    /// `count` bytes from `offset`.
    let read: (_ offset: Int, _ count: Int) throws -> [UInt8]

    public init(kind: DocumentKind, title: String, fileName: String, byteCount: Int,
                read: @escaping (_ offset: Int, _ count: Int) throws -> [UInt8]) {
        self.kind = kind
        self.title = title
        self.fileName = fileName
        self.byteCount = byteCount
        self.read = read
    }

    /// An upload already in memory (tests, small files).
    public init(kind: DocumentKind, title: String, fileName: String, bytes: [UInt8]) {
        self.init(kind: kind, title: title, fileName: fileName, byteCount: bytes.count) { offset, count in
            Array(bytes[offset..<(offset + count)])
        }
    }

    /// Calls `body` with the bytes in pieces of `size` (the last one shorter), in order.
    func forEachPiece(size: Int, _ body: (_ index: Int, _ piece: [UInt8]) throws -> Void) throws {
        var offset = 0, index = 0
        while offset < byteCount {
            let count = min(size, byteCount - offset)
            let piece = try read(offset, count)
            // A source that gives less than asked would store a document shorter than its size.
            guard piece.count == count else { throw DocumentProblem.unreadable }
            try body(index, piece)
            offset += count
            index += 1
        }
    }
}
