@testable import HTTP

/// Feeds `chunks` one after another and collects the complete requests.
func parseRequests(_ chunks: [[UInt8]], limits: HTTPLimits = HTTPLimits(), bodyLimit: Int? = nil) throws(HTTPParserError) -> [HTTPRequest] {
    var parser = HTTPRequestParser(limits: limits)
    var requests: [HTTPRequest] = []
    for chunk in chunks {
        parser.feed(chunk)
        while let event = try parser.next() {
            switch event {
            case .head:
                if let bodyLimit { parser.bodyLimit = bodyLimit }
            case .request(let request):
                requests.append(request)
            }
        }
    }
    return requests
}

func parseRequests(_ text: String, limits: HTTPLimits = HTTPLimits(), bodyLimit: Int? = nil) throws(HTTPParserError) -> [HTTPRequest] {
    try parseRequests([Array(text.utf8)], limits: limits, bodyLimit: bodyLimit)
}

/// The error the parser throws for `text`, if any.
func parserError(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPParserError? {
    parserError(Array(text.utf8), limits: limits)
}

func parserError(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits()) -> HTTPParserError? {
    do {
        _ = try parseRequests([bytes], limits: limits)
        return nil
    } catch {
        return error
    }
}

/// A comparable summary of a request.
struct RequestSummary: Equatable, CustomStringConvertible {
    var method: String
    var target: String
    var headers: [String]
    var body: [UInt8]
    var trailers: [String]

    init(_ request: HTTPRequest) {
        method = request.method.rawValue
        target = request.target
        headers = request.headers.map { "\($0.name.canonicalName)=\($0.value)" }
        body = (try? request.body.bytes()) ?? []
        trailers = request.trailers.map { "\($0.name.canonicalName)=\($0.value)" }
    }

    var description: String { "\(method) \(target) \(headers) body=\(body.count) trailers=\(trailers)" }
}
