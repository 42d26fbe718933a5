import Foundation
import Mustache
import Storage

/// The dialog's Location (a select of every location by path, "No location" and "New
/// location…", with a field for a new one) and Labels (a checkbox per label, as its chip, and a
/// field for new ones).
extension DetailView {
    func placeValues(_ fields: PlaceFields, places: PlaceDirectory, context: PageContext) -> [String: MustacheValue] {
        let chosen = fields.location
        var locations: [MustacheValue] = [.object(["value": "", "label": .string(context.text("noLocation")), "selected": .bool(chosen.isEmpty)])]
        locations += places.tree.locations.map { location in
            let key = location.key.lowercasedString
            return .object(["value": .string(key), "label": .string(location.pathText), "selected": .bool(chosen.lowercased() == key)])
        }
        locations.append(.object(["value": "new", "label": .string(context.text("newLocationOption")), "selected": .bool(chosen == "new")]))
        let ticked = Set(fields.labelKeys)
        let labels: [MustacheValue] = places.labels.map { label in
            .object(["key": .string(label.key.lowercasedString), "name": .string(label.name), "color": .string(label.color.rawValue),
                     "checked": .bool(ticked.contains(label.key))])
        }
        return [
            "placeLocations": .list(locations),
            "placeLabels": .list(labels),
            "hasLabels": .bool(!labels.isEmpty),
            "placeNewLocation": .string(fields.newLocation),
            "placeNewLabels": .string(fields.newLabels),
        ]
    }
}

extension String {
    /// `nil` when empty, for `??` with a fallback text.
    var nonEmpty: String? { isEmpty ? nil : self }
}
