import Foundation
import Mustache
import Storage

/// The values of the locations page (`places/locations`): the tree as nested lists, each
/// location with its figures and its actions, and the Add form.
struct LocationsView: Sendable {
    let places: PlacesView

    /// What the Add form shows: typed values and errors after a 422.
    struct AddForm {
        var name = ""
        var note = ""
        var parent: UUID?
        var errors: [String: String] = [:]
    }

    /// The row moved with ↑/↓ just now, whose same button gets the focus back.
    struct Focus {
        let key: UUID
        let up: Bool
    }

    func values(_ totals: PlaceTotals.Locations, form: AddForm, focus: Focus?, context: PageContext) -> [String: MustacheValue] {
        let tree = totals.tree
        // Each location's children at once: asking the tree per location would be quadratic.
        let childrenOf = Dictionary(grouping: tree.locations, by: \.parentKey)
        var flashPlaced = false
        func node(_ location: Location, index: Int, siblingCount: Int) -> MustacheValue {
            let id = PlacesView.rowID(location)
            let children = childrenOf[location.key] ?? []
            let rowFlash = context.flashPlace == id ? context.flash : nil
            if rowFlash != nil { flashPlaced = true }
            let canMoveUp = index > 0, canMoveDown = index < siblingCount - 1
            let focused = focus?.key == location.key
            // Every key is set on every node: Mustache looks a missing one up in the node's
            // parents, and a leaf must not find its parent's `children`.
            return .object([
                "key": .string(location.key.lowercasedString),
                "id": .string(id),
                "name": .string(location.name),
                "note": .string(location.note),
                "href": .string("/locations/\(location.key.lowercasedString)"),
                "ownText": .string(context.format("placesOwnFigures", places.figures(totals.own(location.key), context: context))),
                "allText": .string(children.isEmpty ? "" : context.format("placesAllFigures", places.figures(totals.rolledUp(location.key), context: context))),
                "rowFlash": .string(rowFlash ?? ""),
                "canMoveUp": .bool(canMoveUp),
                "canMoveDown": .bool(canMoveDown),
                "focusUp": .bool(focused && (focus?.up == true ? canMoveUp : !canMoveDown)),
                "focusDown": .bool(focused && (focus?.up == true ? !canMoveUp : canMoveDown)),
                "moveUpLabel": .string(context.format("moveUpLabel", location.name)),
                "moveDownLabel": .string(context.format("moveDownLabel", location.name)),
                "editLabel": .string(context.format("placesEditLabel", location.name)),
                "deleteLabel": .string(context.format("deleteLabel", location.name)),
                "hasChildren": .bool(!children.isEmpty),
                "children": .list(children.enumerated().map { node($1, index: $0, siblingCount: children.count) }),
            ])
        }
        let top = childrenOf[nil] ?? []
        let nodes = top.enumerated().map { node($1, index: $0, siblingCount: top.count) }
        var values: [String: MustacheValue] = [
            "title": .string(context.text("placesLocationsTitle")),
            "nav": PlacesView.navigation(current: "/locations", context: context),
            "hint": .string(context.format("placesLocationsHint", String(ItemStore.maxLocationDepth))),
            "tree": .list(nodes),
            "none": .bool(tree.isEmpty),
            "noLocation": .object([
                "text": .string(places.figures(totals.noLocation, context: context)),
                "href": "/items?location=none",
            ]),
            "add": addValues(form, tree: tree, context: context),
        ]
        if let flash = context.flash, !flashPlaced { values["flashTop"] = .string(flash) }
        return values
    }

    private func addValues(_ form: AddForm, tree: LocationTree, context: PageContext) -> MustacheValue {
        // A new location can go inside any location that is not already as deep as they go.
        let options = PlacesView.locationOptions(tree, selected: form.parent) { $0.depth < ItemStore.maxLocationDepth }
        var values = PlacesView.locationFields(name: form.name, note: form.note, parent: form.parent, options: options,
                                               errors: form.errors, context: context)
        values["hasErrors"] = .bool(!form.errors.isEmpty)
        return .object(values)
    }
}
