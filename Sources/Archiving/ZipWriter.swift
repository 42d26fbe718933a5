import Foundation

/// Where a ``ZipWriter`` puts its bytes, in order: a spool file for a download, a file for
/// the command line. The archive is never held in memory.
public protocol ArchiveSink {
    mutating func write(_ bytes: ArraySlice<UInt8>) throws
}

/// Writes a ZIP file (PKWARE APPNOTE 6.3) front to back: entries stored or deflated by zlib,
/// UTF-8 names, and ZIP64 records where a size, an offset or the entry count outgrows the
/// classic fields — what Windows, macOS, `unzip` and spreadsheets' importers all open.
///
///     var zip = ZipWriter(sink: file)
///     try zip.addEntry("items.csv", modified: now, compressed: true, bytes: csv)
///     try zip.beginEntry("receipt.pdf", modified: now, compressed: true)
///     for chunk in chunks { try zip.write(chunk) }
///     try zip.endEntry()
///     let file = try zip.finish()
///
/// Only the central directory's few dozen bytes per entry are kept until ``finish()``.
public struct ZipWriter<Sink: ArchiveSink> {
    private var sink: Sink
    private var offset: UInt64 = 0
    private var entries: [Entry] = []
    private var open: OpenEntry?
    /// Sizes, offsets (and counts, up to 65,535) from this on need ZIP64; lowered by tests.
    private let zip64Threshold: UInt64

    public init(sink: Sink, zip64Threshold: UInt64 = 0xFFFF_FFFF) {
        self.sink = sink
        self.zip64Threshold = min(zip64Threshold, 0xFFFF_FFFF)
    }

    /// The number of bytes written so far.
    public var bytesWritten: UInt64 { offset }

    /// Adds a whole entry whose bytes are at hand: its size and CRC go in its local header, so
    /// even readers that stream (and cannot find the end of a stored entry) read it.
    public mutating func addEntry(_ name: String, modified: Date, compressed: Bool, bytes: [UInt8]) throws {
        guard open == nil else { throw ArchiveError.noOpenEntry }
        var crc = CRC32()
        bytes.withUnsafeBytes { crc.update($0) }
        var body: [UInt8] = []
        if compressed {
            let deflater = try Deflater()
            try bytes.withUnsafeBytes { raw in try deflater.deflate(raw, finish: true) { body.append(contentsOf: $0) } }
        }
        // Deflate that does not shrink (a JPEG) is stored instead.
        let method: UInt16 = compressed && body.count < bytes.count ? 8 : 0
        let data = method == 8 ? body : bytes
        var entry = try Entry(name: name, modified: modified, method: method, offset: offset, streamed: false)
        entry.crc = crc.value
        entry.compressedSize = UInt64(data.count)
        entry.size = UInt64(bytes.count)
        try emit(entry.localHeader(zip64Threshold: zip64Threshold))
        try emit(data[...])
        entries.append(entry)
    }

    /// Starts an entry whose bytes come in pieces (``write(_:)``), deflated; its CRC and sizes
    /// follow it in a data descriptor.
    public mutating func beginEntry(_ name: String, modified: Date) throws {
        guard open == nil else { throw ArchiveError.noOpenEntry }
        let entry = try Entry(name: name, modified: modified, method: 8, offset: offset, streamed: true)
        try emit(entry.localHeader(zip64Threshold: zip64Threshold))
        open = OpenEntry(entry: entry, deflater: try Deflater())
    }

    /// The next piece of the open entry.
    public mutating func write(_ bytes: ArraySlice<UInt8>) throws {
        guard let current = open else { throw ArchiveError.noOpenEntry }
        current.crc.update(bytes)
        current.size += UInt64(bytes.count)
        try bytes.withUnsafeBytes { raw in
            try current.deflater.deflate(raw, finish: false) { try emitCompressed($0, into: current) }
        }
    }

    /// Ends the open entry: the rest of its deflate stream, then its data descriptor.
    public mutating func endEntry() throws {
        guard let current = open else { throw ArchiveError.noOpenEntry }
        try current.deflater.deflate(UnsafeRawBufferPointer(start: nil, count: 0), finish: true) { try emitCompressed($0, into: current) }
        var entry = current.entry
        entry.crc = current.crc.value
        entry.size = current.size
        entry.compressedSize = current.compressedSize
        try emit(entry.dataDescriptor(zip64Threshold: zip64Threshold))
        entries.append(entry)
        open = nil
    }

    /// Writes the central directory and its end records; returns the sink.
    public mutating func finish() throws -> Sink {
        if open != nil { try endEntry() }
        let directoryStart = offset
        for entry in entries { try emit(entry.centralHeader(zip64Threshold: zip64Threshold)) }
        try emit(ZipRecords.end(entryCount: UInt64(entries.count), directoryStart: directoryStart,
                                directorySize: offset - directoryStart, zip64Threshold: zip64Threshold))
        return sink
    }

    private mutating func emit(_ bytes: ArraySlice<UInt8>) throws {
        try sink.write(bytes)
        offset += UInt64(bytes.count)
    }

    private mutating func emit(_ bytes: [UInt8]) throws { try emit(bytes[...]) }

    private mutating func emitCompressed(_ bytes: ArraySlice<UInt8>, into current: OpenEntry) throws {
        current.compressedSize += UInt64(bytes.count)
        try emit(bytes)
    }

    /// The entry being streamed: its running CRC and sizes (a class, so the deflater's output
    /// closure can count into it).
    private final class OpenEntry {
        let entry: Entry
        let deflater: Deflater
        var crc = CRC32()
        var size: UInt64 = 0
        var compressedSize: UInt64 = 0

        init(entry: Entry, deflater: Deflater) {
            self.entry = entry
            self.deflater = deflater
        }
    }
}

extension CRC32 {
    mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }
}
