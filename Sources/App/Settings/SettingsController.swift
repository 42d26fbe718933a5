import HTTP
import Mustache
import Storage

/// `/settings`: each member's own text size, language, appearance, default list view and
/// currency (issue 26), stored with their account and applied to every page before it renders.
struct SettingsController: Sendable {
    let accounts: AccountStore
    let renderer: PageRenderer

    /// `GET /settings`
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        return try page(request, settings: signedIn.settings, errors: [:], status: .ok)
    }

    /// `POST /settings`: every field one of the choices, else 422 with the message by the
    /// field and nothing stored. The browser's language and appearance cookies follow, so the
    /// sign-in page looks the same after signing out.
    func save(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        let submitted = SettingsForm(form, current: signedIn.settings)
        guard submitted.errors.isEmpty else {
            return try page(request, settings: submitted.settings, errors: submitted.errors, status: .unprocessableContent)
        }
        try store(submitted.settings, of: signedIn)
        var saved = request
        saved.signedIn?.settings = submitted.settings
        // The message in the language just chosen.
        let context = renderer.context(for: saved)
        var response = context.redirect(to: Self.back(from: request, form: form), flashing: "settingsSaved")
        Self.rememberInBrowser(submitted.settings, &response, secure: request.isSecure)
        return response
    }

    /// Where a save returns: the page of the footer's language button (the `Referer`, which
    /// browsers send in full to the same origin), else the Settings page.
    static func back(from request: HTTPRequest, form: SubmittedForm) -> String {
        guard form["textSize"] == nil, let referer = request.headers[.referer], let host = request.headers[.host] else { return "/settings" }
        for scheme in ["https://", "http://"] where referer.hasPrefix(scheme + host + "/") {
            return AccountForms.safeNext(String(referer.dropFirst(scheme.count + host.utf8.count)))
        }
        return "/settings"
    }

    private func store(_ settings: MemberSettings, of member: SignedIn) throws {
        do {
            try accounts.setSettings(settings, accountID: member.account.id)
        } catch AccountError.accountNotFound {
            throw HTTPError(.unauthorized, "errorText401")
        }
    }

    /// The language and appearance cookies a signed-out page reads, set to the member's.
    static func rememberInBrowser(_ settings: MemberSettings, _ response: inout HTTPResponse, secure: Bool) {
        if let language = settings.language.flatMap(Language.init(rawValue:)) { response.setCookie(language.cookie(secure: secure)) }
        response.setCookie(Appearance(stored: settings.appearance).cookie(secure: secure))
    }

    func page(_ request: HTTPRequest, settings: MemberSettings, errors: [String: String], status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let view = SettingsView(settings: settings, context: context)
        var values = view.values
        values["errors"] = .object(errors.mapValues { .string(context.text($0)) })
        values["hasErrors"] = .bool(!errors.isEmpty)
        return try renderer.render("account/settings", values, context: context, status: status)
    }
}
