import HTTP

/// HTTP-date parsing (IMF-fixdate, rfc850, asctime) and formatting: whatever parses
/// formats to 29 bytes that parse back to the same instant, and any Int formats.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPDate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // The first eight bytes, as a (possibly extreme) number of seconds, are also "now".
    var number = 0
    for byte in bytes.prefix(8) { number = number << 8 | Int(byte) }
    for seconds in [number, number / 86_400, Int(truncatingIfNeeded: Int32(truncatingIfNeeded: number))] {
        roundTrip(seconds)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if let parsed = HTTPDate.parse(text, now: number) { roundTrip(parsed) }
    if let parsed = HTTPDate.parse(text, now: 1_700_000_000) { roundTrip(parsed) }
    let request = HTTPRequest(method: .get, target: "/", headers: [.ifModifiedSince: text])
    _ = request.ifModifiedSince(lastModified: number, now: number)
    return 0
}

/// 0001-01-01T00:00:00Z … 9999-12-31T23:59:59Z, the years an IMF-fixdate can hold.
private let representable = -62_135_596_800...253_402_300_799

private func roundTrip(_ seconds: Int) {
    let text = HTTPDate.format(epochSeconds: seconds)
    fuzzCheck(text.utf8.count == 29, "format(\(seconds)) is \(text)")
    let clamped = min(max(seconds, representable.lowerBound), representable.upperBound)
    let back = HTTPDate.parse(text, now: 0)
    fuzzCheck(back == clamped, "format(\(seconds)) = \(text) parses back as \(back.map(String.init) ?? "nil")")
}
