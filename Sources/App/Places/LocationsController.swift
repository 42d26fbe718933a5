import Foundation
import HTTP
import Mustache
import Storage

/// The locations page (`/locations`): the tree with each location's figures, ↑/↓ among its
/// siblings, and the Add form; Edit and Delete are pages of their own
/// (`LocationsController+Edit.swift`, `+Delete.swift`). Every write is a CSRF-checked form
/// (POST → 303 → GET), so it all works without JavaScript; viewers see the page without its
/// forms, and ``AccessGuard`` refuses their writes.
struct LocationsController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    var view: LocationsView { LocationsView(places: PlacesView(formatters: renderer.formatters)) }

    /// `GET /locations` (`?focus=KEY&direction=up|down` after ↑/↓: that button has the focus).
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let focus = request.query("focus").flatMap(UUID.init(uuidString:)).map {
            LocationsView.Focus(key: $0, up: request.query("direction") != "down")
        }
        return try page(request, form: .init(), focus: focus, status: .ok)
    }

    /// `POST /locations` `name, note, parent` ("" for the top level) — at the end of its
    /// parent's; 422 with the message by the field, nothing written.
    func add(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var typed = LocationsView.AddForm(name: form["name"] ?? "", note: form["note"] ?? "")
        let parent = PlacesView.chosenKey(form["parent"])
        if case .key(let key) = parent { typed.parent = key }
        do {
            guard parent != .invalid else { throw StoreError.locationNotFound }
            let location = try store.createLocation(name: typed.name, note: typed.note, parent: typed.parent, actor: request.actor)
            return context.redirect(to: "/locations", flash: context.format("placesLocationAdded", location.name),
                                    place: PlacesView.rowID(location))
        } catch StoreError.locationNotFound {
            typed.errors["parent"] = context.text("placesErrorLocationGone")
        } catch StoreError.invalidPlace(let problem) {
            let message = PlaceMessage(problem, subject: .location)
            typed.errors[message.field] = message.text(context.language)
        }
        return try page(request, form: typed, focus: nil, status: .unprocessableContent)
    }

    /// `POST /locations/:key/move` `direction=up|down` — one place among its siblings
    /// (`store.moveLocation(key:toSiblingIndex:)`); at the end already, nothing moves.
    func move(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let location = try existing(request)
        guard let direction = form["direction"], direction == "up" || direction == "down" else {
            throw HTTPError(.unprocessableContent, "placesErrorDirection")
        }
        let siblings = try store.locationTree().children(of: location.parentKey)
        guard let index = siblings.firstIndex(where: { $0.key == location.key }) else { throw HTTPError(.notFound, "placesErrorNoLocation") }
        let target = direction == "up" ? index - 1 : index + 1
        var flash: String?
        if siblings.indices.contains(target) {
            do {
                try store.moveLocation(key: location.key, toSiblingIndex: target, actor: request.actor)
                flash = context.format(direction == "up" ? "placesMovedUp" : "placesMovedDown", location.name)
            } catch StoreError.locationNotFound {
                throw HTTPError(.notFound, "placesErrorNoLocation")
            } catch StoreError.indexOutOfRange {
                // A sibling went meanwhile: the page shows the order as it is now.
            }
        }
        let landing = "/locations?focus=\(location.key.lowercasedString)&direction=\(direction)"
        // The message goes beside the row, but the URL has no fragment: with one, browsers skip
        // `autofocus` ("blocked because a document's URL has a fragment"), and scripts' focus is
        // undone when the page scrolls to it. Focusing the button scrolls the row into view.
        var response = context.redirect(to: landing, flash: flash, place: PlacesView.rowID(location))
        response.headers[.location] = landing
        return response
    }

    // MARK: - Helpers

    func page(_ request: HTTPRequest, form: LocationsView.AddForm, focus: LocationsView.Focus?, status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let values = view.values(try store.locationTotals(), form: form, focus: focus, context: context)
        return try renderer.render("places/locations", values, context: context, status: status)
    }

    /// The location named by the path's `:key`; 404 page when there is none.
    func existing(_ request: HTTPRequest) throws -> Location {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)),
              let location = try store.locationTree().location(key: key)
        else { throw HTTPError(.notFound, "placesErrorNoLocation") }
        return location
    }
}
