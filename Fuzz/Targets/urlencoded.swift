import HTTP

/// `application/x-www-form-urlencoded` bodies and query strings, with percent-decoding:
/// a form that parses must survive encoding and parsing again unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLEncoded(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    let request = HTTPRequest(
        method: .post, target: "/", headers: [.contentType: "application/x-www-form-urlencoded; charset=utf-8"],
        body: HTTPBody(bytes))
    if let form = try? request.urlEncodedForm() {
        let again = try? URLEncodedForm(string: form.encoded)
        fuzzCheck(again.map { same($0.fields, form.fields) } == true, "round trip changed \(form.fields) into \(again?.fields as Any)")
        // The first few fields only: looking each up again is quadratic in the field count.
        for field in form.fields.prefix(4) {
            fuzzCheck(form[field.name] != nil && !form.values(field.name).isEmpty, "lost field \(field.name)")
            let encoded = PercentEncoding.encode(field.value, spaceAsPlus: false)
            fuzzCheck(encoded.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "+") },
                      "encoding left a reserved byte in \(encoded)")
        }
    }

    // The same bytes as a query string: lenient, never throws; decoded like a form.
    let query = String(decoding: bytes, as: UTF8.self)
    let withQuery = HTTPRequest(method: .get, target: "/search?" + query)
    for item in withQuery.queryItems { _ = withQuery.query(item.name) }
    fuzzCheck(withQuery.path == "/search", "the query leaked into the path: \(withQuery.path)")
    return 0
}

private func same(_ a: [(name: String, value: String)], _ b: [(name: String, value: String)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
}
