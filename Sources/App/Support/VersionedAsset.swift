import Foundation
import HTTP

/// A stylesheet or script served at a content-hashed URL (`/assets/app-1a2b3c4d5e6f.css`)
/// with a year-long immutable cache: a changed file gets a new URL, so browsers never
/// revalidate an asset they already have.
struct VersionedAsset: Sendable {
    let url: String
    let contentType: String
    let bytes: [UInt8]
    let etag: String

    init(name: String, fileExtension: String, contentType: String, bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: fast, stable across runs
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digest = String(String(hash, radix: 16).suffix(12))
        url = "/assets/\(name)-\(digest).\(fileExtension)"
        self.contentType = contentType
        self.bytes = bytes
        etag = "\"\(digest)\""
    }

    /// Reads `path` once at start-up.
    ///
    /// - Throws: `CocoaError` when the file is missing, so start-up fails with the path.
    static func file(at path: String, name: String, fileExtension: String, contentType: String) throws -> VersionedAsset {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return VersionedAsset(name: name, fileExtension: fileExtension, contentType: contentType, bytes: [UInt8](data))
    }

    func response(to request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers[.etag] = etag
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        if request.ifNoneMatch(etag) == true {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(bytes))
    }
}
