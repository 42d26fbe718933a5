import CZlib

/// Raw deflate (RFC 1951, no zlib or gzip wrapper, as ZIP wants it) from the system's zlib,
/// fed in pieces: the input is never held whole.
final class Deflater {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    init(level: Int32 = 6) throws(ArchiveError) {
        let status = czlib_deflate_init_raw(&stream, level)
        guard status == Z_OK else { throw .compression(status) }
    }

    deinit { deflateEnd(&stream) }

    /// Compresses `bytes`; `finish` ends the stream. Output goes to `emit` as it is made.
    func deflate(_ bytes: UnsafeRawBufferPointer, finish: Bool, emit: (ArraySlice<UInt8>) throws -> Void) throws {
        stream.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(bytes.count)
        let flush = finish ? Z_FINISH : Z_NO_FLUSH
        while true {
            let produced: Int = try output.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                let status = CZlib.deflate(&stream, flush)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw ArchiveError.compression(status) }
                return buffer.count - Int(stream.avail_out)
            }
            if produced > 0 { try emit(output[..<produced]) }
            // Done once zlib keeps room to spare: all input taken and (finishing) all flushed.
            if stream.avail_out > 0 && stream.avail_in == 0 { break }
        }
        stream.next_in = nil
    }
}

/// CRC-32 (ISO 3309, as ZIP uses it) from zlib, updated piece by piece.
struct CRC32 {
    private(set) var value: UInt32 = 0

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.bindMemory(to: Bytef.self).baseAddress, !bytes.isEmpty else { return }
        value = UInt32(crc32(uLong(value), base, uInt(bytes.count)))
    }
}
