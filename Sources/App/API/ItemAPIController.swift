import Foundation
import HTTP
import Storage

/// The JSON API's items: the same store, rules and history as the pages (every write goes
/// through the store with `request.actor`). Errors are thrown and answered as problem
/// details by ``APIProblems``.
struct ItemAPIController: Sendable {
    let store: ItemStore

    /// `GET /items.json?page=&q=&sort=&valuable=&photo=` — one page of the list, searched,
    /// sorted and filtered as the list page is.
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let (filter, page) = try ListParameters.parse(request)
        let pageSize = ListDefaults.standardPageSize
        let selection = try store.items(matching: filter, offset: (page - 1) * pageSize, limit: pageSize)
        let ownOrder = filter.isDefault
        let favourites = try favourites(request)
        let items = try selection.items.enumerated().map { index, item in
            ownOrder ? ItemJSON.object(item, position: (page - 1) * pageSize + index + 1, favourite: favourites.contains(item.key))
                : try ItemJSON.object(item, store: store, favourites: favourites)
        }
        var body: [String: Any] = [
            "items": items,
            "page": page,
            "pageSize": pageSize,
            "pageCount": max(1, (selection.count + pageSize - 1) / pageSize),
            "total": selection.count,
        ]
        if let value = selection.totalValue { body["totalValue"] = value }
        if let units = selection.units { body["units"] = units }
        return try .json(body)
    }

    /// `GET /items/{key}.json`
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(ItemJSON.object(try existingItem(request), store: store, favourites: try favourites(request)))
    }

    /// `POST /items.json` `{name, serialNumber, valueInDollars, location, labels}` and the ownership
    /// fields (``ItemFields/ownership(_:base:now:_:)``) — appended at the end; 201 with `Location`.
    func create(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try JSONBody.object(of: request)
        var placementErrors: [ProblemDetails.FieldError] = []
        let placement = ItemFields.placement(body, base: .nowhere, &placementErrors)
        let now = Date()
        let ownership = ItemFields.ownership(body, base: .blank, now: now, &placementErrors)
        let dateCreated = ItemFields.dateCreated(body, now: now, &placementErrors)
        let fields = try ItemFields.clean(body, requireAll: false, extra: placementErrors)
        let draft = try store.beginNewItemDraft()
        let item = try Self.placing {
            try committing(draft, expectedVersion: nil, placement: placement, request: request) {
                _ = try store.updateDraft(id: draft.id, name: fields.name, serialNumber: fields.serialNumber, valueInDollars: fields.valueInDollars,
                                          ownership: ownership, dateCreated: dateCreated)
            }
        }
        var response = try HTTPResponse.json(ItemJSON.object(item, store: store, favourites: try favourites(request)), status: .created)
        response.headers[.location] = ItemJSON.url(item.key)
        return response
    }

    /// `PUT /items/{key}.json` `{name, serialNumber, valueInDollars, version, location?, labels?}`
    /// — 409 with the current item when `version` is not the item's; an absent `location` or
    /// `labels`, ownership field or `dateCreated` stays as it is.
    func update(_ request: HTTPRequest) throws -> HTTPResponse {
        let item = try existingItem(request)
        let body = try JSONBody.object(of: request)
        var extraErrors: [ProblemDetails.FieldError] = []
        let version = ItemFields.integer(body, "version", required: true, invalid: "apiErrorInteger", &extraErrors)
        let placement = ItemFields.placement(body, base: item.placement, &extraErrors)
        let now = Date()
        let ownership = ItemFields.ownership(body, base: item.ownership, now: now, &extraErrors)
        let dateCreated = ItemFields.dateCreated(body, now: now, &extraErrors)
        let fields = try ItemFields.clean(body, requireAll: true, extra: extraErrors)
        guard let version, version == item.version else { throw StoreError.conflict(current: item) }
        var values = fields.fields
        values.ownership = ownership
        values.dateCreated = dateCreated
        let updated = try Self.placing {
            try store.saveItem(key: item.key, fields: values, placement: placement, expectedVersion: version, actor: request.actor)
        }
        return try .json(ItemJSON.object(updated, store: store, favourites: try favourites(request)))
    }

    /// `POST /items/{key}/move.json` `{position}` — 1-based, with the tutorial's
    /// remove-then-insert meaning.
    func move(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = try itemKey(request)
        let body = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        let position = ItemFields.integer(body, "position", required: true, invalid: "apiErrorPosition", &errors)
        guard let position, position >= 1 else {
            throw ProblemDetails.invalid(errors.isEmpty ? [.init(field: "position", message: "apiErrorPosition")] : errors)
        }
        do {
            let move = try store.moveItem(key: key, to: .index(position - 1), actor: request.actor)
            return try .json(ItemJSON.object(move.item, position: move.to + 1, favourite: try favourites(request).contains(move.item.key)))
        } catch StoreError.indexOutOfRange {
            throw ProblemDetails.invalid([.init(field: "position", message: "apiErrorPosition")])
        } catch StoreError.itemNotFound {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNoItem")
        }
    }

    /// `DELETE /items/{key}.json` — to Recently Deleted; 200 with the batch to restore.
    func delete(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = try itemKey(request)
        do {
            let batch = try store.removeItems(keys: [key], actor: request.actor)
            // A deleted item keeps its star, for when it is restored.
            let favourites = try favourites(request)
            return try .json(["batch": batch.id.lowercasedString, "items": batch.items.map { ItemJSON.object($0, favourite: favourites.contains($0.key)) }])
        } catch StoreError.itemNotFound {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNoItem")
        }
    }

    /// `POST /items/restore.json` `{batch}` (a whole delete) or `{key}` (one item).
    func restore(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try JSONBody.object(of: request)
        var errors: [ProblemDetails.FieldError] = []
        let batchText = ItemFields.string(body, "batch", required: false, &errors)
        let keyText = ItemFields.string(body, "key", required: false, &errors)
        let batch = batchText.flatMap(UUID.init(uuidString:)), key = keyText.flatMap(UUID.init(uuidString:))
        if batchText != nil, batch == nil { errors.append(.init(field: "batch", message: "apiErrorUUID")) }
        if keyText != nil, key == nil { errors.append(.init(field: "key", message: "apiErrorUUID")) }
        if batchText == nil, keyText == nil, errors.isEmpty { errors.append(.init(field: "batch", message: "apiErrorRestoreWhat")) }
        guard errors.isEmpty else { throw ProblemDetails.invalid(errors) }
        do {
            var restored: [Item] = []
            if let batch { restored = try store.restore(batch: batch, actor: request.actor) }
            if let key { restored.append(try store.restore(key: key, actor: request.actor)) }
            let favourites = try favourites(request)
            return try .json(["items": try restored.map { try ItemJSON.object($0, store: store, favourites: favourites) }])
        } catch StoreError.itemNotFound {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNotDeleted")
        }
    }

    // MARK: - Helpers

    /// Runs `change` on a draft and commits it with the request's actor; on any error the
    /// draft is cancelled, so nothing is left half-done.
    func committing(_ draft: Draft, expectedVersion: Int?, placement: ItemPlacement? = nil, request: HTTPRequest,
                    _ change: () throws -> Void) throws -> Item {
        do {
            try change()
            return try store.commitDraft(id: draft.id, placement: placement, expectedVersion: expectedVersion, actor: request.actor)
        } catch {
            try store.cancelDraft(id: draft.id)
            throw error
        }
    }

    /// Runs a write whose placement the store checks: a location or label that does not exist
    /// is the request's mistake (422 by its field), not a missing resource; so is an ownership
    /// field only the store can refuse (a value too large for the quantity kept, a control character).
    static func placing(_ write: () throws -> Item) throws -> Item {
        do {
            return try write()
        } catch let error as StoreError {
            if let problem = ItemFields.unknownPlace(error) ?? ItemFields.ownershipProblem(error) { throw problem }
            throw error
        }
    }

    func itemKey(_ request: HTTPRequest) throws -> UUID {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text) else {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNoItem")
        }
        return key
    }

    func existingItem(_ request: HTTPRequest) throws -> Item {
        guard let item = try store.item(key: try itemKey(request)) else { throw ProblemDetails(status: .notFound, detail: "apiErrorNoItem") }
        return item
    }
}
