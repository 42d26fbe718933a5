extension HTTPRequest {
    /// The body as a URL-encoded form.
    ///
    /// - Throws: `HTTPError(.unsupportedMediaType)` unless the content type is
    ///   `application/x-www-form-urlencoded`; `HTTPError(.badRequest)` if malformed.
    public func urlEncodedForm() throws -> URLEncodedForm {
        let type = MediaTypeValue(headers[.contentType] ?? "")
        guard type.essence == "application/x-www-form-urlencoded" else {
            throw HTTPError(.unsupportedMediaType, "Expected application/x-www-form-urlencoded")
        }
        return try URLEncodedForm(bytes: body.bytes())
    }

    /// The body as a multipart form, parsed by the streaming `MultipartParser`.
    ///
    /// - Throws: `HTTPError` 415 for another content type, 400 if malformed, 413 past `limits`.
    public func multipartForm(limits: MultipartLimits = .init()) throws -> MultipartForm {
        let type = MediaTypeValue(headers[.contentType] ?? "")
        guard type.essence == "multipart/form-data" else {
            throw HTTPError(.unsupportedMediaType, "Expected multipart/form-data")
        }
        guard let boundary = type.parameters["boundary"] else {
            throw HTTPError(.badRequest, "Missing multipart boundary")
        }
        var parser = try MultipartParser(boundary: boundary, limits: limits, source: body)
        // Fed in pieces so that the parser's buffer stays small. A spool file is read piece by
        // piece, not mapped: eight 25 MB uploads parsed at once would otherwise count 200 MB of
        // mapped pages in the process's memory.
        if body.isSpooled {
            try body.forEachPiece(size: 64 * 1024) { piece in try parser.feed(piece) }
            return try parser.finish()
        }
        try body.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + 64 * 1024, bytes.count)
                try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                offset = end
            }
        }
        return try parser.finish()
    }
}
