import Cryptography
import Foundation
import Glibc

// Photos on PostgreSQL are served from a file, never from one 10 MB value in memory.
//
// On SQLite a photo is read from the file's pages, on this machine. On PostgreSQL it would come
// whole, over the network, into a result and then into the response: twice its size in memory
// per request. Instead a read of a photo asks only its size; the bytes are copied once per
// instance, 256 KiB at a time (`substring`, which with the column's EXTERNAL storage reads only
// those pieces), into `<localDirectory>/cache/photos/<digest>`, checked against the digest its
// ETag names, and sent from there with sendfile(2). A photo never changes under its digest, so a
// copy is never stale; copies of photos gone are removed at start (``sweepPhotoCache()``).
extension ItemStore {
    /// The columns a photo read selects first: its bytes on SQLite, only their count on PostgreSQL.
    static func photoBytesColumn(_ db: Database) -> String {
        db.engine == .sqlite ? "photos.bytes" : "octet_length(photos.bytes)"
    }

    /// The photo of a row selecting ``photoBytesColumn(_:)``, `media_type` and `etag`.
    static func photo(_ row: Row, _ db: Database) throws -> Photo {
        guard db.engine == .postgresql else { return Photo(bytes: row[0], mediaType: row[1], etag: row[2]) }
        let etag: String = row[2]
        let path = try cachedPhotoFile(etag: etag, size: row[0], db)
        return Photo(file: PhotoFile(path: path, size: row[0]), mediaType: row[1], etag: etag)
    }

    /// Pieces a photo is copied in.
    static let photoPieceSize = 256 * 1_024

    static func photoCacheDirectory(in localDirectory: String) -> String {
        URL(fileURLWithPath: localDirectory).appendingPathComponent("cache/photos").path
    }

    /// The cached copy of the photo `etag` (`size` bytes), made first if missing.
    private static func cachedPhotoFile(etag: String, size: Int, _ db: Database) throws -> String {
        let digest = Photo.digest(ofETag: etag)
        guard isDigest(digest) else { throw DatabaseError(code: 11, message: "a photo's ETag names no SHA-256: \(etag.debugDescription)") }
        let directory = photoCacheDirectory(in: db.localDirectory)
        let path = directory + "/" + digest
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == size { return path }
        try PrivateFile.createDirectory(directory)
        let damaged = DatabaseError(code: 11, message: "photo \(digest) is damaged or was deleted while it was read")
        try CachedCopy.write(to: path, size: size, digest: digest, damaged: damaged) { write in
            var read = 0
            while read < size {
                let piece = try db.fetchOne("SELECT substring(bytes FROM ?::integer FOR ?::integer) FROM photos WHERE etag = ?",
                                            read + 1, photoPieceSize, etag) { $0[0] as [UInt8] }
                guard let piece, !piece.isEmpty else { return }  // deleted meanwhile: the size check says so
                try piece.withUnsafeBytes(write)
                read += piece.count
            }
        }
        return path
    }

    /// Removes cached copies of photos no longer stored, and temporary files a crash left
    /// (PostgreSQL; SQLite keeps none). Run at start-up, before serving.
    @discardableResult
    public func sweepPhotoCache() throws -> Int {
        let directory = Self.photoCacheDirectory(in: localDirectory)
        guard engine == .postgresql, PrivateFile.isDirectory(directory) else { return 0 }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let stored = Set(try pool.readWithoutTransaction { db in
            try db.fetchAll("SELECT etag FROM photos") { Photo.digest(ofETag: $0[0] as String) }
        })
        var removed = 0
        for name in names where !stored.contains(name) && unlink(directory + "/" + name) == 0 { removed += 1 }
        return removed
    }
}
