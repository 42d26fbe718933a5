import Foundation
import HTTP
import Storage

/// Issue 26: the star of a row and of an item's sheet. One endpoint, kept simple for whatever
/// else offers it (swipe actions, a row's menu): `POST /items/{key}/favourite` with
/// `favourite=1` or `favourite=0` and the CSRF field; idempotent. Any role may star: it is the
/// member's own view, not a change to the household's data (no history, no new version, no
/// list revision, so nobody editing the item meets a conflict and no open page is told).
///
/// Without JavaScript it answers 303 back where the member was — the list as it was (search,
/// sort, filters, page, sections) at the item's row, or the item's sheet (`from=item`) — with a
/// message saying what happened. Asked for JSON (`Accept: application/json`, the script's
/// in-place toggle) it answers `{key, favourite, label, message}`: the new state, the toggle's
/// new label and the message; asked for nothing (`Prefer: return=minimal`), 204.
struct FavouriteController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    func toggle(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        guard let text = request.parameter("key"), let key = UUID(uuidString: text) else {
            throw HTTPError(.notFound, "No such item.")
        }
        let favourite: Bool
        switch form["favourite"] {
        case "1": favourite = true
        case "0": favourite = false
        default: throw HTTPError(.badRequest, "The form must say favourite=1 (add to favourites) or favourite=0 (remove).")
        }
        guard let account = request.signedIn?.account.id, let item = try store.item(key: key) else {
            throw HTTPError(.notFound, "No such item. It may have been deleted.")
        }
        let changed: Bool
        do {
            changed = try store.setFavourite(favourite, itemKey: key, accountID: account)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "No such item. It may have been deleted.")
        }
        let message = context.format(Self.messageKey(favourite: favourite, changed: changed), item.name)
        if request.prefersJSON {
            return try .json([
                "key": key.lowercasedString,
                "favourite": favourite,
                "label": context.format(favourite ? "favouriteRemove" : "favouriteAdd", item.name),
                "message": message,
            ])
        }
        if Self.prefersMinimal(request) { return HTTPResponse(status: .noContent) }
        let list = ListQuery(form: form, request: request).state
        if form["from"] == "item" {
            return context.redirect(to: "/items/\(key.lowercasedString)" + list.stateQuery, flash: message)
        }
        var landing = list
        landing.focusKey = key.lowercasedString
        return context.redirect(to: landing.url, flash: message)
    }

    /// What the message says: added or removed, or that it was so already (another tab did it).
    static func messageKey(favourite: Bool, changed: Bool) -> String {
        switch (favourite, changed) {
        case (true, true): "flashFavouriteAdded"
        case (true, false): "flashFavouriteAlready"
        case (false, true): "flashFavouriteRemoved"
        case (false, false): "flashFavouriteNotThere"
        }
    }

    /// RFC 7240 `Prefer: return=minimal`: the caller wants no body.
    static func prefersMinimal(_ request: HTTPRequest) -> Bool {
        request.headers[HTTPHeaderName("Prefer")].map { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "return=minimal" }
        } ?? false
    }
}
