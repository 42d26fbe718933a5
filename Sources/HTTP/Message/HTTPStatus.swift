/// A response status code (RFC 9110 §15): an open vocabulary keyed by the number.
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "\(rawValue) \(reasonPhrase)" }

    /// The RFC 9110 reason phrase, or a generic one for unknown codes of the class.
    public var reasonPhrase: String {
        if let phrase = Self.phrases[rawValue] { return phrase }
        switch rawValue {
        case 100..<200: return "Informational"
        case 200..<300: return "Success"
        case 300..<400: return "Redirection"
        case 400..<500: return "Client Error"
        default: return "Server Error"
        }
    }

    /// Statuses whose responses never carry content (RFC 9110 §6.4.1).
    var forbidsBody: Bool { (100..<200).contains(rawValue) || rawValue == 204 || rawValue == 304 }

    public static let `continue` = HTTPStatus(100)
    public static let ok = HTTPStatus(200)
    public static let created = HTTPStatus(201)
    public static let accepted = HTTPStatus(202)
    public static let noContent = HTTPStatus(204)
    public static let movedPermanently = HTTPStatus(301)
    public static let found = HTTPStatus(302)
    public static let seeOther = HTTPStatus(303)
    public static let notModified = HTTPStatus(304)
    public static let temporaryRedirect = HTTPStatus(307)
    public static let permanentRedirect = HTTPStatus(308)
    public static let badRequest = HTTPStatus(400)
    public static let unauthorized = HTTPStatus(401)
    public static let forbidden = HTTPStatus(403)
    public static let notFound = HTTPStatus(404)
    public static let methodNotAllowed = HTTPStatus(405)
    public static let notAcceptable = HTTPStatus(406)
    public static let requestTimeout = HTTPStatus(408)
    public static let conflict = HTTPStatus(409)
    public static let gone = HTTPStatus(410)
    public static let lengthRequired = HTTPStatus(411)
    public static let preconditionFailed = HTTPStatus(412)
    public static let contentTooLarge = HTTPStatus(413)
    public static let uriTooLong = HTTPStatus(414)
    public static let unsupportedMediaType = HTTPStatus(415)
    public static let expectationFailed = HTTPStatus(417)
    public static let misdirectedRequest = HTTPStatus(421)
    public static let unprocessableContent = HTTPStatus(422)
    public static let tooManyRequests = HTTPStatus(429)
    public static let requestHeaderFieldsTooLarge = HTTPStatus(431)
    public static let internalServerError = HTTPStatus(500)
    public static let notImplemented = HTTPStatus(501)
    public static let badGateway = HTTPStatus(502)
    public static let serviceUnavailable = HTTPStatus(503)
    public static let gatewayTimeout = HTTPStatus(504)
    public static let httpVersionNotSupported = HTTPStatus(505)
    public static let insufficientStorage = HTTPStatus(507)

    private static let phrases: [Int: String] = [
        100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 417: "Expectation Failed",
        421: "Misdirected Request", 422: "Unprocessable Content", 429: "Too Many Requests",
        431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
        507: "Insufficient Storage",
    ]
}
