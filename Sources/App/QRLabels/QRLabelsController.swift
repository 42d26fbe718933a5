import Foundation
import HTTP
import Mustache
import QRCode
import Storage

/// Printable sheets of QR labels (issue 24 point 5): for items chosen in the list's Select
/// mode or an item's dialog, and for locations (boxes, shelves) chosen on their own page.
/// Each label's code opens the item or location on this server (``QRLabelAddress``).
///
/// Where libqrencode is missing every handler here throws
/// ``QRCodeError/libraryUnavailable(library:reason:)`` before anything else, answered 503 by
/// ``QRLabelsUnavailable`` in one place.
struct QRLabelsController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer
    let library: QRCodeLibrary
    let address: QRLabelAddress

    /// Most labels on one sheet: 24 A4 pages. The list's Select mode sends 100 at most (a
    /// page); "All locations" is the one way to ask for more.
    static let maximumLabels = 500

    /// One thing a sheet is asked to hold, in the order asked.
    enum Choice: Equatable {
        case item(UUID)
        case location(UUID)
        /// `location=all`: every location, depth-first in their order.
        case allLocations
    }

    /// `GET /qr-labels?item=KEY&location=KEY` — each repeatable, in any order, `location=all`
    /// for every location. Unknown keys are left out and said so (the page that chose them may
    /// be older than a delete); a malformed key is 400, more than ``maximumLabels`` 422.
    func sheet(_ request: HTTPRequest) throws -> HTTPResponse {
        let encoder = try library.encoder()
        let context = renderer.context(for: request)
        var choices: [Choice] = []
        for (name, value) in request.queryItems {
            switch name {
            case "item": choices.append(.item(try Self.key(value, context: context)))
            case "location": choices.append(value == "all" ? .allLocations : .location(try Self.key(value, context: context)))
            default: continue
            }
        }
        let fromLocations = request.query("from") == "locations"
        guard !choices.isEmpty else {
            // The locations form sent with nothing ticked: back to it, saying so.
            if fromLocations { return .redirect(to: "/qr-labels/locations?none=1") }
            throw HTTPError(.badRequest, "qrLabelsErrorNothing")
        }
        let onlyLocations = !choices.contains { if case .item = $0 { true } else { false } }
        return try render(choices, encoder: encoder, request: request, context: context,
                          backHref: fromLocations || onlyLocations ? "/locations" : "/items")
    }

    /// `GET /items/qr-labels?key=…` — Select mode's "Print labels": the selected items (the
    /// bar's form names them `key`, as for Move and Delete) and the list's state, which Back
    /// returns to. Nothing selected (no JavaScript to disable the button): the list in Select
    /// mode again, saying so by its bar.
    func selectedItems(_ request: HTTPRequest) throws -> HTTPResponse {
        let encoder = try library.encoder()
        let context = renderer.context(for: request)
        let list = ListQuery.selectMode(of: ListQuery(request: request).state)
        let keys = try request.queryItems.filter { $0.name == "key" }.map { try Self.key($0.value, context: context) }
        guard !keys.isEmpty else {
            var select = list
            select.nothingSelected = "labels"
            return .redirect(to: select.url)
        }
        return try render(keys.map(Choice.item), encoder: encoder, request: request, context: context, backHref: list.url)
    }

    /// `GET /qr-labels/locations` — every location by path with a box to tick, and "All
    /// locations"; the form asks for the sheet (`GET /qr-labels`).
    func chooseLocations(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try library.encoder()
        let context = renderer.context(for: request)
        let tree = try store.locationTree()
        var values: [String: MustacheValue] = [
            "title": .string(context.text("qrLabelsChooseTitle")),
            "none": .bool(tree.isEmpty),
            "locations": .list(tree.locations.map { location in
                .object(["key": .string(location.key.lowercasedString), "path": .string(location.pathText),
                         "code": .string(QRLabel.shortCode(location.key))])
            }),
            "allHref": .string("/qr-labels?location=all&from=locations"),
            "allFits": .bool(tree.locations.count <= Self.maximumLabels),
        ]
        if request.query("none") == "1", !tree.isEmpty { values["error"] = .string(context.text("qrLabelsChooseNone")) }
        return try renderer.render("qr-labels/locations", values, context: context)
    }

    private func render(_ choices: [Choice], encoder: QREncoder, request: HTTPRequest, context: PageContext, backHref: String) throws
        -> HTTPResponse {
        let needsTree = choices.contains { if case .item = $0 { false } else { true } }
        let tree = needsTree ? try store.locationTree() : .empty
        // Counted before anything is looked up or drawn.
        let asked = choices.reduce(0) { count, choice in count + (choice == .allLocations ? tree.locations.count : 1) }
        guard asked <= Self.maximumLabels else {
            throw HTTPError(.unprocessableContent, context.format("qrLabelsErrorTooMany", String(Self.maximumLabels), String(asked)))
        }
        var labels: [QRLabel] = []
        var seen = Set<UUID>()
        var skipped = 0
        for choice in choices {
            switch choice {
            case .item(let key):
                guard seen.insert(key).inserted else { continue }
                if let item = try store.item(key: key) { labels.append(QRLabel(item)) } else { skipped += 1 }
            case .location(let key):
                guard seen.insert(key).inserted else { continue }
                if let location = tree.location(key: key) { labels.append(QRLabel(location)) } else { skipped += 1 }
            case .allLocations:
                for location in tree.locations where seen.insert(location.key).inserted { labels.append(QRLabel(location)) }
            }
        }
        guard !labels.isEmpty else { throw HTTPError(.notFound, "qrLabelsErrorNoneExist") }
        let view = QRLabelSheetView(context: context, address: address)
        let values = try view.values(labels, origin: address.origin(for: request), encoder: encoder, skipped: skipped, backHref: backHref)
        return try renderer.render("qr-labels/sheet", values, context: context)
    }

    /// A key from the query; 400 naming it when it is not one.
    static func key(_ text: String, context: PageContext) throws -> UUID {
        guard let key = UUID(uuidString: text) else {
            throw HTTPError(.badRequest, context.format("qrLabelsErrorKey", String(text.prefix(80))))
        }
        return key
    }
}
