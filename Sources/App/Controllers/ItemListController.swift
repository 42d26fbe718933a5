import Foundation
import HTTP
import Mustache
import Storage

/// The list and edit mode: show a page, Add, reorder, delete with confirmation.
struct ItemListController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    private var listView: ItemListView { ItemListView(store: store, renderer: renderer) }

    /// `GET /items` — the list, in edit mode with `?mode=edit`.
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = PageContext(request: request)
        let values = try listView.values(for: ListQuery(request: request), context: context)
        return try renderer.render("items/list", values, context: context)
    }

    /// `POST /items` — Add: a random item as a draft, shown in the modal dialog.
    func add(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let draft = try store.beginNewItemDraft()
        let page = form["page"].flatMap { Int($0) } ?? 1
        return .redirect(to: "/drafts/\(draft.id.lowercasedString)" + (page > 1 ? "?page=\(page)" : ""))
    }

    /// `POST /items/:key/move` — ↑/↓ (`direction`) or "move to position" (`position`,
    /// 1-based), with the store's remove-then-insert meaning; stays in edit mode.
    func move(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let key = try itemKey(request)
        guard let from = try store.index(of: key), let item = try store.item(key: key) else {
            throw HTTPError(.notFound, "No such item.")
        }
        let count = try store.count()
        let context = PageContext(request: request)
        let target: Int?
        switch form["direction"] {
        case "up": target = from - 1
        case "down": target = from + 1
        default: target = form["position"].flatMap { Int($0.trimmingWhitespace) }.map { $0 - 1 }
        }
        guard let to = target, (0..<count).contains(to) else {
            let query = ListQuery(page: ListQuery.page(containing: from), editing: true)
            let moveError = ItemListView.MoveError(key: key.lowercasedString, message: context.format("errorPosition", String(count)))
            let values = try listView.values(for: query, context: context, moveError: moveError)
            return try renderer.render("items/list", values, context: context, status: .unprocessableContent)
        }
        if to != from { try store.moveItem(from: from, to: to) }
        let landing = ListQuery(page: ListQuery.page(containing: to), editing: true, focusKey: key.lowercasedString)
        return PageContext.redirect(to: landing.url, flash: context.format("flashMoved", item.name, String(to + 1)))
    }

    /// `GET /items/delete?key=…` — the confirmation page for Delete selected.
    func confirmDelete(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = PageContext(request: request)
        let items = try request.queryItems.filter { $0.name == "key" }.compactMap { pair -> Item? in
            guard let key = UUID(uuidString: pair.value) else { return nil }
            return try store.item(key: key)
        }
        let page = request.query("page").flatMap { Int($0) } ?? 1
        let values: [String: MustacheValue] = [
            "title": .string(context.text("confirmBulkTitle")),
            "items": .list(items.map { item in
                .object([
                    "key": .string(item.key.lowercasedString),
                    "name": .string(item.name),
                    "serial": .string(item.serialNumber),
                    "value": .string(renderer.formatters.dollars(item.valueInDollars, context.language)),
                ])
            }),
            "none": .bool(items.isEmpty),
            "button": .string(context.format("confirmBulkButton", String(items.count))),
            "page": .int(page),
            "backHref": .string(ListQuery(page: page, editing: true).url),
        ]
        return try renderer.render("items/confirm-delete", values, context: context)
    }

    /// `POST /items/delete` — deletes the listed keys (one row's Delete, or the
    /// confirmed selection), photos included, in one transaction.
    func delete(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = PageContext(request: request)
        var keys: [UUID] = []
        for value in form.values("key") {
            guard let key = UUID(uuidString: value) else { throw HTTPError(.badRequest, "Not an item key: \(value)") }
            if !keys.contains(key) { keys.append(key) }
        }
        guard !keys.isEmpty else { throw HTTPError(.badRequest, "No items were selected.") }
        var names: [String] = []
        for key in keys {
            guard let item = try store.item(key: key) else { throw HTTPError(.notFound, "No such item.") }
            names.append(item.name)
        }
        try store.removeItems(keys: keys)
        let page = form["page"].flatMap { Int($0) } ?? 1
        let message = keys.count == 1 ? context.format("flashDeleted", names[0]) : context.format("flashDeletedMany", String(keys.count))
        return PageContext.redirect(to: ListQuery(page: page, editing: true).url, flash: message)
    }

    private func itemKey(_ request: HTTPRequest) throws -> UUID {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text) else {
            throw HTTPError(.notFound, "No such item.")
        }
        return key
    }
}
