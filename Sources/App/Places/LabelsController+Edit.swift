import Foundation
import HTTP
import Mustache
import Storage

/// Renaming or recolouring a label (409 with theirs and yours when stale), and deleting one
/// after a confirmation that says how many items have it.
extension LabelsController {
    /// `GET /labels/:key/edit`
    func editPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let label = try existing(request)
        return try renderEdit(label, form: LabelForm(label), conflict: nil, request: request, status: .ok)
    }

    /// `POST /labels/:key` `name, color, version`
    func update(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let label = try existing(request)
        var typed = LabelForm(label)
        typed.read(form, context: context)
        typed.version = form["version"].flatMap { Int($0) } ?? 0
        guard typed.errors.isEmpty else { return try renderEdit(label, form: typed, conflict: nil, request: request, status: .unprocessableContent) }
        do {
            let saved = try store.updateLabel(key: label.key, name: typed.name, color: typed.color, expectedVersion: typed.version,
                                              actor: request.actor)
            return context.redirect(to: "/labels", flash: context.format("placesLabelSaved", saved.name), place: PlacesView.rowID(saved))
        } catch StoreError.labelNotFound {
            throw HTTPError(.notFound, "placesErrorNoLabel")
        } catch StoreError.labelConflict(let current) {
            typed.version = current.version
            return try renderEdit(current, form: typed, conflict: current, request: request, status: .conflict)
        } catch StoreError.invalidPlace(let problem) {
            let message = PlaceMessage(problem, subject: .label)
            typed.errors[message.field] = message.text(context.language)
        }
        return try renderEdit(label, form: typed, conflict: nil, request: request, status: .unprocessableContent)
    }

    /// `GET /labels/:key/delete` — "N items have this label; they keep everything else."
    func deletePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let label = try existing(request)
        return try renderDelete(label, version: label.version, conflict: false, request: request, status: .ok)
    }

    /// `POST /labels/:key/delete` `version` — the label leaves every item that had it, each
    /// recorded in its history.
    func delete(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let label = try existing(request)
        do {
            try store.deleteLabel(key: label.key, expectedVersion: form["version"].flatMap { Int($0) } ?? 0, actor: request.actor)
        } catch StoreError.labelNotFound {
            throw HTTPError(.notFound, "placesErrorNoLabel")
        } catch StoreError.labelConflict(let current) {
            return try renderDelete(current, version: current.version, conflict: true, request: request, status: .conflict)
        }
        return context.redirect(to: "/labels", flash: context.format("placesLabelDeleted", label.name))
    }

    // MARK: - Helpers

    private func renderEdit(_ label: Label, form: LabelForm, conflict: Label?, request: HTTPRequest, status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var values = fieldValues(form, context: context)
        values["title"] = .string(context.format("placesEditLabelTitle", label.name))
        values["action"] = .string("/labels/\(label.key.lowercasedString)")
        values["version"] = .int(form.version)
        values["backHref"] = .string("/labels#" + PlacesView.rowID(label))
        if let conflict {
            values["conflict"] = .object([
                "name": .string(context.format("placesTheirs", conflict.name)),
                "color": .string(context.format("placesTheirs", context.text(PlacesView.colorKey(conflict.color)))),
            ])
        }
        return try renderer.render("places/label-edit", values, context: context, status: status)
    }

    private func renderDelete(_ label: Label, version: Int, conflict: Bool, request: HTTPRequest, status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let count = try store.itemCount(withLabel: label.key)
        let hint = switch count {
        case 0: context.text("placesDeleteLabelNone")
        default: context.plural("placesDeleteLabelMany", count: count, renderer.formatters.grouped(count, context.language))
        }
        var values: [String: MustacheValue] = [
            "title": .string(context.format("placesDeleteLabelTitle", label.name)),
            "chip": PlacesView.chip(label),
            "hint": .string(hint),
            "action": .string("/labels/\(label.key.lowercasedString)/delete"),
            "version": .int(version),
            "backHref": .string("/labels#" + PlacesView.rowID(label)),
        ]
        if conflict { values["conflictText"] = .string(context.text("placesDeleteLabelConflict")) }
        return try renderer.render("places/label-delete", values, context: context, status: status)
    }
}
