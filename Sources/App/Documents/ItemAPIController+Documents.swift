import Foundation
import HTTP
import Storage

/// Documents in the API (issue 24 point 7): list, upload, download (``DocumentController``),
/// remove. Each write goes through a draft committed at once, as the dialog's Done: one
/// transaction, the version bumped, history recorded, 409 when the item changed meanwhile.
extension ItemAPIController {
    /// Body types a document upload may declare; the store reads the real type from the bytes
    /// and refuses anything but a PDF or a JPEG, PNG, GIF or WebP image with 415.
    static let documentTypes: Set<String> = [
        "application/pdf", "image/jpeg", "image/png", "image/gif", "image/webp", "application/octet-stream",
    ]

    /// The longest `fileName` an upload may give (a file system's usual limit).
    static let maxFileNameLength = 255

    /// `GET /items/{key}/documents.json`
    func listDocuments(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(try Self.documentList(try existingItem(request), store: store))
    }

    /// `POST /items/{key}/documents.json?kind=&title=&fileName=` — the body is the file (at
    /// most 25 MB), added after the others.
    func addDocument(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard let type, Self.documentTypes.contains(type) else { throw ProblemDetails(status: .unsupportedMediaType, detail: "errorDocumentType") }
        var errors: [ProblemDetails.FieldError] = []
        let kind = DocumentKind(rawValue: request.query("kind") ?? "other")
        if kind == nil { errors.append(.init(field: "kind", message: "apiErrorDocumentKind")) }
        // As the schema counts (code points), before a blank title gives way to the file's name.
        if let title = request.query("title"), title.unicodeScalars.count > ItemStore.maxDocumentTitleLength {
            errors.append(.init(field: "title", message: "errorDocumentTitleLong", arguments: [String(ItemStore.maxDocumentTitleLength)]))
        }
        let fileName = request.query("fileName") ?? ""
        if fileName.unicodeScalars.count > Self.maxFileNameLength {
            errors.append(.init(field: "fileName", message: "apiErrorFileNameLong", arguments: [String(Self.maxFileNameLength)]))
        }
        guard errors.isEmpty, let kind else { throw ProblemDetails.invalid(errors) }
        let title = DocumentNames.typedTitle(request.query("title"))
            ?? DocumentNames.title(fromFileName: fileName, kind: kind, Presentation.language(of: request))
        let upload = DocumentUpload(body: request.body, kind: kind, title: title, fileName: fileName)
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try Self.documentProblems {
            try committing(draft, expectedVersion: item.version, request: request) {
                try store.addDraftDocument(id: draft.id, upload)
            }
        }
        var response = try HTTPResponse.json(try Self.documentList(updated, store: store), status: .created)
        if let added = try store.documents(ofItem: item.key).last { response.headers[.location] = Self.documentURL(item.key, added) }
        return response
    }

    /// `DELETE /items/{key}/documents/{document}.json` — the others close up.
    func deleteDocument(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let reference = request.parameter("document") ?? ""
        guard try store.documents(ofItem: item.key).contains(where: { "\($0.position)" == reference || $0.digest == reference }) else {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNoDocument")
        }
        let draft = try store.beginEditDraft(key: item.key)
        let updated = try Self.documentProblems {
            try committing(draft, expectedVersion: item.version, request: request) {
                try store.removeDraftDocument(id: draft.id, reference: reference)
            }
        }
        return try .json(try Self.documentList(updated, store: store))
    }

    /// `{key, version, documents: [{position, digest, kind, title, fileName, mediaType, size, addedAt, url}]}`
    static func documentList(_ item: Item, store: ItemStore) throws -> [String: Any] {
        let documents: [[String: Any]] = try store.documents(ofItem: item.key).map { document in
            ["position": document.position, "digest": document.digest, "kind": document.kind.rawValue, "title": document.title,
             "fileName": document.fileName, "mediaType": document.mediaType, "size": document.size,
             "addedAt": ItemJSON.timestamp(document.addedAt), "url": documentURL(item.key, document)]
        }
        return ["key": item.key.lowercasedString, "version": item.version, "documents": documents]
    }

    static func documentURL(_ key: UUID, _ document: ItemDocument) -> String {
        "/items/\(key.lowercasedString)/documents/\(document.digest)"
    }

    /// The store's document refusals as problem details, as the dialog words them.
    static func documentProblems<Result>(_ write: () throws -> Result) throws -> Result {
        do {
            return try write()
        } catch DocumentProblem.notFound {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNoDocument")
        } catch let problem as DocumentProblem {
            throw DocumentMessage(problem).problem
        }
    }
}

extension DocumentUpload {
    /// An upload read from a request's body (a spool file for anything over 64 KiB) a piece at a time.
    init(body: HTTPBody, kind: DocumentKind, title: String, fileName: String) {
        self.init(kind: kind, title: title, fileName: fileName, byteCount: body.count) { offset, count in
            try body.read(offset: offset, count: count)
        }
    }
}
