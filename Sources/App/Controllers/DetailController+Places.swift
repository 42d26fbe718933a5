import Foundation
import Storage

/// The dialog's Location and Labels: checked with the other fields, and what was typed anew
/// created when they are saved.
extension DetailController {
    /// The messages for the place fields when they are wrong, before anything is created.
    func placeErrors(_ fields: ItemForm) throws -> ItemForm.Errors? {
        guard let places = fields.places else { return nil }
        let problems = places.problems(in: try store.places())
        guard problems.location != nil || problems.labels != nil else { return nil }
        var errors = ItemForm.Errors()
        errors.location = problems.location
        errors.labels = problems.labels
        return errors
    }

    /// The placement the fields ask for (`nil` when the form had none: a viewer's, or an older
    /// page's), creating a typed location path and typed labels.
    func placement(from fields: PlaceFields?) throws -> ItemPlacement? {
        guard let fields else { return nil }
        var location = UUID(uuidString: fields.location)
        if fields.location == "new" || !fields.newLocation.trimmingWhitespace.isEmpty {
            location = try store.location(creatingPath: fields.newLocationPath).key
        }
        var labels = fields.labelKeys
        if !fields.newLabelNames.isEmpty { labels += try store.labels(creatingNames: fields.newLabelNames).map(\.key) }
        return ItemPlacement(locationKey: location, labelKeys: labels)
    }

    /// The field messages of a store refusal about places, or `nil` for any other refusal.
    static func placeErrors(_ error: StoreError) -> ItemForm.Errors? {
        var errors = ItemForm.Errors()
        switch error {
        case .locationNotFound: errors.location = "errorLocationGone"
        case .labelNotFound: errors.labels = "errorLabelGone"
        case .invalidPlace(.tooManyLabels): errors.labels = "errorTooManyLabels"
        case .invalidPlace(.tooDeep): errors.location = "errorLocationTooDeep"
        case .invalidPlace(.nameTooLong): errors.location = "errorLocationNameLong"
        case .invalidPlace(.tooMany): errors.location = "errorTooManyPlaces"
        case .invalidPlace: errors.location = "errorLocationPathEmpty"
        default: return nil
        }
        return errors
    }
}
