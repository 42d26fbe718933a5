import Foundation
import HTTP
import Storage

/// The JSON API's labels (`/labels.json`, `/labels/{key}.json`).
struct LabelAPIController: Sendable {
    let store: ItemStore

    /// `GET /labels.json` — every label, by name.
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(["labels": try store.labels().map(PlaceJSON.object)])
    }

    /// `GET /labels/{key}.json`
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(PlaceJSON.object(try existing(request)))
    }

    /// `POST /labels.json` `{name, color?}` (grey when absent); 201 with `Location`.
    func create(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        let name = Self.name(body, &errors)
        let color = PlaceJSONFields.color(body, required: false, &errors)
        guard errors.isEmpty, let name else { throw ProblemDetails.invalid(errors) }
        let label: Label
        do {
            label = try store.createLabel(name: name, color: color ?? .gray, actor: request.actor)
        } catch StoreError.invalidPlace(let problem) {
            throw PlaceMessage(problem, subject: .label).problem
        }
        var response = try HTTPResponse.json(PlaceJSON.object(label), status: .created)
        response.headers[.location] = PlaceJSON.url(label)
        return response
    }

    /// `PUT /labels/{key}.json` `{name, color, version}` — 409 with the label as it is now
    /// when `version` is stale.
    func update(_ request: HTTPRequest) throws -> HTTPResponse {
        let current = try existing(request)
        let body = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        let name = Self.name(body, &errors)
        let color = PlaceJSONFields.color(body, required: true, &errors)
        let version = PlaceJSONFields.version(body, required: true, &errors)
        guard errors.isEmpty, let name, let color, let version else { throw ProblemDetails.invalid(errors) }
        do {
            let updated = try store.updateLabel(key: current.key, name: name, color: color, expectedVersion: version, actor: request.actor)
            return try .json(PlaceJSON.object(updated))
        } catch StoreError.labelNotFound {
            throw ProblemDetails(status: .notFound, detail: "placesErrorNoLabel")
        } catch StoreError.invalidPlace(let problem) {
            throw PlaceMessage(problem, subject: .label).problem
        }
    }

    /// `DELETE /labels/{key}.json?version=` — the label leaves every item that had it.
    func delete(_ request: HTTPRequest) throws -> HTTPResponse {
        let current = try existing(request)
        var errors: [ProblemDetails.FieldError] = []
        let version = PlaceJSONFields.queryVersion(request, &errors)
        guard errors.isEmpty else { throw ProblemDetails.invalid(errors) }
        do {
            let items = try store.deleteLabel(key: current.key, expectedVersion: version, actor: request.actor)
            return try .json(["itemsUnlabelled": items])
        } catch StoreError.labelNotFound {
            throw ProblemDetails(status: .notFound, detail: "placesErrorNoLabel")
        }
    }

    // MARK: - Helpers

    private static func name(_ body: [String: Any], _ errors: inout [ProblemDetails.FieldError]) -> String? {
        PlaceJSONFields.text(body, "name", required: true, limit: ItemStore.maxLabelNameLength, tooLong: "placesErrorNameLong", &errors)
    }

    private func existing(_ request: HTTPRequest) throws -> Label {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)), let label = try store.label(key: key) else {
            throw ProblemDetails(status: .notFound, detail: "placesErrorNoLabel")
        }
        return label
    }
}
