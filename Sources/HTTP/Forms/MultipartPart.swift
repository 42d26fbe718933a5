/// One part of a `multipart/form-data` body (RFC 7578 §4.2).
public struct MultipartPart: Sendable {
    /// The `name` of its `Content-Disposition`.
    public var name: String
    /// The `filename`, for file fields (path components stripped).
    public var filename: String?
    /// Its `Content-Type`, if sent.
    public var contentType: String?
    public var headers: HTTPHeaders
    /// In memory; a file part of a spooled request stays in the spool file.
    public var body: HTTPBody

    public init(name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = [:], body: HTTPBody = .empty) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text (empty if a spooled body cannot be read).
    public var text: String {
        (try? body.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }) ?? ""
    }
}
