import Foundation
import Storage

/// The dialog's Location and Labels as sent: a location chosen from the select (or none), a new
/// one typed as a path ("Home > Kitchen"), labels ticked, and new ones typed ("Fragile, Gift").
/// All of it works without JavaScript; what is typed is created on Done.
struct PlaceFields: Sendable, Equatable {
    /// A location key, or `""` for none.
    var location: String
    var newLocation: String
    var labels: [String]
    var newLabels: String

    init(location: String, newLocation: String = "", labels: [String], newLabels: String = "") {
        self.location = location
        self.newLocation = newLocation
        self.labels = labels
        self.newLabels = newLabels
    }

    init(_ form: SubmittedForm) {
        self.init(location: form["placeLocation"] ?? "", newLocation: form["placeNewLocation"] ?? "",
                  labels: form.values("placeLabel"), newLabels: form["placeNewLabels"] ?? "")
    }

    /// An item's placement as the form shows it.
    init(_ placement: ItemPlacement) {
        self.init(location: placement.locationKey?.lowercasedString ?? "", labels: placement.labelKeys.map(\.lowercasedString))
    }

    /// A typed path: names between `>` or `›`, trimmed ("Home > Kitchen").
    var newLocationPath: [String] {
        newLocation.split(whereSeparator: { $0 == ">" || $0 == "›" }).map { String($0).trimmingWhitespace }
    }

    /// Typed label names, between commas or semicolons (either width), each once.
    var newLabelNames: [String] {
        var seen = Set<String>()
        return newLabels.split(whereSeparator: { ",;，；、".contains($0) }).map { String($0).trimmingWhitespace }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    var labelKeys: [UUID] { labels.compactMap(UUID.init(uuidString:)) }

    /// What is wrong with them, as message keys (the location's, the labels'), before anything is created.
    func problems(in places: PlaceDirectory) -> (location: String?, labels: String?) {
        var locationProblem: String?
        if location == "new" || !newLocation.trimmingWhitespace.isEmpty {
            let path = newLocationPath
            if path.contains(where: \.isEmpty) || path.isEmpty { locationProblem = "errorLocationPathEmpty" }
            else if path.contains(where: { $0.count > ItemStore.maxLocationNameLength }) { locationProblem = "errorLocationNameLong" }
            else if path.count > ItemStore.maxLocationDepth { locationProblem = "errorLocationTooDeep" }
        } else if !location.isEmpty, location != "new", UUID(uuidString: location).flatMap(places.tree.location(key:)) == nil {
            locationProblem = "errorLocationGone"
        }
        var labels: String?
        let names = newLabelNames
        if names.contains(where: { $0.count > ItemStore.maxLabelNameLength }) { labels = "errorLabelNameLong" }
        else if Set(labelKeys).count + names.count > ItemStore.maxLabelsPerItem { labels = "errorTooManyLabels" }
        return (locationProblem, labels)
    }
}
