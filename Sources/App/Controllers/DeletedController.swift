import Foundation
import HTTP
import Mustache
import Storage

/// Recently Deleted: items deleted in the last 30 days, photo included, to restore or to
/// delete for good (after a confirmation).
struct DeletedController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    static let pageSize = 100

    /// `GET /deleted` — the list; `?confirm=KEY` asks about deleting that item for good.
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let count = try store.deletedCount()
        let pageCount = max(1, (count + Self.pageSize - 1) / Self.pageSize)
        let page = min(ListQuery.pageNumber(request.query("page")), pageCount)
        let confirmKey = request.query("confirm")
        let focusKey = request.query("focus")
        let now = Date()
        let formatters = renderer.formatters
        let pageQuery = page > 1 ? "page=\(page)" : ""
        let items: [MustacheValue] = try store.deletedItems(offset: (page - 1) * Self.pageSize, limit: Self.pageSize).map { deleted in
            let item = deleted.item
            let key = item.key.lowercasedString
            let when = formatters.day(deleted.deletedAt, context.language).medium
            let left = max(1, Int((deleted.deletedAt.addingTimeInterval(ItemStore.deletedLifetime).timeIntervalSince(now) / 86_400).rounded(.up)))
            var values: [String: MustacheValue] = [
                "key": .string(key),
                "name": .string(item.name),
                "serial": .string(item.serialNumber),
                "value": .string(formatters.value(of: item, context: context)),
                "deleted": .string(deleted.deletedBy.isEmpty
                    ? context.format("deletedMetaNoOne", when) : context.format("deletedMeta", when, deleted.deletedBy)),
                "left": .string(context.plural("daysLeft", count: left, String(left))),
                "restoreLabel": .string(context.format("restoreLabel", item.name)),
                "deleteNowLabel": .string(context.format("deleteNowLabel", item.name)),
                "deleteForGoodLabel": .string(context.format("deleteForGoodLabel", item.name)),
                "confirmHref": .string("/deleted?" + [pageQuery, "confirm=\(key)"].filter { !$0.isEmpty }.joined(separator: "&")),
                "keepHref": .string("/deleted?" + [pageQuery, "focus=\(key)"].filter { !$0.isEmpty }.joined(separator: "&")),
                "confirming": .bool(confirmKey == key),
                "focus": .bool(focusKey == key),
            ]
            if let etag = item.photoETag {
                let version = ItemListView.urlSafe(etag)
                values["thumb"] = .string("/deleted/\(key)/thumbnails/60?v=\(version)")
                values["thumb2x"] = .string("/deleted/\(key)/thumbnails/120?v=\(version)")
            }
            return .object(values)
        }
        var values: [String: MustacheValue] = [
            "title": .string(context.text("recentlyDeleted")),
            "items": .list(items),
            "none": .bool(count == 0),
            "page": .int(page),
        ]
        if pageCount > 1 {
            values["pager"] = .object([
                "previousHref": page > 1 ? .string("/deleted?page=\(page - 1)") : .null,
                "nextHref": page < pageCount ? .string("/deleted?page=\(page + 1)") : .null,
                "label": .string(context.format("page", String(page))),
            ])
        }
        return try renderer.render("items/deleted", values, context: context)
    }

    /// `POST /deleted/:key/restore` — puts the item back at its old position with its photo
    /// and shows it in the list.
    func restore(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let key = try deletedKey(request)
        let item: Item
        do {
            item = try store.restore(key: key, actor: request.actor)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "That item is no longer in Recently Deleted: it was restored or deleted for good.")
        }
        let index = try store.index(of: key) ?? 0
        let landing = ListQuery.landing(request, containing: index, focusKey: key.lowercasedString)
        return context.redirect(to: landing.url, flash: context.format("flashRestored", item.name))
    }

    /// `POST /deleted/:key/delete` — deletes the item for good (the page asked first).
    func deleteNow(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let key = try deletedKey(request)
        guard let deleted = try store.deletedItem(key: key) else {
            throw HTTPError(.notFound, "That item is no longer in Recently Deleted: it was restored or deleted for good.")
        }
        do {
            try store.deleteNow(key: key)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "That item is no longer in Recently Deleted: it was restored or deleted for good.")
        }
        let page = ListQuery.pageNumber(form["page"])
        return context.redirect(to: "/deleted" + (page > 1 ? "?page=\(page)" : ""),
                                    flash: context.format("flashDeletedForGood", deleted.item.name))
    }

    /// `GET /deleted/:key/thumbnails/:size`
    func thumbnail(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)),
              let size = request.parameter("size").flatMap({ Int($0) }), ItemStore.thumbnailSizes.contains(size),
              let thumbnail = try store.thumbnail(forDeletedItem: key, size: size) else {
            throw HTTPError(.notFound, "This item has no photo.")
        }
        return PhotoController.respond(with: thumbnail, request: request, cacheable: true)
    }

    private func deletedKey(_ request: HTTPRequest) throws -> UUID {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)) else { throw HTTPError(.notFound, "No such item.") }
        return key
    }
}
