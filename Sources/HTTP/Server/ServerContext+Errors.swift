/// The one place where errors become responses.
extension ServerContext {
    /// Escaped handler errors: `HTTPError` → its status, message (plain text) and headers;
    /// anything else → 500 without details, logged.
    func response(for error: any Error, request: HTTPRequest) -> HTTPResponse {
        if let error = error as? HTTPError {
            var response = HTTPResponse.text(error.message.isEmpty ? error.status.reasonPhrase : error.message, status: error.status)
            for field in error.headers { response.headers[field.name] = field.value }
            return response
        }
        ServerLog.error("\(request.method) \(request.rawPath): \(error)")
        return serverError(.internalServerError, "Internal Server Error", request: request)
    }

    /// Errors the server itself detects (parser limits, timeouts, the connection caps, a
    /// foreign Host): rendered by `errorResponder` when the app set one, with the request's
    /// head when it was parsed. The connection is closed after.
    func serverError(_ status: HTTPStatus, _ message: String, request: HTTPRequest? = nil) -> HTTPResponse {
        if let responder = configuration.errorResponder { return responder(status, message, request) }
        return .text(message, status: status)
    }
}
