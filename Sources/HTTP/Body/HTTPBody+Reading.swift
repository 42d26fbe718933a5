import Glibc

extension HTTPBody {
    /// `count` bytes from `offset` of the body, copied into memory: a spool file is read with
    /// pread(2), never mapped, so that reading a large upload piece by piece keeps only the piece
    /// in the process's memory (a mapping's pages count in its RSS until it is unmapped).
    ///
    /// ```swift
    /// var offset = 0
    /// while offset < body.count {
    ///     let piece = try body.read(offset: offset, count: min(262_144, body.count - offset))
    ///     hasher.update(piece)
    ///     offset += piece.count
    /// }
    /// ```
    ///
    /// - Throws: `HTTPError(.internalServerError)` when the spool file cannot be read, or ends early.
    public func read(offset: Int, count: Int) throws(HTTPError) -> [UInt8] {
        precondition(offset >= 0 && count >= 0 && offset <= self.count - count, "read outside the body")
        switch storage {
        case .memory(let bytes): return Array(bytes[offset..<(offset + count)])
        case .file(let file, let base): return try file.read(offset: base + offset, count: count)
        }
    }

    /// Calls `body` with the bytes in pieces of at most `pieceSize`, in order (see ``read(offset:count:)``).
    public func forEachPiece(size pieceSize: Int, _ body: ([UInt8]) throws -> Void) throws {
        precondition(pieceSize > 0, "pieces of no bytes")
        var offset = 0
        while offset < count {
            let piece = try read(offset: offset, count: min(pieceSize, count - offset))
            try body(piece)
            offset += piece.count
        }
    }
}

extension SpoolFile {
    /// `count` bytes from `offset`, with pread(2).
    func read(offset: Int, count: Int) throws(HTTPError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let failure: Int32? = bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < count {
                let got = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return got < 0 ? errno : EIO }
                done += got
            }
            return nil
        }
        if let failure {
            throw HTTPError(.internalServerError, "Cannot read the spooled request body: \(SystemCall.describe(failure))")
        }
        return bytes
    }
}
