import HTTP
import Mustache
import QRCode

/// Where libqrencode is missing, every label page and code answers 503 and says which Debian
/// package to install, in one place: a page for a person, plain text for an image request
/// (`qr.svg` from an `<img>` or a script), problem details for a client asking for JSON.
/// Everything else works as before.
struct QRLabelsUnavailable: Sendable {
    let renderer: PageRenderer

    /// `handler`, with a missing library answered 503.
    func answering(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        { request in
            do {
                return try handler(request)
            } catch QRCodeError.libraryUnavailable {
                return try response(to: request)
            }
        }
    }

    func response(to request: HTTPRequest) throws -> HTTPResponse {
        let language = Presentation.language(of: request)
        if request.isAPIRequest {
            return try ProblemDetails(status: .serviceUnavailable, detail: "qrLabelsUnavailablePlain").response(language: language)
        }
        if request.path.hasSuffix("/qr.svg"), !request.prefersHTML {
            var response = HTTPResponse.text(Strings.text("qrLabelsUnavailablePlain", language) + "\n", status: .serviceUnavailable)
            response.headers[.cacheControl] = "no-store"
            return response
        }
        let context = renderer.context(for: request, takingFlash: false)
        let values: [String: MustacheValue] = [
            "title": .string(context.text("qrLabelsUnavailableTitle")),
            "unavailableText": .string(context.format("qrLabelsUnavailableText", QREncoder.debianPackage)),
            "command": .string("sudo apt-get install \(QREncoder.debianPackage)"),
        ]
        return try renderer.render("qr-labels/unavailable", values, context: context, status: .serviceUnavailable, isErrorPage: true)
    }
}
