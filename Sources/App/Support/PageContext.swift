import Foundation
import HTTP

/// What every page needs to know about the browser asking: its language, its CSRF
/// token, and the one-time message left by the previous request (POST → 303 → GET).
struct PageContext: Sendable {
    let language: Language
    let csrf: CSRFToken
    let flash: String?
    /// The deletion the flash message offers to undo (its batch in Recently Deleted).
    let undoBatch: UUID?
    /// A language picked with `?lang=` that the browser has not remembered yet.
    let newlyChosenLanguage: Language?
    /// The signed-in member, if any: their name, role and what the page may offer them.
    let signedIn: SignedIn?

    /// Whether the member may change items (viewers only look).
    var canEdit: Bool { signedIn?.account.role.canEdit ?? false }

    static let flashCookie = "hp_flash"
    static let languageCookie = "lang"

    /// - Parameters:
    ///   - csrf: issues the token of the page's forms.
    ///   - takingFlash: false for pages that must leave a pending flash message
    ///     for the next list page (error pages).
    init(request: HTTPRequest, csrf protection: CSRFProtection, takingFlash: Bool = true) {
        language = Language.preferred(by: request)
        let chosen = request.query("lang").flatMap(Language.init(tag:))
        newlyChosenLanguage = chosen.flatMap { $0.rawValue == request.cookie(Self.languageCookie) ? nil : $0 }
        csrf = protection.token(for: request)
        signedIn = request.signedIn
        let cookie = takingFlash ? request.cookie(Self.flashCookie) : nil
        (flash, undoBatch) = cookie.map(Self.decodeFlash) ?? (nil, nil)
    }

    /// `message` or `batch.message`: the message percent-encoded (so it holds no `.`).
    private static func decodeFlash(_ cookie: String) -> (String?, UUID?) {
        var encoded = cookie[...]
        var batch: UUID?
        if let dot = cookie.firstIndex(of: "."), let id = UUID(uuidString: String(cookie[..<dot])) {
            batch = id
            encoded = cookie[cookie.index(after: dot)...]
        }
        guard let message = String(encoded).removingPercentEncoding, !message.isEmpty else { return (nil, nil) }
        return (message, batch)
    }

    func text(_ key: String) -> String { Strings.text(key, language) }

    func format(_ key: String, _ arguments: String...) -> String {
        Strings.format(key, language, arguments)
    }

    /// Sets the cookies a rendered page owes the browser: a new CSRF browser id (not on
    /// error pages: an error must never replace the id that other open tabs' forms rely
    /// on), and the removal of a flash message once it has been shown.
    func finish(_ response: inout HTTPResponse, isErrorPage: Bool = false) {
        if csrf.isNew && !isErrorPage { response.setCookie(csrf.cookie) }
        if flash != nil { response.setCookie(Self.clearedFlash) }
        // A preference, not data: remembering it is the one cookie a GET may set.
        if let chosen = newlyChosenLanguage {
            response.setCookie(HTTPCookie(name: Self.languageCookie, value: chosen.rawValue, path: "/", maxAge: 60 * 60 * 24 * 365, httpOnly: true, secure: false, sameSite: .lax))
        }
        response.headers[.cacheControl] = "no-store"
    }

    /// A 303 to `location` that leaves `message` to be shown there once, with an Undo
    /// button when it reports a deletion (`undo` is its batch).
    static func redirect(to location: String, flash message: String?, undo: UUID? = nil) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: location)
        if let message, let encoded = message.addingPercentEncoding(withAllowedCharacters: cookieSafe) {
            let value = undo.map { $0.uuidString + "." + encoded } ?? encoded
            response.setCookie(HTTPCookie(name: flashCookie, value: value, path: "/", maxAge: 120, httpOnly: true, secure: false, sameSite: .lax))
        }
        return response
    }

    /// ASCII letters and digits only: `.alphanumerics` would let non-ASCII letters (中文)
    /// through, and a cookie value must be ASCII (RFC 6265 §4.1.1).
    private static let cookieSafe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    private static let clearedFlash = HTTPCookie(name: flashCookie, value: "", path: "/", maxAge: 0, httpOnly: true, secure: false, sameSite: .lax)
}
