/// Why the parser rejected a request; every case is answered with `status` and then
/// the connection is closed, since the framing can no longer be trusted (RFC 9112 §2.2).
public enum HTTPParserError: Error, Sendable, Hashable, CustomStringConvertible {
    case requestLineTooLong
    case headerSectionTooLarge
    case tooManyHeaderFields
    case contentTooLarge
    case invalidRequestLine
    case invalidTarget
    case invalidHeaderField
    case obsoleteLineFolding
    case bareCarriageReturn
    case bareLineFeed
    case nulCharacter
    case missingHost
    case duplicateHost
    case invalidHost
    case conflictingFraming
    case invalidContentLength
    case duplicateContentLength
    case invalidChunk
    case unsupportedTransferCoding
    case unsupportedVersion
    /// The body could not be written to its spool file (disk full, no spool directory).
    case cannotSpool

    /// The status that answers this error.
    public var status: HTTPStatus {
        switch self {
        case .requestLineTooLong: .uriTooLong
        case .headerSectionTooLarge, .tooManyHeaderFields: .requestHeaderFieldsTooLarge
        case .contentTooLarge: .contentTooLarge
        case .unsupportedTransferCoding: .notImplemented
        case .unsupportedVersion: .httpVersionNotSupported
        case .cannotSpool: .insufficientStorage
        default: .badRequest
        }
    }

    public var description: String {
        switch self {
        case .requestLineTooLong: "Request line too long"
        case .headerSectionTooLarge: "Header section too large"
        case .tooManyHeaderFields: "Too many header fields"
        case .contentTooLarge: "Request body too large"
        case .invalidRequestLine: "Malformed request line"
        case .invalidTarget: "Malformed request target"
        case .invalidHeaderField: "Malformed header field"
        case .obsoleteLineFolding: "Obsolete line folding is not accepted"
        case .bareCarriageReturn: "Bare CR in request"
        case .bareLineFeed: "Lines must end with CRLF"
        case .nulCharacter: "NUL in request"
        case .missingHost: "Missing Host header"
        case .duplicateHost: "Duplicate Host header"
        case .invalidHost: "Invalid Host header"
        case .conflictingFraming: "Both Content-Length and Transfer-Encoding"
        case .invalidContentLength: "Invalid Content-Length"
        case .duplicateContentLength: "Duplicate Content-Length"
        case .invalidChunk: "Malformed chunked body"
        case .unsupportedTransferCoding: "Unsupported transfer coding"
        case .unsupportedVersion: "HTTP version not supported"
        case .cannotSpool: "The request body could not be stored"
        }
    }
}
