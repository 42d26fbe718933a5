import HTTP
import Storage

/// A POST body's fields, whichever encoding the browser chose, with uploaded files.
struct SubmittedForm: Sendable {
    private var fields: [(name: String, value: String)]
    private var files: [MultipartPart]

    init(fields: [(name: String, value: String)], files: [MultipartPart] = []) {
        self.fields = fields
        self.files = files
    }

    /// Parses `application/x-www-form-urlencoded` or `multipart/form-data`.
    ///
    /// - Throws: `HTTPError` 415 for another content type, 400 for a malformed body,
    ///   413 when a multipart limit is exceeded.
    init(request: HTTPRequest) throws {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("multipart/form-data") {
            // The route's body limit bounds the whole body (several photos may be sent at once);
            // file parts stay in the spool file, so only the parts' count and text are limited here.
            // A part up to a document's 25 MiB and a little more, so that a larger document is
            // refused by the store's own message, next to its field.
            let form = try request.multipartForm(limits: .init(maxPartSize: ItemStore.maxDocumentBytes + 1024 * 1024, maxTotalSize: Int.max))
            var fields: [(name: String, value: String)] = []
            var files: [MultipartPart] = []
            for part in form.parts {
                if part.filename != nil {
                    files.append(part)
                } else {
                    fields.append((part.name, part.text))
                }
            }
            self.init(fields: fields, files: files)
        } else if request.body.isEmpty && contentType.isEmpty {
            self.init(fields: [])
        } else {
            self.init(fields: try request.urlEncodedForm().fields)
        }
    }

    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The names of every field, in order (for forms whose field names carry data,
    /// such as `to-<key>`).
    var names: [String] { fields.map(\.name) }

    /// The uploaded file of a field, if one was chosen (browsers send an empty part
    /// with an empty filename when none was).
    func file(_ name: String) -> MultipartPart? {
        self.files(name).first
    }

    /// Every file chosen for a field, an empty one too (a file of 0 bytes is refused with a
    /// message of its own, not taken for none chosen).
    func chosenFiles(_ name: String) -> [MultipartPart] {
        files.filter { $0.name == name && !($0.filename ?? "").isEmpty }
    }

    /// Every file chosen for a field that takes several (`<input type=file multiple>`).
    func files(_ name: String) -> [MultipartPart] {
        files.filter { $0.name == name && !($0.filename ?? "").isEmpty && !$0.body.isEmpty }
    }
}
