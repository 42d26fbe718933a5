import Foundation
import HTTP
import Mustache
import Storage

/// The Warranties page (`/warranties`, issue 24 point 3): the items whose warranty ends in the
/// next ``ahead`` days, soonest first, and those whose warranty ended in the last ``behind``,
/// most recent first, each with the days left or since and linked to its dialog.
///
/// Days are counted in the household's calendar: the time zone every page shows dates in
/// (``Formatters/timeZone``), so "today" and "3 days left" agree with the dates beside them.
struct WarrantiesController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    static let ahead = 90
    static let behind = 30
    /// Rows shown at most; more are counted, not listed (the page stays small with 100,000 items).
    static let limit = 500

    /// `GET /warranties`
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let today = CalendarDate(Date(), in: renderer.formatters.timeZone)
        let range = today.adding(days: -Self.behind)...today.adding(days: Self.ahead)
        let (items, count) = try store.warranties(endingIn: range, limit: Self.limit)
        let view = WarrantiesView(formatters: renderer.formatters, context: context)
        return try renderer.render("ownership/warranties", view.values(items: items, count: count, today: today), context: context)
    }
}
