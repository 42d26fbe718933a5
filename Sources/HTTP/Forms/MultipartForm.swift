/// A parsed `multipart/form-data` body (RFC 7578).
///
/// ```swift
/// let form = try request.multipartForm()
/// if let photo = form.part(named: "photo"), photo.filename != nil { … }
/// let name = form["itemName"]
/// ```
public struct MultipartForm: Sendable {
    public var parts: [MultipartPart]

    public init(parts: [MultipartPart] = []) {
        self.parts = parts
    }

    /// The first part named `name`.
    public func part(named name: String) -> MultipartPart? {
        parts.first { $0.name == name }
    }

    /// Every part named `name`.
    public func parts(named name: String) -> [MultipartPart] {
        parts.filter { $0.name == name }
    }

    /// The first text (non-file) field named `name`, as UTF-8.
    public subscript(name: String) -> String? {
        parts.first { $0.name == name && $0.filename == nil }?.text
    }
}
