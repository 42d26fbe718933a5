import Foundation
import HTTP
import Mustache
import Storage

/// Moving rows in a list cut into sections by location: ↑ and ↓ within a row's section, and
/// the Move page's Location and Position in it — `moveRowAtIndexPath:toIndexPath:` across
/// sections, which changes the item's location and its place in one write.
extension ItemListController {
    /// `POST /items/:key/move` of a sectioned list: `direction` (up, down: within its section), or
    /// `destination` (a location key, `""` for none) and `position` (1-based among that location's items).
    func moveInSections(key: UUID, form: SubmittedForm, list: ListQuery, request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        guard let place = try store.sectionPlace(of: key) else { throw HTTPError(.notFound, "No such item. It may have been deleted.") }
        var target = place.locationKey
        var index: Int?
        switch form["direction"] {
        case "up", "down":
            let step = form["direction"] == "up" ? -1 : 1
            guard (0..<place.count).contains(place.index + step) else {
                return try renderMovePage(key: key, list: list, request: request, typed: nil, typedLocation: nil,
                                          error: context.format("errorPosition", String(place.count)), status: .unprocessableContent)
            }
            index = place.index + step
        default:
            if let field = form["destination"] {
                guard field.isEmpty || UUID(uuidString: field) != nil else { throw HTTPError(.badRequest, "Not a location: \(field)") }
                target = UUID(uuidString: field)
            }
            let count = try store.itemCount(inLocation: target) + (target == place.locationKey ? 0 : 1)
            guard let position = form["position"].flatMap({ Int($0.trimmingWhitespace) }), (1...max(1, count)).contains(position) else {
                return try renderMovePage(key: key, list: list, request: request, typed: form["position"], typedLocation: target,
                                          error: context.format("errorPosition", String(max(1, count))), status: .unprocessableContent)
            }
            index = position - 1
        }
        let move: ItemStore.SectionMove
        do {
            move = try store.moveItem(key: key, toLocation: target, index: index, actor: request.actor)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "No such item. It may have been deleted.")
        } catch StoreError.locationNotFound {
            return try renderMovePage(key: key, list: list, request: request, typed: form["position"], typedLocation: nil,
                                      error: context.text("errorLocationGone"), status: .unprocessableContent)
        }
        var landing = list.state
        landing.editing = true
        landing.focusKey = key.lowercasedString
        landing.page = try pageShowing(move, list: list)
        let places = try store.places()
        let where_ = target.flatMap { places.tree.location(key: $0)?.pathText } ?? context.text("noLocation")
        return context.redirect(to: landing.url, flash: context.format("flashMovedIn", move.item.name, where_, String(move.indexInSection + 1)))
    }

    /// The page of the sectioned list that shows the moved row.
    private func pageShowing(_ move: ItemStore.SectionMove, list: ListQuery) throws -> Int {
        let sections = try store.sectionedItems(matching: list.filter, grouping: .location, offset: 0, limit: 0).sections
        let group: ItemSection.Group = move.item.locationKey.map { .location($0) } ?? .noLocation
        guard let section = sections.first(where: { $0.group == group }) else { return 1 }
        return list.page(containing: section.start + move.indexInSection)
    }

    /// The Move page of a sectioned list: which location, and where in it.
    func sectionedMoveValues(key: UUID, item: Item, list: ListQuery, typed: String?, typedLocation: UUID??,
                             context: PageContext) throws -> [String: MustacheValue]? {
        guard try listView.grouping(for: list) == .location, let place = try store.sectionPlace(of: key) else { return nil }
        let places = try store.places()
        let here = place.locationKey.flatMap { places.tree.location(key: $0)?.pathText } ?? context.text("noLocation")
        let chosen = typedLocation ?? place.locationKey
        var back = list.state
        back.editing = true
        back.focusKey = key.lowercasedString
        return [
            "title": .string(context.format("moveTitle", item.name)),
            "now": .string(context.format("moveNowIn", String(place.index + 1), String(place.count), here)),
            "positionLabel": .string(context.text("movePositionIn")),
            "position": .string(typed ?? String(place.index + 1)),
            "locations": try locationChoices(selected: .some(chosen), context: context),
            "hasLocationChoice": true,
            "stateFields": list.state.stateFields,
            "action": .string("/items/\(key.lowercasedString)/move"),
            "canMoveUp": .bool(place.index > 0),
            "canMoveDown": .bool(place.index < place.count - 1),
            "moveUpLabel": .string(context.format("moveUpLabel", item.name)),
            "moveDownLabel": .string(context.format("moveDownLabel", item.name)),
            "backHref": .string(back.url),
        ]
    }
}

extension ItemListController {
    /// `POST /items/move-to-location` — Select mode's "Move to…" a location, confirmed on the
    /// Move page: every selected item is put in `destination` (`""`: no location) in one write.
    func moveSelectedToLocation(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let keys = try Self.selectedKeys(form)
        let list = ListQuery(form: form, request: request).state
        guard !keys.isEmpty else { return .redirect(to: Self.nothingSelected(list).url) }
        guard let field = form["destination"], field.isEmpty || UUID(uuidString: field) != nil else {
            throw HTTPError(.badRequest, "The form names no location.")
        }
        let target = UUID(uuidString: field)
        let moved: [Item]
        do {
            moved = try store.moveItems(keys: keys, toLocation: target, actor: request.actor)
        } catch StoreError.itemNotFound {
            throw HTTPError(.notFound, "An item you selected no longer exists, so nothing was moved. It may have been deleted.")
        } catch StoreError.locationNotFound {
            throw HTTPError(.notFound, "That location no longer exists, so nothing was moved.")
        }
        let name = try target.flatMap { try store.places().tree.location(key: $0)?.pathText } ?? context.text("noLocation")
        var landing = list
        landing.focusKey = moved.first?.key.lowercasedString
        let message = moved.count == 1 ? context.format("flashMovedToLocation", moved[0].name, name)
            : context.plural("flashMovedManyToLocation", count: moved.count, renderer.formatters.grouped(moved.count, context.language), name)
        return context.redirect(to: landing.url, flash: message)
    }

    /// Every location by path, then "No location", for a select.
    func locationChoices(selected: UUID??, context: PageContext) throws -> MustacheValue {
        let tree = try store.locationTree()
        var options: [MustacheValue] = tree.locations.map { location in
            .object(["value": .string(location.key.lowercasedString), "label": .string(location.pathText),
                     "selected": .bool(selected == location.key)])
        }
        options.append(.object(["value": "", "label": .string(context.text("noLocation")), "selected": .bool(selected == .some(nil))]))
        return .list(options)
    }
}

extension ItemListController {
    /// `GET /locations/:key` — a location's page: the list of what is in it (and in its
    /// sub-locations), in sections, with its report, export and Move to… for exactly that set.
    func locationPage(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text), try store.locationTree().location(key: key) != nil else {
            throw HTTPError(.notFound, "No such location. It may have been deleted.")
        }
        var list = ListQuery(request: request)
        list.filter.location = .init(key: key, includesSublocations: request.query("sub") != "0")
        return .redirect(to: list.url)
    }

    /// `GET /labels/:key` — a label's page: the list of what has it.
    func labelPage(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text), try store.label(key: key) != nil else {
            throw HTTPError(.notFound, "No such label. It may have been deleted.")
        }
        var list = ListQuery(request: request)
        list.filter.labelKeys = [key]
        return .redirect(to: list.url)
    }
}
