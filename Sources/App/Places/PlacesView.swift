import Foundation
import Mustache
import Storage

/// What the places pages (locations, labels, totals) share: chips, figures, the select of
/// locations by path, and the links between them.
struct PlacesView: Sendable {
    /// The fields of a location's form (Add and Edit): name, note, where it goes, limits, messages.
    static func locationFields(name: String, note: String, parent: UUID?, options: [MustacheValue], errors: [String: String],
                               context: PageContext) -> [String: MustacheValue] {
        [
            "name": .string(name),
            "note": .string(note),
            "topSelected": .bool(parent == nil),
            "parentOptions": .list(options),
            "nameHint": .string(context.format("placesLocationNameHint", String(ItemStore.maxLocationNameLength))),
            "nameMax": .int(ItemStore.maxLocationNameLength),
            "noteMax": .int(ItemStore.maxLocationNoteLength),
            "errors": .object(errors.mapValues { .string($0) }),
        ]
    }

    let formatters: Formatters

    /// A label as `places/chip` draws it: `<span class="label-chip label-chip--COLOR">NAME</span>`.
    static func chip(_ label: Label) -> MustacheValue {
        .object(["name": .string(label.name), "color": .string(label.color.rawValue)])
    }

    /// "3 items · $543", in the page's language.
    func figures(_ figures: PlaceTotals.Figures, context: PageContext) -> String {
        context.format("placesFigures", count(figures.count, context: context), formatters.money(figures.value, context.language, context.currency))
    }

    /// "1 item", "3 items".
    func count(_ count: Int, context: PageContext) -> String {
        context.plural("countItems", count: count, formatters.grouped(count, context.language))
    }

    /// The figures as the totals table's cells: count and value apart, for columns.
    func cells(_ figures: PlaceTotals.Figures, context: PageContext) -> MustacheValue {
        .object([
            "count": .string(formatters.grouped(figures.count, context.language)),
            "value": .string(formatters.money(figures.value, context.language, context.currency)),
        ])
    }

    /// The options of a select of locations by path ("Home › Kitchen"), depth-first, with
    /// `selected` chosen. `allowed` leaves out what may not be chosen (the location's own
    /// subtree when moving it, places too deep for it).
    static func locationOptions(_ tree: LocationTree, selected: UUID?, allowed: (Location) -> Bool = { _ in true }) -> [MustacheValue] {
        tree.locations.filter(allowed).map { location in
            .object([
                "value": .string(location.key.lowercasedString),
                "text": .string(location.pathText),
                "selected": .bool(location.key == selected),
            ])
        }
    }

    /// The palette as radio options, each showing its chip with the colour's name.
    static func colorOptions(selected: Label.Color, context: PageContext) -> [MustacheValue] {
        Label.Color.allCases.map { color in
            .object([
                "value": .string(color.rawValue),
                "name": .string(context.text(colorKey(color))),
                "checked": .bool(color == selected),
            ])
        }
    }

    /// The string key of a colour's name ("colorGray").
    static func colorKey(_ color: Label.Color) -> String {
        "placesColor" + color.rawValue.prefix(1).uppercased() + color.rawValue.dropFirst()
    }

    /// `loc-<key>` / `lab-<key>`: a row's element id, short enough to be a flash message's place.
    static func rowID(_ location: Location) -> String { "loc-" + location.key.lowercasedString }
    static func rowID(_ label: Label) -> String { "lab-" + label.key.lowercasedString }

    /// The links between the places pages and back to the list; `current` is marked.
    static func navigation(current: String, context: PageContext) -> MustacheValue {
        .list([("/locations", "placesLocationsTitle"), ("/labels", "placesLabelsTitle"), ("/places/totals", "placesTotalsTitle")].map { href, key in
            .object(["href": .string(href), "text": .string(context.text(key)), "current": .bool(href == current)])
        })
    }

    /// The key in a form field: nil for "" (the top level, no location), `.invalid` for
    /// anything that is not a key (a hand-made form).
    enum ChosenKey: Equatable {
        case none
        case key(UUID)
        case invalid

        /// The key chosen, if one was.
        var key: UUID? {
            if case .key(let key) = self { key } else { nil }
        }
    }

    static func chosenKey(_ text: String?) -> ChosenKey {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .none }
        return UUID(uuidString: text).map(ChosenKey.key) ?? .invalid
    }
}
