import Foundation
import HTTP

/// What every page needs to know about the browser asking: its language, its CSRF
/// token, and the one-time message left by the previous request (POST → 303 → GET).
struct PageContext: Sendable {
    let language: Language
    let csrf: CSRFToken
    let flash: String?
    /// A language picked with `?lang=` that the browser has not remembered yet.
    let newlyChosenLanguage: Language?

    static let flashCookie = "hp_flash"
    static let languageCookie = "lang"

    /// - Parameter takingFlash: false for pages that must leave a pending flash message
    ///   for the next list page (error pages).
    init(request: HTTPRequest, takingFlash: Bool = true) {
        language = Language.preferred(by: request)
        let chosen = request.query("lang").flatMap(Language.init(tag:))
        newlyChosenLanguage = chosen.flatMap { $0.rawValue == request.cookies[Self.languageCookie] ? nil : $0 }
        csrf = CSRFToken.current(for: request)
        flash = takingFlash
            ? request.cookies[Self.flashCookie].flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
            : nil
    }

    func text(_ key: String) -> String { Strings.text(key, language) }

    func format(_ key: String, _ arguments: String...) -> String {
        Strings.format(key, language, arguments)
    }

    /// Sets the cookies a rendered page owes the browser: a new CSRF token, and the
    /// removal of a flash message once it has been shown.
    func finish(_ response: inout HTTPResponse) {
        if csrf.isNew { response.setCookie(csrf.cookie) }
        if flash != nil { response.setCookie(Self.clearedFlash) }
        // A preference, not data: remembering it is the one cookie a GET may set.
        if let chosen = newlyChosenLanguage {
            response.setCookie(HTTPCookie(name: Self.languageCookie, value: chosen.rawValue, path: "/", maxAge: 60 * 60 * 24 * 365, httpOnly: true, secure: false, sameSite: .lax))
        }
        response.headers[.cacheControl] = "no-store"
    }

    /// A 303 to `location` that leaves `message` to be shown there once.
    static func redirect(to location: String, flash message: String?) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: location)
        if let message, let encoded = message.addingPercentEncoding(withAllowedCharacters: cookieSafe) {
            response.setCookie(HTTPCookie(name: flashCookie, value: encoded, path: "/", maxAge: 120, httpOnly: true, secure: false, sameSite: .lax))
        }
        return response
    }

    /// ASCII letters and digits only: `.alphanumerics` would let non-ASCII letters (中文)
    /// through, and a cookie value must be ASCII (RFC 6265 §4.1.1).
    private static let cookieSafe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    private static let clearedFlash = HTTPCookie(name: flashCookie, value: "", path: "/", maxAge: 0, httpOnly: true, secure: false, sameSite: .lax)
}
