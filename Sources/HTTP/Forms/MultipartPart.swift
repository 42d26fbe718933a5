/// One part of a `multipart/form-data` body (RFC 7578 §4.2).
public struct MultipartPart: Sendable {
    /// The `name` of its `Content-Disposition`.
    public var name: String
    /// The `filename`, for file fields (path components stripped).
    public var filename: String?
    /// Its `Content-Type`, if sent.
    public var contentType: String?
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
