import Foundation
import HTTP

/// What every page needs to know about the browser asking: its language, its CSRF
/// token, and the one-time message left by the previous request (POST → 303 → GET).
struct PageContext: Sendable {
    /// The language and the member's settings the page is drawn with.
    let presentation: Presentation
    var language: Language { presentation.language }
    var currency: Currency { presentation.currency }
    let csrf: CSRFToken
    let flash: String?
    /// The deletion the flash message offers to undo (its batch in Recently Deleted).
    let undoBatch: UUID?
    /// Where on the page the flash message belongs (``FlashMessage/place``); nil for the top.
    let flashPlace: String?
    /// The import the flash message offers to undo (issue 22 point 2).
    let undoImport: UUID?
    /// A language picked with `?lang=` that the browser has not remembered yet.
    let newlyChosenLanguage: Language?
    /// An appearance picked with `?appearance=` (signed out) that the browser has not remembered yet.
    let newlyChosenAppearance: Appearance?
    /// The signed-in member, if any: their name, role and what the page may offer them.
    let signedIn: SignedIn?
    /// The server's key, to sign the flash message a redirect leaves (``FlashMessage``).
    private let key: [UInt8]

    /// Whether the member may change items (viewers only look).
    var canEdit: Bool { signedIn?.account.role.canEdit ?? false }

    /// - Parameters:
    ///   - csrf: issues the token of the page's forms.
    ///   - takingFlash: false for pages that must leave a pending flash message
    ///     for the next list page (error pages).
    init(request: HTTPRequest, csrf protection: CSRFProtection, takingFlash: Bool = true) {
        presentation = Presentation(request: request)
        let chosen = request.query("lang").flatMap(Language.init(tag:))
        newlyChosenLanguage = chosen.flatMap { $0.rawValue == Language.remembered(in: request)?.rawValue ? nil : $0 }
        let appearance = request.query("appearance").flatMap(Appearance.init(rawValue:))
        newlyChosenAppearance = appearance.flatMap { $0 == Appearance.remembered(in: request) ? nil : $0 }
        csrf = protection.token(for: request)
        signedIn = request.signedIn
        key = protection.key
        let message = takingFlash && !csrf.isNew ? FlashMessage.read(from: request, key: key, browserID: csrf.browserID) : nil
        (flash, flashPlace) = (message?.text, message?.place)
        undoBatch = message?.undoesImport == true ? nil : message?.undoBatch
        undoImport = message?.undoesImport == true ? message?.undoBatch : nil
        hasFlashCookie = takingFlash && request.cookie(FlashMessage.cookieName(secure: request.isSecure)) != nil
    }

    /// Whether the request brought a flash cookie, shown or not: either way it goes.
    private let hasFlashCookie: Bool

    func text(_ key: String) -> String { Strings.text(key, language) }

    func format(_ key: String, _ arguments: String...) -> String {
        Strings.format(key, language, arguments)
    }

    /// The form of plural message `key` for `count` (see ``Strings/plural(_:count:_:_:)``).
    func plural(_ key: String, count: Int, _ arguments: String...) -> String {
        Strings.plural(key, count: count, language, arguments)
    }

    /// Sets the cookies a rendered page owes the browser: a new CSRF browser id (not on
    /// error pages: an error must never replace the id that other open tabs' forms rely
    /// on), and the removal of a flash message once it has been shown (or refused).
    /// Over HTTPS every one is Secure and `__Host-` (host-only, Path=/).
    func finish(_ response: inout HTTPResponse, isErrorPage: Bool = false) {
        if csrf.isNew && !isErrorPage { response.setCookie(csrf.cookie) }
        if hasFlashCookie { response.setCookie(FlashMessage.clearing(secure: csrf.isSecure)) }
        // A preference, not data: remembering it is the one cookie a GET may set.
        if let chosen = newlyChosenLanguage { response.setCookie(chosen.cookie(secure: csrf.isSecure)) }
        if let chosen = newlyChosenAppearance { response.setCookie(chosen.cookie(secure: csrf.isSecure)) }
        response.headers[.cacheControl] = "no-store"
    }

    /// A 303 to `location` that leaves `message` to be shown there once, signed for this
    /// browser, with an Undo button when it reports a deletion (`undo` is its batch) or an
    /// import (`undoImport`). With a `place` (an element id) the message is shown there, and the
    /// redirect's fragment scrolls to it: beside what the action was taken on.
    func redirect(to location: String, flash message: String?, undo: UUID? = nil, undoImport: UUID? = nil, place: String? = nil) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: place.map { location + "#" + $0 } ?? location)
        // Every redirect with a message answers a form POST, which carries a browser id;
        // without one (a new id, never set) the message could not be read back anyway.
        if let message, !csrf.isNew,
           let cookie = FlashMessage(text: message, undoBatch: undoImport ?? undo, place: place, undoesImport: undoImport != nil)
            .cookie(key: key, browserID: csrf.browserID, secure: csrf.isSecure) {
            response.setCookie(cookie)
        }
        return response
    }

    /// ``redirect(to:flash:undo:)`` with the text of the string `key`.
    func redirect(to location: String, flashing key: String, place: String? = nil) -> HTTPResponse {
        redirect(to: location, flash: text(key), place: place)
    }
}
