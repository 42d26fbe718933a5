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
    ///
    /// `?group=location` (issue 23 point 7): a section per location that holds items, by path,
    /// depth-first in the locations' order, "No location" last, each closed by its subtotal;
    /// the grand total stays at the foot.
    ///
    /// `?photos=1` (issue 24): after the table, a page per item with photos showing all of them.
    /// Each row says "Receipt on file" when the item has a document of the kind Receipt.
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        // A pending message belongs to the list, which shows it; the report does not.
        let context = renderer.context(for: request, takingFlash: false)
        let query = ListQuery(request: request).state
        let grouped = request.query("group") == "location"
        let photoPages = request.query("photos") == "1"
        let view = ReportView(formatters: renderer.formatters, context: context, valuableThreshold: store.valuableThreshold)
        let owners = try accounts.accounts().filter { $0.role == .owner }.map(\.username)
        var writer = try SpoolWriter(directory: spoolDirectory)
        var tail: ArraySlice<UInt8> = []
        var number = 0
        // Items with photos, by their number in the table: the photo pages come after it.
        var withPhotos: [(number: Int, item: Item)] = []
        let withReceipts = try store.itemKeys(withDocumentOf: .receipt)
        let head = { (count: Int, totalValue: Int) in
            var values = view.values(query: query, grouped: grouped, count: count, totalValue: totalValue, owners: owners, date: Date())
            values.merge(view.photoPagesLink(query, grouped: grouped, photoPages: photoPages)) { $1 }
            let page = try renderer.page("items/report", values, context: context)
            guard let slot = Self.range(of: Array(ReportView.rowsSlot.utf8), in: page) else {
                throw MustacheError(template: "items/report", line: 0, column: 0, message: "no {{{rowsSlot}}} in the table body")
            }
            try writer.append(page[..<slot.lowerBound])
            tail = page[slot.upperBound...]
        }
        let row = { (item: Item) in
            number += 1
            if photoPages, item.photoETag != nil { withPhotos.append((number, item)) }
            try renderer.library.render("items/report-row", .custom(view.row(item, number: number, hasReceipt: withReceipts.contains(item.key))), into: &writer.buffer)
            try writer.flushIfFull()
        }
        if grouped {
            // Each section is a row group: its heading, its rows, its subtotal (written when the next begins).
            var open: LocationSubtotal?
            let close = {
                guard let section = open else { return }
                try renderer.library.render("items/report-section-end", view.sectionEnd(section), into: &writer.buffer)
            }
            try store.forEachItemByLocation(matching: query.filter, totals: head, section: { section in
                try close()
                open = section
                try renderer.library.render("items/report-section", view.sectionStart(section), into: &writer.buffer)
            }, row)
            try close()
        } else {
            try store.forEachItem(matching: query.filter, totals: head) { item, _ in try row(item) }
        }
        if let slot = Self.range(of: Array(ReportView.appendixSlot.utf8), in: Array(tail)) {
            let bytes = Array(tail)
            try writer.append(bytes[..<slot.lowerBound])
            for (number, item) in withPhotos {
                let photos = try store.photoETags(ofItem: item.key)
                guard !photos.isEmpty else { continue }  // removed meanwhile
                try renderer.library.render("items/report-appendix", view.appendixPage(item, number: number, photos: photos), into: &writer.buffer)
                try writer.flushIfFull()
            }
            try writer.append(bytes[slot.upperBound...])
        } else {
            try writer.append(tail)
        }
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
