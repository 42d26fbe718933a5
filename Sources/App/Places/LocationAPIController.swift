import Foundation
import HTTP
import Storage

/// The JSON API's locations (`/locations.json`, `/locations/{key}.json`): the store's rules as
/// the pages have them, refusals as problem details (``APIProblems``).
struct LocationAPIController: Sendable {
    let store: ItemStore

    /// `GET /locations.json` — every location, depth-first (siblings in their order).
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(["locations": try store.locationTree().locations.map(PlaceJSON.object)])
    }

    /// `GET /locations/{key}.json`
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(PlaceJSON.object(try existing(request)))
    }

    /// `POST /locations.json` `{name, note?, parent?}` — at the end of its parent's
    /// (`null` or absent: the top level); 201 with `Location`.
    func create(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        let fields = Self.fields(body, requireAll: false, &errors)
        guard errors.isEmpty, let name = fields.name else { throw ProblemDetails.invalid(errors) }
        let location: Location
        do {
            location = try store.createLocation(name: name, note: fields.note ?? "", parent: fields.parent.key, actor: request.actor)
        } catch StoreError.locationNotFound {
            throw ProblemDetails.invalid([.init(field: "parent", message: "placesErrorLocationGone")])
        } catch StoreError.invalidPlace(let problem) {
            throw PlaceMessage(problem, subject: .location).problem
        }
        var response = try HTTPResponse.json(PlaceJSON.object(location), status: .created)
        response.headers[.location] = PlaceJSON.url(location)
        return response
    }

    /// `PUT /locations/{key}.json` `{name, note?, parent, version}` — renames it, changes its
    /// note, moves it into another (never into itself or its own sub-locations); 409 with the
    /// location as it is now when `version` is stale.
    func update(_ request: HTTPRequest) throws -> HTTPResponse {
        let current = try existing(request)
        let body = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        let fields = Self.fields(body, requireAll: true, &errors)
        let version = PlaceJSONFields.version(body, required: true, &errors)
        guard errors.isEmpty, let name = fields.name, let version else { throw ProblemDetails.invalid(errors) }
        do {
            let updated = try store.updateLocation(key: current.key, name: name, note: fields.note ?? "", parent: fields.parent.key,
                                                   expectedVersion: version, actor: request.actor)
            return try .json(PlaceJSON.object(updated))
        } catch StoreError.locationNotFound {
            throw try gone(current.key, otherField: "parent")
        } catch StoreError.invalidPlace(let problem) {
            throw PlaceMessage(problem, subject: .location).problem
        }
    }

    /// `DELETE /locations/{key}.json?moveTo=&version=` — its items and sub-locations go to
    /// `moveTo` (absent: no location for the items, the top level for the sub-locations).
    func delete(_ request: HTTPRequest) throws -> HTTPResponse {
        let current = try existing(request)
        var errors: [ProblemDetails.FieldError] = []
        let target = PlaceJSONFields.queryKey(request, "moveTo", &errors)
        let version = PlaceJSONFields.queryVersion(request, &errors)
        guard errors.isEmpty else { throw ProblemDetails.invalid(errors) }
        do {
            let moved = try store.deleteLocation(key: current.key, movingContentsTo: target, expectedVersion: version, actor: request.actor)
            return try .json(["itemsMoved": moved])
        } catch StoreError.locationNotFound {
            throw try gone(current.key, otherField: "moveTo")
        } catch StoreError.invalidPlace(let problem) {
            throw PlaceMessage(problem, subject: .location).problem
        }
    }

    // MARK: - Helpers

    struct Fields {
        var name: String?
        var note: String?
        var parent: PlaceJSONFields.KeyMember
    }

    /// `name` (always required), `note` (optional: "" when absent), `parent` (required on a
    /// PUT, which says where the location is).
    static func fields(_ body: [String: Any], requireAll: Bool, _ errors: inout [ProblemDetails.FieldError]) -> Fields {
        Fields(
            name: PlaceJSONFields.text(body, "name", required: true, limit: ItemStore.maxLocationNameLength, tooLong: "placesErrorNameLong", &errors),
            note: PlaceJSONFields.text(body, "note", required: false, limit: ItemStore.maxLocationNoteLength, tooLong: "placesErrorNoteLong", &errors),
            parent: PlaceJSONFields.key(body, "parent", required: requireAll, &errors))
    }

    /// The store did not find a location: the one asked about (404) if it is gone, else the
    /// other one the request named (422 by its field).
    private func gone(_ key: UUID, otherField: String) throws -> ProblemDetails {
        guard try store.locationTree().location(key: key) != nil else { return ProblemDetails(status: .notFound, detail: "placesErrorNoLocation") }
        return ProblemDetails.invalid([.init(field: otherField, message: "placesErrorLocationGone")])
    }

    private func existing(_ request: HTTPRequest) throws -> Location {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)),
              let location = try store.locationTree().location(key: key)
        else { throw ProblemDetails(status: .notFound, detail: "placesErrorNoLocation") }
        return location
    }
}
