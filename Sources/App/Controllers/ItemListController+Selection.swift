import Foundation
import HTTP
import Mustache
import Storage

/// Select mode's "Move to…": the chosen items go together to one position of the list.
extension ItemListController {
    /// `GET /items/move-selected?key=…` — the position to move the selected items to. With
    /// nothing selected (no JavaScript to disable the button) it is the list in Select mode
    /// again, saying so by its bar.
    func moveSelectedPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let keys = request.queryItems.filter { $0.name == "key" }.compactMap { UUID(uuidString: $0.value) }
        return try renderMoveSelected(keys: keys, list: ListQuery(request: request).state, request: request,
                                      typed: nil, error: nil, status: .ok)
    }

    /// `POST /items/move-selected` — moves the listed keys so the first of them lands at
    /// `position` (1-based), the others right after it in their order, in one transaction.
    func moveSelected(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let keys = try Self.selectedKeys(form)
        let list = ListQuery(form: form, request: request).state
        guard !keys.isEmpty else { return .redirect(to: Self.nothingSelected(list).url) }
        // 1-based from the form; anything that is not a positive number is refused before any arithmetic.
        let position = form["position"].flatMap { Int($0.trimmingWhitespace) }.flatMap { $0 >= 1 ? $0 : nil }
        do {
            guard let position else { throw StoreError.indexOutOfRange(index: -1, count: 0) }
            let moved = try store.moveItems(keys: keys, toRemainingIndex: position - 1, actor: request.actor)
            let landing = ListQuery.landing(request, containing: moved.index, focusKey: moved.items.first?.key.lowercasedString)
            let message = moved.items.count == 1
                ? context.format("flashMoved", moved.items[0].name, String(moved.index + 1))
                : context.plural("flashMovedMany", count: moved.items.count, renderer.formatters.grouped(moved.items.count, context.language),
                                 renderer.formatters.grouped(moved.index + 1, context.language))
            return context.redirect(to: landing.url, flash: message)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "An item you selected no longer exists, so nothing was moved. It may have been deleted.")
        } catch StoreError.indexOutOfRange {
            return try renderMoveSelected(keys: keys, list: list, request: request, typed: form["position"],
                                          error: context.format("errorPosition", String(try store.count() - keys.count + 1)),
                                          status: .unprocessableContent)
        }
    }

    private func renderMoveSelected(keys: [UUID], list: ListQuery, request: HTTPRequest, typed: String?, error: String?,
                                    status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let items = try keys.compactMap { try store.item(key: $0) }
        guard !items.isEmpty else { return .redirect(to: Self.nothingSelected(list).url) }
        let last = try store.count() - items.count + 1
        var values: [String: MustacheValue] = [
            "title": .string(items.count == 1 ? context.format("moveTitle", items[0].name) : context.format("moveManyTitle", String(items.count))),
            "items": .list(items.map { .object(["key": .string($0.key.lowercasedString), "name": .string($0.name)]) }),
            "positionLabel": .string(context.format("movePosition", String(last))),
            "position": .string(typed ?? "1"),
            "count": .int(last),
            "stateFields": list.stateFields,
            "backHref": .string(ListQuery.selectMode(of: list).url),
        ]
        if let error { values["error"] = .string(error) }
        if try store.hasLocations() {
            values["locations"] = try locationChoices(selected: nil, context: context)
            values["hasLocations"] = true
        }
        return try renderer.render("items/move-selected", values, context: context, status: status)
    }

    static func nothingSelected(_ list: ListQuery) -> ListQuery {
        var select = ListQuery.selectMode(of: list)
        select.nothingSelected = "move"
        return select
    }
}
