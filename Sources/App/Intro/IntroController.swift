import HTTP
import Mustache
import Storage

/// The introduction (issue 26 part 4): shown at a member's first sign-in until they finish or
/// skip it (``IntroPages/firstStop(for:goingTo:accounts:)``), and whenever they ask for it again
/// (`GET /intro` always works: the settings' "Show the introduction").
///
/// Each page is a page of its own, with links to the others (Back, Next, the page dots), so it
/// works without JavaScript; with it, a swipe or an arrow key follows Back or Next
/// (`Public/js/app.js`). Reading the pages changes nothing: only Skip and Start, a POST, record
/// that the member has seen them. Any member may, viewers too (``AccessGuard/isSelfService(_:)``).
struct IntroController: Sendable {
    let accounts: AccountStore
    let renderer: PageRenderer

    /// `GET /intro?next=…`: page 1.
    func first(_ request: HTTPRequest) throws -> HTTPResponse {
        try page(1, request)
    }

    /// `GET /intro/:page?next=…`: page 2 or 3; `/intro/1` is `/intro`, and anything else 404.
    func numbered(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let text = request.parameter("page"), let number = Int(text), String(number) == text,
              IntroPages.pages.indices.contains(number - 1)
        else { throw HTTPError(.notFound, "errorText404") }
        if number == 1 { return .redirect(to: IntroPages.path(1, next: IntroPages.destination(request.query("next")))) }
        return try page(number, request)
    }

    /// `POST /intro` (Skip, or Start on the last page): seen, and on to `next`, where the member
    /// was going (a path of this site only, else the list).
    func finish(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        do {
            try accounts.markIntroSeen(accountID: signedIn.account.id)
        } catch AccountError.accountNotFound {
            // Removed a moment ago: their sessions went with them.
            throw HTTPError(.unauthorized, "errorText401")
        }
        return .redirect(to: IntroPages.destination(form["next"]))
    }

    private func page(_ number: Int, _ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let next = IntroPages.destination(request.query("next"))
        let page = IntroPages.pages[number - 1]
        let total = IntroPages.pages.count
        let heading = context.text(page.heading)
        let dots: [MustacheValue] = (1...total).map { dot in
            .object([
                "href": .string(IntroPages.path(dot, next: next)),
                "current": .bool(dot == number),
                "label": .string(context.format("introDotLabel", String(dot), String(total))),
            ])
        }
        var values: [String: MustacheValue] = [
            "title": .string(context.format("introPageTitle", heading, String(number), String(total))),
            "heading": .string(heading),
            "text": .string(context.text(page.text)),
            "picture": .string(context.text(page.picture)),
            "art": .object([page.art: .bool(true)]),
            "number": .string(String(number)),
            "dots": .list(dots),
            "next": .string(next),
            "isLast": .bool(number == total),
        ]
        if number > 1 { values["backHref"] = .string(IntroPages.path(number - 1, next: next)) }
        if number < total { values["nextHref"] = .string(IntroPages.path(number + 1, next: next)) }
        return try renderer.render("intro/page", values, context: context)
    }
}
