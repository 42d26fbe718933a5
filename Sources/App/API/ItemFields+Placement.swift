import Foundation
import Storage

extension ItemFields {
    /// An item's `location` (a key or null) and `labels` (an array of keys, at most
    /// ``ItemStore/maxLabelsPerItem``, repeats counted once) from a JSON body.
    ///
    /// - Parameter base: what an absent member keeps (the item's placement on a PUT;
    ///   `.nowhere` on a POST).
    /// - Returns: the placement to save, or nil when the body names neither (a PUT leaves the
    ///   item where it is); problems are recorded in `errors`.
    static func placement(_ body: [String: Any], base: ItemPlacement, _ errors: inout [ProblemDetails.FieldError]) -> ItemPlacement? {
        let location = PlaceJSONFields.key(body, "location", required: false, &errors)
        let labels = labelKeys(body, &errors)
        if case .absent = location, labels == nil { return nil }
        let locationKey: UUID? = switch location {
        case .absent: base.locationKey
        case .null: nil
        case .key(let key): key
        }
        return ItemPlacement(locationKey: locationKey, labelKeys: labels ?? base.labelKeys)
    }

    /// `labels`, or nil when absent. More than the limit is refused before any key is read:
    /// 10,000 labels are one error, not 10,000.
    private static func labelKeys(_ body: [String: Any], _ errors: inout [ProblemDetails.FieldError]) -> [UUID]? {
        guard let value = body["labels"] else { return nil }
        guard let array = value as? [Any] else {
            errors.append(.init(field: "labels", message: "placesErrorLabelKeys"))
            return nil
        }
        guard array.count <= ItemStore.maxLabelsPerItem else {
            errors.append(.init(field: "labels", message: "placesErrorTooManyLabels", arguments: [String(ItemStore.maxLabelsPerItem)]))
            return nil
        }
        var keys: [UUID] = []
        for element in array {
            guard let text = element as? String, let key = UUID(uuidString: text) else {
                errors.append(.init(field: "labels", message: "placesErrorLabelKeys"))
                return nil
            }
            keys.append(key)
        }
        return keys
    }

    /// The 422 for a placement naming a location or label that does not exist (or no
    /// longer does).
    static func unknownPlace(_ error: StoreError) -> ProblemDetails? {
        switch error {
        case .locationNotFound: ProblemDetails.invalid([.init(field: "location", message: "placesErrorLocationGone")])
        case .labelNotFound: ProblemDetails.invalid([.init(field: "labels", message: "placesErrorLabelGone")])
        case .invalidPlace(let problem): PlaceMessage(problem, subject: .label).problem
        default: nil
        }
    }
}
