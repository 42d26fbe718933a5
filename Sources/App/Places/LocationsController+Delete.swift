import Foundation
import HTTP
import Mustache
import Storage

/// Deleting a location. One that holds nothing just goes; one that holds items or
/// sub-locations asks where they go first — its parent (or no location, for a top-level one)
/// or any location outside it — and the store moves them in the same transaction, so no item
/// is ever left without a valid place.
extension LocationsController {
    /// `GET /locations/:key/delete` — the confirmation page.
    func deletePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let location = try existing(request)
        return try renderDelete(location, target: location.parentKey, version: location.version, request: request, status: .ok)
    }

    /// `POST /locations/:key/delete` `moveTo` ("" for no location / the top level), `version`.
    func delete(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let location = try existing(request)
        let chosen = PlacesView.chosenKey(form["moveTo"])
        let version = form["version"].flatMap { Int($0) } ?? 0
        var error: String
        do {
            guard chosen != .invalid else { throw StoreError.locationNotFound }
            let contents = try store.contents(ofLocation: location.key)
            let target = try chosen.key.flatMap { try store.locationTree().location(key: $0) }
            try store.deleteLocation(key: location.key, movingContentsTo: chosen.key, expectedVersion: version, actor: request.actor)
            let flash = switch (contents.isEmpty, target) {
            case (true, _): context.format("placesLocationDeleted", location.name)
            case (false, let target?): context.format("placesLocationDeletedMoved", location.name, target.pathText)
            case (false, nil): context.format("placesLocationDeletedNowhere", location.name)
            }
            return context.redirect(to: "/locations", flash: flash)
        } catch StoreError.locationNotFound {
            guard try store.locationTree().location(key: location.key) != nil else { throw HTTPError(.notFound, "placesErrorNoLocation") }
            error = context.text("placesErrorLocationGone")
        } catch StoreError.locationConflict(let current) {
            // Renamed or moved since the page was shown: ask again about it as it is now.
            return try renderDelete(current, target: chosen.key, version: current.version, request: request, status: .conflict,
                                    conflict: context.text("placesDeleteConflict"))
        } catch StoreError.invalidPlace(let problem) {
            error = PlaceMessage(problem, subject: .location).text(context.language)
        }
        return try renderDelete(location, target: chosen.key, version: version, request: request, status: .unprocessableContent,
                                error: error)
    }

    private func renderDelete(_ location: Location, target: UUID?, version: Int, request: HTTPRequest, status: HTTPStatus,
                              error: String? = nil, conflict: String? = nil) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let tree = try store.locationTree()
        let contents = try store.contents(ofLocation: location.key)
        let own = Set(tree.subtree(of: location.key).map(\.key))
        // Its parent first (what is chosen unless another was), then no location, then the rest.
        var targets: [MustacheValue] = []
        if let parent = location.parentKey.flatMap(tree.location(key:)) {
            targets.append(.object(["value": .string(parent.key.lowercasedString), "selected": .bool(target == parent.key),
                                    "text": .string(context.format("placesMoveToParent", parent.pathText))]))
        }
        targets.append(.object(["value": "", "selected": .bool(target == nil), "text": .string(context.text("placesMoveToNowhere"))]))
        targets += PlacesView.locationOptions(tree, selected: target) { !own.contains($0.key) && $0.key != location.parentKey }
        var values: [String: MustacheValue] = [
            "title": .string(context.format("placesDeleteLocationTitle", location.name)),
            "action": .string("/locations/\(location.key.lowercasedString)/delete"),
            "version": .int(version),
            "empty": .bool(contents.isEmpty),
            "holds": .string(holds(contents, context: context)),
            "targets": .list(targets),
            "backHref": .string("/locations#" + PlacesView.rowID(location)),
        ]
        if let error { values["error"] = .string(error) }
        if let conflict { values["conflictText"] = .string(conflict) }
        return try renderer.render("places/location-delete", values, context: context, status: status)
    }

    /// "It holds 3 items and 2 sub-locations."
    private func holds(_ contents: ItemStore.LocationContents, context: PageContext) -> String {
        let places = PlacesView(formatters: renderer.formatters)
        let items = places.count(contents.items, context: context)
        let sublocations = context.plural("placesSublocations", count: contents.sublocations,
                                          renderer.formatters.grouped(contents.sublocations, context.language))
        return context.format("placesDeleteHolds", items, sublocations)
    }
}
