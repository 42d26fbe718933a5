import Cryptography
import HTTP

/// Issues and checks CSRF tokens bound to the server's key (see `CSRFToken`).
///
/// ```swift
/// let token = csrf.token(for: request)        // for the page's forms
/// try csrf.verify(request, form: form)         // on every POST
/// ```
struct CSRFProtection: Sendable {
    let key: [UInt8]

    /// The request's token, or a new browser id (to be set as a cookie) when it has none.
    func token(for request: HTTPRequest) -> CSRFToken {
        let existing = existingBrowserID(request)
        let browserID = existing ?? SecureRandom.hex(byteCount: 32)
        return CSRFToken(
            browserID: browserID, value: Hex.encode(mac(browserID, session: request.signedIn?.sessionID)),
            isNew: existing == nil, isSecure: request.isSecure)
    }

    /// Whether the request carries a browser id at all; a POST without one is refused
    /// before its body is read.
    func hasBrowserID(_ request: HTTPRequest) -> Bool {
        existingBrowserID(request) != nil
    }

    /// Throws 403 unless the form's token is the HMAC of the request's browser id.
    func verify(_ request: HTTPRequest, form: SubmittedForm) throws {
        guard let browserID = existingBrowserID(request), let submitted = form[CSRFToken.fieldName],
              let submittedBytes = Hex.decode(submitted),
              HMAC.constantTimeEqual(submittedBytes, mac(browserID, session: request.signedIn?.sessionID))
        else {
            throw Self.refusal
        }
    }

    /// Throws 403 unless `submitted` (an API write's `X-CSRF-Token`) is the request's token.
    func verify(_ request: HTTPRequest, token submitted: String?) throws {
        guard let browserID = existingBrowserID(request), let submitted, let submittedBytes = Hex.decode(submitted),
              HMAC.constantTimeEqual(submittedBytes, mac(browserID, session: request.signedIn?.sessionID))
        else {
            throw Self.refusal
        }
    }

    /// The header a cookie-signed-in script sends its CSRF token in.
    static let headerName = HTTPHeaderName("X-CSRF-Token")

    static let refusal = HTTPError(.forbidden, "The form's security token was missing or did not match.")

    private func existingBrowserID(_ request: HTTPRequest) -> String? {
        guard let value = request.cookie(CSRFToken.cookieName(secure: request.isSecure)),
              CSRFToken.isWellFormed(value) else { return nil }
        return value
    }

    /// Bound to the browser and, once signed in, to its session: a token from before
    /// sign-in (or from another member's session) does not work after it. Domain-separated,
    /// so the same key can sign other things without confusion.
    private func mac(_ browserID: String, session: String?) -> [UInt8] {
        HMAC.sha256(key: key, message: Array("homepwner-csrf-v1:\(browserID):\(session ?? "")".utf8))
    }
}
