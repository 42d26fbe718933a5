import Foundation
import HTTP
import Mustache
import Storage

/// The list and edit mode: show a page, Add, reorder, delete with confirmation.
struct ItemListController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    var listView: ItemListView { ItemListView(store: store, renderer: renderer) }

    /// `GET /items` — the list, in edit mode with `?mode=edit`.
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var query = ListQuery(request: request)
        if !context.canEdit {  // viewers only look
            query.editing = false
            query.selecting = false
        }
        // The member's own favourites, never kept: read before the page, as its key is.
        let member = try listView.member(for: query, context: context)
        guard let key = try listView.sharedPageKey(for: query, context: context) else {
            let (values, listing) = try listView.values(for: query, context: context)
            return try renderer.render("items/list", values, rows: listing.rows, sectionIndex: listing.sectionIndex, member: member,
                                       context: context)
        }
        return try renderer.render("items/list", sharedAs: key, context: context, member: member) {
            try listView.sharedPage(for: query, context: context)
        }
    }

    /// `POST /items` — Add: an empty new item as a draft (its dialog has "Random item" for the
    /// tutorial's `randomItem`), shown in the modal dialog over the
    /// list as it was (its search, sort, filters and page).
    func add(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        // Added from a location's or label's page, it starts there.
        let list = ListQuery(form: form, request: request)
        let location = list.filter.location?.key
        let places = try store.places()
        let placement = ItemPlacement(locationKey: location.flatMap { places.tree.location(key: $0)?.key },
                                      labelKeys: list.filter.labelKeys.filter { places.label(key: $0) != nil })
        let draft = try store.beginNewItemDraft(placement: placement)
        return .redirect(to: "/drafts/\(draft.id.lowercasedString)" + list.stateQuery)
    }

    /// `POST /items/:key/move` — ↑/↓ (`direction`) or "move to position" (`position`,
    /// 1-based), with the store's remove-then-insert meaning; stays in edit mode. The item
    /// is found by its key inside the store's write, so a concurrent delete cannot make
    /// another item move.
    func move(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let key = try itemKey(request)
        let context = renderer.context(for: request)
        let list = ListQuery(form: form, request: request)
        if try listView.grouping(for: list) == .location {
            return try moveInSections(key: key, form: form, list: list, request: request)
        }
        let destination: ItemStore.MoveDestination?
        switch form["direction"] {
        case "up": destination = .up
        case "down": destination = .down
        default:
            // 1-based from the form; anything that is not a positive number is refused before
            // any arithmetic (no Int.min - 1).
            let position = form["position"].flatMap { Int($0.trimmingWhitespace) }
            destination = position.flatMap { $0 >= 1 ? .index($0 - 1) : nil }
        }
        do {
            guard let destination else { throw StoreError.indexOutOfRange(index: -1, count: try store.count()) }
            let move = try store.moveItem(key: key, to: destination, actor: request.actor)
            let landing = ListQuery.landing(request, containing: move.to, editing: true, focusKey: key.lowercasedString)
            return context.redirect(to: landing.url, flash: context.format("flashMoved", move.item.name, String(move.to + 1)))
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "No such item. It may have been deleted.")
        } catch StoreError.indexOutOfRange(_, let count) {
            return try renderMovePage(key: key, list: list, request: request, typed: form["position"], typedLocation: nil,
                                      error: context.format("errorPosition", String(count)), status: .unprocessableContent)
        }
    }

    /// `GET /items/:key/move` — "Move to…": the position field and ↑/↓ for one item, the
    /// reorder sheet of edit mode without JavaScript.
    func movePage(_ request: HTTPRequest) throws -> HTTPResponse {
        try renderMovePage(key: try itemKey(request), list: ListQuery(request: request), request: request, typed: nil,
                           typedLocation: nil, error: nil, status: .ok)
    }

    func renderMovePage(key: UUID, list: ListQuery, request: HTTPRequest, typed: String?, typedLocation: UUID??, error: String?,
                        status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        guard let item = try store.item(key: key), let index = try store.index(of: key) else {
            throw HTTPError(.notFound, "No such item. It may have been deleted.")
        }
        if var values = try sectionedMoveValues(key: key, item: item, list: list, typed: typed, typedLocation: typedLocation, context: context) {
            if let error { values["error"] = .string(error) }
            return try renderer.render("items/move", values, context: context, status: status)
        }
        let count = try store.count()
        var values: [String: MustacheValue] = [
            "title": .string(context.format("moveTitle", item.name)),
            "now": .string(context.format("moveNow", String(index + 1), String(count))),
            "positionLabel": .string(context.format("movePosition", String(count))),
            "position": .string(typed ?? String(index + 1)),
            "count": .int(count),
            "action": .string("/items/\(key.lowercasedString)/move"),
            "canMoveUp": .bool(index > 0),
            "canMoveDown": .bool(index < count - 1),
            "moveUpLabel": .string(context.format("moveUpLabel", item.name)),
            "moveDownLabel": .string(context.format("moveDownLabel", item.name)),
            "backHref": .string(ListQuery.landing(request, containing: index, editing: true, focusKey: key.lowercasedString).url),
        ]
        if let error { values["error"] = .string(error) }
        return try renderer.render("items/move", values, context: context, status: status)
    }

    /// `GET /items/delete?key=…` — the confirmation page for Select mode's Delete selected, and
    /// for the Delete of an item's dialog (`from=item`). With nothing selected (no JavaScript
    /// to disable the button) it is the list in Select mode again, saying so by its bar.
    func confirmDelete(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let list = ListQuery(request: request).state
        let keys = request.queryItems.filter { $0.name == "key" }
        guard !keys.isEmpty else {
            var select = ListQuery.selectMode(of: list)
            select.nothingSelected = "delete"
            return .redirect(to: select.url)
        }
        let items = try keys.compactMap { pair -> Item? in
            guard let key = UUID(uuidString: pair.value) else { return nil }
            return try store.item(key: key)
        }
        let fromItem = request.query("from") == "item" && items.count == 1
        let values: [String: MustacheValue] = [
            "title": .string(context.text("confirmBulkTitle")),
            "items": .list(items.map { item in
                .object([
                    "key": .string(item.key.lowercasedString),
                    "name": .string(item.name),
                    "serial": .string(item.serialNumber),
                    "value": .string(renderer.formatters.value(of: item, context: context)),
                ])
            }),
            "none": .bool(items.isEmpty),
            "button": .string(context.format("confirmBulkButton", String(items.count))),
            "stateFields": list.stateFields,
            // Where Delete lands, and Keep goes back to: the item's dialog, or Select mode.
            "mode": .string(fromItem ? "list" : "select"),
            "backHref": .string(fromItem ? "/items/\(items[0].key.lowercasedString)" + list.stateQuery : ListQuery.selectMode(of: list).url),
        ]
        return try renderer.render("items/confirm-delete", values, context: context)
    }

    /// `POST /items/delete` — moves the listed keys (one row's Delete, or the confirmed
    /// selection), photos included, to Recently Deleted in one transaction; the list then
    /// offers Undo.
    func delete(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let keys = try Self.selectedKeys(form)
        guard !keys.isEmpty else { throw HTTPError(.badRequest, "No items were selected.") }
        let batch: DeletedBatch
        do {
            batch = try store.removeItems(keys: keys, actor: request.actor)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "An item you selected no longer exists, so nothing was deleted. It may have been deleted already.")
        }
        // Back where the delete was asked for: Select mode, the list (an item's dialog), or edit mode.
        var landing = ListQuery(form: form, request: request)
        switch form["mode"] {
        case "select": landing.selecting = true
        case "list": break
        default: landing.editing = true
        }
        let removed = batch.items
        let message = removed.count == 1 ? context.format("flashDeleted", removed[0].name) : context.plural("flashDeletedMany", count: removed.count, renderer.formatters.grouped(removed.count, context.language))
        return context.redirect(to: landing.url, flash: message, undo: batch.id)
    }

    /// `POST /items/restore` — Undo: puts back every item of the last delete, each at its
    /// old position with its photo, and shows the first of them.
    func restore(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        guard let batch = form["batch"].flatMap(UUID.init(uuidString:)) else { throw HTTPError(.badRequest, "The form has no deletion to undo.") }
        let restored: [Item]
        do {
            restored = try store.restore(batch: batch, actor: request.actor)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "Those items are no longer in Recently Deleted: they were restored or deleted for good.")
        }
        var landing = ListQuery(form: form, request: request)
        landing.editing = form["mode"] == "edit"
        landing.selecting = form["mode"] == "select"
        if let first = restored.first {
            landing.focusKey = first.key.lowercasedString
            if let page = try listView.page(showing: first.key, in: landing) { landing.page = page }
        }
        let message = restored.count == 1 ? context.format("flashRestored", restored[0].name) : context.plural("flashRestoredMany", count: restored.count, renderer.formatters.grouped(restored.count, context.language))
        return context.redirect(to: landing.url, flash: message)
    }

    /// The items a form names (`key`, repeated), each once, in order; 400 for one that is no key.
    static func selectedKeys(_ form: SubmittedForm) throws -> [UUID] {
        var keys: [UUID] = []
        for value in form.values("key") {
            guard let key = UUID(uuidString: value) else { throw HTTPError(.badRequest, "Not an item key: \(value)") }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    private func itemKey(_ request: HTTPRequest) throws -> UUID {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text) else {
            throw HTTPError(.notFound, "No such item.")
        }
        return key
    }
}
