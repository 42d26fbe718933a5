import Foundation
import HTTP
import Mustache
import Storage

/// The labels page (`/labels`): every label as its chip with how many items have it, and
/// the Add form (a name and one colour of the palette, each option showing its chip). Edit
/// and Delete are pages of their own (`LabelsController+Edit.swift`).
struct LabelsController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    var places: PlacesView { PlacesView(formatters: renderer.formatters) }

    /// What the Add and Edit forms hold: typed values and errors after a refusal.
    struct LabelForm {
        var name = ""
        var color = Label.Color.gray
        var version = 0
        var errors: [String: String] = [:]

        init() {}

        init(_ label: Label) {
            (name, color, version) = (label.name, label.color, label.version)
        }

        /// The submitted name and colour; a colour not in the palette is an error by its field.
        mutating func read(_ form: SubmittedForm, context: PageContext) {
            name = form["name"] ?? ""
            if let value = form["color"] {
                if let chosen = Label.Color(rawValue: value) { color = chosen } else { errors["color"] = context.text("placesErrorColorChoice") }
            }
        }
    }

    /// `GET /labels`
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        try page(request, form: LabelForm(), status: .ok)
    }

    /// `POST /labels` `name, color` — 422 with the message by the field, nothing written.
    func add(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var typed = LabelForm()
        typed.read(form, context: context)
        guard typed.errors.isEmpty else { return try page(request, form: typed, status: .unprocessableContent) }
        do {
            let label = try store.createLabel(name: typed.name, color: typed.color, actor: request.actor)
            return context.redirect(to: "/labels", flash: context.format("placesLabelAdded", label.name), place: PlacesView.rowID(label))
        } catch StoreError.invalidPlace(let problem) {
            let message = PlaceMessage(problem, subject: .label)
            typed.errors[message.field] = message.text(context.language)
        }
        return try page(request, form: typed, status: .unprocessableContent)
    }

    // MARK: - Helpers

    private func page(_ request: HTTPRequest, form: LabelForm, status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let totals = try store.labelTotals()
        var flashPlaced = false
        let rows: [MustacheValue] = totals.entries.map { entry in
            let id = PlacesView.rowID(entry.label)
            let rowFlash = context.flashPlace == id ? context.flash : nil
            if rowFlash != nil { flashPlaced = true }
            return .object([
                "key": .string(entry.label.key.lowercasedString),
                "id": .string(id),
                "href": .string("/labels/\(entry.label.key.lowercasedString)"),
                "chip": PlacesView.chip(entry.label),
                "figures": .string(places.figures(entry.figures, context: context)),
                "editLabel": .string(context.format("placesEditLabel", entry.label.name)),
                "deleteLabel": .string(context.format("deleteLabel", entry.label.name)),
                "rowFlash": .string(rowFlash ?? ""),
            ])
        }
        var values: [String: MustacheValue] = [
            "title": .string(context.text("placesLabelsTitle")),
            "nav": PlacesView.navigation(current: "/labels", context: context),
            "labels": .list(rows),
            "none": .bool(rows.isEmpty),
            "noLabel": .object(["text": .string(places.figures(totals.noLabel, context: context)), "href": "/items?label=none"]),
            "add": .object(fieldValues(form, context: context)),
        ]
        if let flash = context.flash, !flashPlaced { values["flashTop"] = .string(flash) }
        return try renderer.render("places/labels", values, context: context, status: status)
    }

    /// The values of `places/label-fields`.
    func fieldValues(_ form: LabelForm, context: PageContext) -> [String: MustacheValue] {
        [
            "name": .string(form.name),
            "nameHint": .string(context.format("placesLabelNameHint", String(ItemStore.maxLabelNameLength))),
            "nameMax": .int(ItemStore.maxLabelNameLength),
            "colorOptions": .list(PlacesView.colorOptions(selected: form.color, context: context)),
            "errors": .object(form.errors.mapValues { .string($0) }),
        ]
    }

    /// The label named by the path's `:key`; 404 page when there is none.
    func existing(_ request: HTTPRequest) throws -> Label {
        guard let key = request.parameter("key").flatMap(UUID.init(uuidString:)), let label = try store.label(key: key) else {
            throw HTTPError(.notFound, "placesErrorNoLabel")
        }
        return label
    }
}
