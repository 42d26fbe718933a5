import HTTP

/// `Cookie` request fields (one per input line) and the `Set-Cookie` values made back
/// from what they held: parsing never traps, and a cookie we set parses back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookies(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var headers = HTTPHeaders()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) { headers.add(.cookie, String(line)) }
    let request = HTTPRequest(method: .get, target: "/", headers: headers)
    let cookies = request.cookies
    // A few cookies only: `cookie(_:)` parses every field again, so all would be quadratic.
    for (name, value) in cookies.sorted(by: { $0.key < $1.key }).prefix(4) {
        fuzzCheck(request.cookie(name) == value, "cookie(\(name)) disagrees with cookies")
        fuzzCheck(!name.isEmpty, "empty cookie name")
        let set = HTTPCookie(name: "n", value: value, path: "/items", maxAge: 60, secure: true, sameSite: .strict)
        let header = set.headerValue
        // The value is sanitised, so the Set-Cookie line cannot be split or extended.
        fuzzCheck(!header.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "control byte in Set-Cookie \(header)")
        let echoed = HTTPRequest(method: .get, target: "/", headers: [.cookie: String(header.prefix { $0 != ";" })])
        let back = echoed.cookies["n"]
        fuzzCheck(back != nil, "Set-Cookie \(header) does not parse back")
        if value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x2C && $0 != 0x3B && $0 != 0x5C }) {
            fuzzCheck(back == value, "cookie value \(value) came back as \(back ?? "nil")")
        }
    }
    return 0
}
