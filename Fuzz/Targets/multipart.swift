import HTTP

/// `multipart/form-data`: the input's first line is the Content-Type, the rest the body.
/// The body goes through `HTTPRequest.multipartForm()` (media type parsing included), and
/// through `MultipartParser` whole and in pseudo-random splits, which must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
    let body = Array(bytes[min(newline + 1, bytes.count)...])

    let request = HTTPRequest(
        method: .post, target: "/", headers: [.contentType: contentType], body: HTTPBody(body))
    if let form = try? request.multipartForm(limits: limits) {
        for part in form.parts { _ = (part.text, form[part.name], form.parts(named: part.name).count) }
    }

    // The boundary as a client would write it, without media type parsing.
    let line = Array(bytes[..<newline])
    let key = Array("boundary=".utf8)
    guard let at = line.indices.first(where: { line[$0...].starts(with: key) }) else { return 0 }
    var boundary = String(decoding: line[(at + key.count)...].prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
    if boundary.count >= 2, boundary.hasPrefix("\""), boundary.hasSuffix("\"") { boundary = String(boundary.dropFirst().dropLast()) }
    let whole = parse(boundary: boundary, [body[...]])
    var splits = FuzzSplits(bytes)
    let pieces = parse(boundary: boundary, splits.pieces(of: body))
    fuzzCheck(whole == pieces, "split feeding changed the result:\n\(String(describing: whole))\n\(String(describing: pieces))")
    return 0
}

/// Small limits, so that inputs of a few hundred bytes reach every limit.
private let limits = MultipartLimits(maxParts: 6, maxPartSize: 400, maxTotalSize: 700, maxPartHeaderSize: 120, maxFieldSize: 200)

private func parse(boundary: String, _ pieces: [ArraySlice<UInt8>]) -> [String]? {
    do {
        var parser = try MultipartParser(boundary: boundary, limits: limits)
        for piece in pieces { try parser.feed(piece) }
        return try parser.finish().parts.map { part in
            let body = (try? part.body.bytes()) ?? []
            return "\(part.name)|\(part.filename ?? "-")|\(part.contentType ?? "-")|\(part.headers)|\(body)"
        }
    } catch {
        fuzzCheck((400..<500).contains(error.status.rawValue), "error \(error) answered with \(error.status)")
        return nil
    }
}
