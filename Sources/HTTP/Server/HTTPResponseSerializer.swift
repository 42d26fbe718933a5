/// Writes response heads into reusable byte buffers.
enum HTTPResponseSerializer {
    /// Whether the server, not the handler, owns a field (framing and connection management).
    static func isServerOwned(_ name: HTTPHeaderName) -> Bool {
        switch name.canonicalName {
        case "content-length", "transfer-encoding", "connection", "date", "keep-alive": true
        default: false
        }
    }

    static let statusLines: [Int: [UInt8]] = {
        var lines: [Int: [UInt8]] = [:]
        for code in [100, 200, 201, 204, 301, 302, 303, 304, 400, 403, 404, 405, 408, 409, 413, 414, 415, 422, 431, 500, 501, 503, 505] {
            lines[code] = statusLine(HTTPStatus(code))
        }
        return lines
    }()

    static func statusLine(_ status: HTTPStatus) -> [UInt8] {
        Array("HTTP/1.1 \(status.rawValue) \(status.reasonPhrase)\r\n".utf8)
    }

    enum ConnectionField {
        case none
        case close
        case keepAlive
    }

    /// Appends the status line, the handler's fields, `Date`, `Content-Length` and
    /// `Connection` (RFC 9112 §4, §6.2, §9.6), then the empty line. A nil `contentLength`
    /// leaves it out: the body ends when the connection closes (RFC 9112 §6.3, rule 8).
    static func appendHead(
        into out: inout [UInt8], status: HTTPStatus, headers: HTTPHeaders, contentLength: Int?,
        date: [UInt8], connection: ConnectionField
    ) {
        if let line = statusLines[status.rawValue] {
            out.append(contentsOf: line)
        } else {
            out.append(contentsOf: statusLine(status))
        }
        for field in headers where !isServerOwned(field.name) {
            out.append(contentsOf: field.name.rawValue.utf8)
            out.append(0x3A)
            out.append(0x20)
            // No CR, LF or NUL may reach the wire (response splitting).
            for byte in field.value.utf8 {
                out.append(byte == 0x0D || byte == 0x0A || byte == 0 ? 0x20 : byte)
            }
            out.append(0x0D)
            out.append(0x0A)
        }
        out.append(contentsOf: date)
        // RFC 9110 §8.6: no Content-Length in 1xx or 204; omitted on 304 as well.
        if !status.forbidsBody, let contentLength {
            out.append(contentsOf: contentLengthPrefix)
            appendDecimal(contentLength, into: &out)
            out.append(0x0D)
            out.append(0x0A)
        }
        switch connection {
        case .none: break
        case .close: out.append(contentsOf: connectionClose)
        case .keepAlive: out.append(contentsOf: connectionKeepAlive)
        }
        out.append(0x0D)
        out.append(0x0A)
    }

    static let contentLengthPrefix = Array("Content-Length: ".utf8)
    static let connectionClose = Array("Connection: close\r\n".utf8)
    static let connectionKeepAlive = Array("Connection: keep-alive\r\n".utf8)
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    static func appendDecimal(_ value: Int, into out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(0x30 + value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var remaining = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while remaining > 0 {
                buffer[count] = UInt8(0x30 + remaining % 10)
                remaining /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                out.append(buffer[count])
            }
        }
    }
}
