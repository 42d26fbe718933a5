/// A file field for `TestClient.postMultipart`.
public struct TestMultipartFile: Sendable {
    public var name: String
    public var filename: String
    public var contentType: String
    public var data: [UInt8]

    public init(name: String, filename: String, contentType: String = "application/octet-stream", data: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
