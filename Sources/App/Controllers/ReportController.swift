import Foundation
import HTTP
import Mustache
import Storage

/// The printable insurance report: every item (or the list as searched, sorted and filtered)
/// with its thumbnail, name, serial number, value and date, the count and the total.
struct ReportController: Sendable {
    let store: ItemStore
    let accounts: AccountStore
    let renderer: PageRenderer
    /// Where the page is spooled before it is sent.
    let spoolDirectory: String

    /// `GET /items/report` — one read snapshot gives the totals, then the rows. The page is
    /// rendered around ``ReportView/rowsSlot`` and the rows are rendered one by one into a
    /// spool file between its two halves, so 10,000 items cost neither a query each nor a
    /// page held in memory. Thumbnails are separate (lazy) image requests.
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        // A pending message belongs to the list, which shows it; the report does not.
        let context = renderer.context(for: request, takingFlash: false)
        let query = ListQuery(request: request).state
        let view = ReportView(formatters: renderer.formatters, context: context, valuableThreshold: store.valuableThreshold)
        let owners = try accounts.accounts().filter { $0.role == .owner }.map(\.username)
        var writer = try SpoolWriter(directory: spoolDirectory)
        var tail: ArraySlice<UInt8> = []
        var number = 0
        try store.forEachItem(matching: query.filter, totals: { count, totalValue in
            let values = view.values(query: query, count: count, totalValue: totalValue, owners: owners, date: Date())
            let page = try renderer.page("items/report", values, context: context)
            guard let slot = Self.range(of: Array(ReportView.rowsSlot.utf8), in: page) else {
                throw MustacheError(template: "items/report", line: 0, column: 0, message: "no {{{rowsSlot}}} in the table body")
            }
            try writer.append(page[..<slot.lowerBound])
            tail = page[slot.upperBound...]
        }) { item, _ in
            number += 1
            try renderer.library.render("items/report-row", .custom(view.row(item, number: number)), into: &writer.buffer)
            try writer.flushIfFull()
        }
        try writer.append(tail)
        var response = HTTPResponse(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: try writer.finish())
        context.finish(&response)
        return response
    }

    /// The first occurrence of `needle` in `bytes`.
    static func range(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var start = 0
        while let index = bytes[start...].firstIndex(of: first), index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index..<index + needle.count }
            start = index + 1
        }
        return nil
    }
}
