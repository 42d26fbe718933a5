import Foundation
import HTTP
import Storage

/// Serves documents to signed-in members (viewers too) as downloads that a browser can never
/// take for a page of this site: `Content-Disposition: attachment`, the type read from the
/// bytes, `nosniff`, and a `sandbox` policy (should one be opened anyway, it runs in an
/// origin of its own, without scripts). A PDF with JavaScript in it is just a file here.
///
/// The bytes are sent from a cached file with sendfile(2): memory stays flat whatever the
/// size. On SQLite a download whose file is cached already is answered on the event loop, by
/// the route's admission check; the first one, and every one on PostgreSQL, runs on the
/// documents pool.
struct DocumentController: Sendable {
    let store: ItemStore

    /// What a document's response says besides its bytes. The app's own policy would let a
    /// page run this site's scripts; this one lets nothing run, in an origin of its own.
    static let contentSecurityPolicy = "sandbox; default-src 'none'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'"

    /// The admission check of `GET /items/:key/documents/:document` and the draft's: a cached
    /// document is answered at once, anything else (the first download, an unknown one) queued.
    func admitDownload(_ request: HTTPRequest) throws -> HTTPAdmission {
        // On PostgreSQL even the document's row is a network round trip: never on a loop.
        guard store.engine == .sqlite, let file = try file(request, making: false) else { return .queue() }
        return .answer(Self.respond(with: file, request: request))
    }

    /// `GET /items/:key/documents/:document` and `/drafts/:id/documents/:document` — by its
    /// 1-based position or the digest of its bytes.
    func download(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let file = try file(request, making: true) else { throw HTTPError(.notFound, "apiErrorNoDocument") }
        return Self.respond(with: file, request: request)
    }

    /// The document the URL names, its cached copy made first when `making`.
    private func file(_ request: HTTPRequest, making: Bool) throws -> DocumentFile? {
        let reference = request.parameter("document") ?? ""
        if let text = request.parameter("key") {
            guard let key = UUID(uuidString: text) else { return nil }
            return making ? try store.documentFile(ofItem: key, reference: reference)
                : try store.cachedDocumentFile(ofItem: key, reference: reference)
        }
        guard let id = request.parameter("id").flatMap(UUID.init(uuidString:)) else { return nil }
        return making ? try store.documentFile(ofDraft: id, reference: reference) : try store.cachedDocumentFile(ofDraft: id, reference: reference)
    }

    /// The file as a download, or 304 when the client has these bytes (a strong ETag: the digest).
    static func respond(with file: DocumentFile, request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        headers[.etag] = file.document.etag
        // Members' files: never in a shared cache; revalidated, as a URL by position may come to name another.
        headers[.cacheControl] = "private, no-cache"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        if request.ifNoneMatch(file.document.etag) == true { return HTTPResponse(status: .notModified, headers: headers) }
        headers[.contentType] = file.document.mediaType
        headers[.contentDisposition] = DocumentNames.contentDisposition(file.document)
        return HTTPResponse(status: .ok, headers: headers, body: .file(path: file.path, size: file.document.size))
    }
}

extension WorkPool {
    /// Making a document's cached file on its first download (25 MB read from the store and
    /// written out): never on an event loop.
    static let documents = WorkPool("documents", threads: 2, queueLimit: 128, niceness: 10)
}

extension HTTPRequest {
    /// `/items/{key}/documents/{document}`, a download of the API's (OpenAPI `getItemDocument`):
    /// an API token may fetch it, and its errors are problem details unless the client prefers
    /// HTML (a member who followed the dialog's link).
    static func isItemDocumentPath(_ path: String) -> Bool {
        guard path.hasPrefix("/items/") else { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return segments.count == 5 && segments[3] == "documents"
    }
}
