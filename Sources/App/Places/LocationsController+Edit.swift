import Foundation
import HTTP
import Mustache
import Storage

/// Editing a location: rename, note, move into another (never into itself or its own
/// sub-locations), with its version in the form so a stale edit is a 409 showing theirs and
/// yours, not a silent overwrite.
extension LocationsController {
    /// What the edit form holds: the location's values, or what was typed after a refusal.
    struct EditForm {
        var name: String
        var note: String
        var parent: UUID?
        var version: Int
        var errors: [String: String] = [:]

        init(_ location: Location) {
            (name, note, parent, version) = (location.name, location.note, location.parentKey, location.version)
        }
    }

    /// `GET /locations/:key/edit`
    func editPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let location = try existing(request)
        return try renderEdit(location, form: EditForm(location), conflict: nil, request: request, status: .ok)
    }

    /// `POST /locations/:key` `name, note, parent` ("" for the top level), `version`.
    func update(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let location = try existing(request)
        var typed = EditForm(location)
        typed.name = form["name"] ?? ""
        typed.note = form["note"] ?? ""
        // A form without its version (hand-made) cannot prove it saw the current state: 409.
        typed.version = form["version"].flatMap { Int($0) } ?? 0
        let parent = PlacesView.chosenKey(form["parent"])
        typed.parent = parent.key
        do {
            guard parent != .invalid else { throw StoreError.locationNotFound }
            let saved = try store.updateLocation(key: location.key, name: typed.name, note: typed.note, parent: typed.parent,
                                                 expectedVersion: typed.version, actor: request.actor)
            return context.redirect(to: "/locations", flash: context.format("placesLocationSaved", saved.name), place: PlacesView.rowID(saved))
        } catch StoreError.locationNotFound {
            guard try store.locationTree().location(key: location.key) != nil else { throw HTTPError(.notFound, "placesErrorNoLocation") }
            typed.errors["parent"] = context.text("placesErrorLocationGone")
        } catch StoreError.locationConflict(let current) {
            // Theirs beside each field, yours in it; saving again applies yours over theirs.
            typed.version = current.version
            return try renderEdit(current, form: typed, conflict: current, request: request, status: .conflict)
        } catch StoreError.invalidPlace(let problem) {
            let message = PlaceMessage(problem, subject: .location)
            typed.errors[message.field] = message.text(context.language)
        }
        return try renderEdit(location, form: typed, conflict: nil, request: request, status: .unprocessableContent)
    }

    private func renderEdit(_ location: Location, form: EditForm, conflict: Location?, request: HTTPRequest,
                            status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let tree = try store.locationTree()
        let subtree = tree.subtree(of: location.key)
        let own = Set(subtree.map(\.key))
        let height = (subtree.map(\.depth).max() ?? location.depth) - location.depth + 1
        // Only where it may go: outside its own subtree, and shallow enough for all of it.
        let options = PlacesView.locationOptions(tree, selected: form.parent) {
            !own.contains($0.key) && $0.depth + height <= ItemStore.maxLocationDepth
        }
        var values = PlacesView.locationFields(name: form.name, note: form.note, parent: form.parent, options: options,
                                               errors: form.errors, context: context)
        values.merge([
            "title": .string(context.format("placesEditLocationTitle", location.name)),
            "action": .string("/locations/\(location.key.lowercasedString)"),
            "version": .int(form.version),
            "backHref": .string("/locations#" + PlacesView.rowID(location)),
        ]) { $1 }
        if let conflict {
            let parentPath = conflict.parentKey.flatMap { tree.location(key: $0)?.pathText } ?? context.text("placesTopLevel")
            values["conflict"] = .object([
                "name": .string(context.format("placesTheirs", conflict.name)),
                "note": .string(conflict.note.isEmpty ? context.text("placesTheirsNoNote") : context.format("placesTheirs", conflict.note)),
                "parent": .string(context.format("placesTheirs", parentPath)),
            ])
        }
        return try renderer.render("places/location-edit", values, context: context, status: status)
    }
}
