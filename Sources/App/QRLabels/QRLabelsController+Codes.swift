import Cryptography
import Foundation
import HTTP
import QRCode

/// `qr.svg`: one code alone, for a page or a script that wants the image (the sheet draws its
/// codes inline).
extension QRLabelsController {
    /// `GET /items/:key/qr.svg` — the code of the item's absolute address; 404 for no such item.
    func itemCode(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)), try store.item(key: key) != nil else {
            throw HTTPError(.notFound, "errorText404")
        }
        return try code(address.item(key, origin: address.origin(for: request)), request: request)
    }

    /// `GET /locations/:key/qr.svg` — the code of the location's absolute address.
    func locationCode(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)), try store.locationTree().location(key: key) != nil else {
            throw HTTPError(.notFound, "placesErrorNoLocation")
        }
        return try code(address.location(key, origin: address.origin(for: request)), request: request)
    }

    /// The SVG of `url`'s code. Its ETag is the address's digest (with the drawing's version):
    /// the same key on the same host and scheme always draws the same code, so a browser
    /// revalidates with `If-None-Match` and gets a 304 without a code being made.
    private func code(_ url: String, request: HTTPRequest) throws -> HTTPResponse {
        let etag = "\"qr1-" + String(SHA256.hexDigest(Array(url.utf8)).prefix(32)) + "\""
        var headers: HTTPHeaders = [.etag: etag, .cacheControl: "private, no-cache"]
        if request.ifNoneMatch(etag) == true { return HTTPResponse(status: .notModified, headers: headers) }
        let matrix = try library.encoder().encode(text: url, level: QRLabelSheetView.level)
        headers[.contentType] = "image/svg+xml"
        // 8 px a module when opened alone: about 360 px square, big enough to scan off a screen.
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array(matrix.svg(pixelsPerModule: 8).utf8)))
    }
}
