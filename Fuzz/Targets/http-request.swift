import HTTP

/// The request parser (head, Content-Length and chunked bodies, trailers), fed the input
/// whole and again in pseudo-random splits: both must give the same requests (the parser
/// promises any split does), and neither may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = parse([bytes[...]], inspect: true)
    var splits = FuzzSplits(bytes)
    let pieces = parse(splits.pieces(of: bytes), inspect: false)
    fuzzCheck(whole == pieces, "split feeding changed the result:\n\(whole)\n\(pieces)")
    return 0
}

/// Small limits, so that inputs of a few hundred bytes reach every limit.
private let limits = HTTPLimits(
    maxRequestLineLength: 200, maxHeaderSectionSize: 400, maxHeaderCount: 12, defaultBodyLimit: 600,
    maxChunkLineLength: 40, inMemoryBodyLimit: 1 << 20)

private struct Outcome: Equatable {
    var events: [Summary] = []
    var failed = false
}

/// What a handler could see of a request, comparable.
private struct Summary: Equatable {
    var isHead: Bool
    var method: String
    var target: String
    var version: HTTPVersion
    var path: String
    var query: [String]
    var headers: [String]
    var trailers: [String]
    var body: [UInt8]

    init(_ request: HTTPRequest, isHead: Bool) {
        self.isHead = isHead
        method = request.method.rawValue
        target = request.target
        version = request.version
        path = request.path
        query = request.queryItems.flatMap { [$0.name, $0.value] }
        headers = request.headers.flatMap { [$0.name.canonicalName, $0.value] }
        trailers = request.trailers.flatMap { [$0.name.canonicalName, $0.value] }
        body = (try? request.body.bytes()) ?? []
    }
}

private func parse(_ pieces: [ArraySlice<UInt8>], inspect: Bool) -> Outcome {
    var parser = HTTPRequestParser(limits: limits)
    var outcome = Outcome()
    do {
        for piece in pieces {
            parser.feed(Array(piece))
            while let event = try parser.next() {
                switch event {
                case .head(let head):
                    outcome.events.append(Summary(head, isHead: true))
                    if head.expectsContinue { parser.bodyLimit = 300 }
                case .request(let request):
                    outcome.events.append(Summary(request, isHead: false))
                    // What handlers read from a request must not trap either.
                    if inspect { _ = (request.keepAlive, request.authority, request.cookies, request.announcesBody) }
                }
            }
        }
    } catch {
        // Which error comes first may depend on how much has arrived; only that it failed may not.
        outcome.failed = true
        fuzzCheck(error.status.rawValue >= 400, "error \(error) answered with \(error.status)")
        // The error page is rendered with what the failed head said; reading it may not trap.
        if let partial = parser.partialHead { _ = (partial.path, partial.queryItems, partial.keepAlive) }
    }
    return outcome
}
