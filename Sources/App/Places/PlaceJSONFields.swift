import Foundation
import HTTP
import Storage

/// The members of a location's or a label's JSON body, checked as the document states them
/// (lengths in code points as sent, as JSON Schema counts), each problem named by its field.
/// What only the store can decide (a taken name, too deep, a cycle) it decides, and
/// ``PlaceMessage`` words it.
enum PlaceJSONFields {
    /// A string member at most `limit` code points long (the item API's reader, its limit in the
    /// message); `nil` when missing, not a string, or too long.
    static func text(_ body: [String: Any], _ field: String, required: Bool, limit: Int, tooLong: String,
                     _ errors: inout [ProblemDetails.FieldError]) -> String? {
        let before = errors.count
        let text = ItemFields.string(body, field, required: required, maxLength: limit, tooLong: tooLong,
                                     tooLongArguments: [String(limit)], &errors)
        return errors.count == before ? text : nil
    }

    /// A member that is a key or `null`: `.absent`, `.none` (null), or the key.
    enum KeyMember: Equatable {
        case absent
        case null
        case key(UUID)

        var key: UUID? {
            if case .key(let key) = self { key } else { nil }
        }
    }

    static func key(_ body: [String: Any], _ field: String, required: Bool, _ errors: inout [ProblemDetails.FieldError]) -> KeyMember {
        guard let value = body[field] else {
            if required { errors.append(.init(field: field, message: "apiErrorRequired")) }
            return .absent
        }
        if value is NSNull { return .null }
        guard let text = value as? String, let key = UUID(uuidString: text) else {
            errors.append(.init(field: field, message: "placesErrorKey"))
            return .absent
        }
        return .key(key)
    }

    /// One of the palette's colour names.
    static func color(_ body: [String: Any], required: Bool, _ errors: inout [ProblemDetails.FieldError]) -> Label.Color? {
        guard let value = body["color"] else {
            if required { errors.append(.init(field: "color", message: "apiErrorRequired")) }
            return nil
        }
        guard let name = value as? String, let color = Label.Color(rawValue: name) else {
            errors.append(.init(field: "color", message: "placesErrorColor", arguments: [colorNames]))
            return nil
        }
        return color
    }

    static var colorNames: String { Label.Color.allCases.map(\.rawValue).joined(separator: ", ") }

    /// A positive whole-number member (a version).
    static func version(_ body: [String: Any], required: Bool, _ errors: inout [ProblemDetails.FieldError]) -> Int? {
        let version = ItemFields.integer(body, "version", required: required, invalid: "placesErrorVersion", &errors)
        if let version, version < 1 {
            errors.append(.init(field: "version", message: "placesErrorVersion"))
            return nil
        }
        return version
    }

    /// `?name=` as a key, `nil` when absent; 422 naming it when it is not a key.
    static func queryKey(_ request: HTTPRequest, _ name: String, _ errors: inout [ProblemDetails.FieldError]) -> UUID? {
        guard let text = request.query(name) else { return nil }
        guard let key = UUID(uuidString: text) else {
            errors.append(.init(field: name, message: "placesErrorKey"))
            return nil
        }
        return key
    }

    /// `?version=` as a positive whole number, `nil` when absent.
    static func queryVersion(_ request: HTTPRequest, _ errors: inout [ProblemDetails.FieldError]) -> Int? {
        guard let text = request.query("version") else { return nil }
        guard let version = Int(text), version >= 1 else {
            errors.append(.init(field: "version", message: "placesErrorVersion"))
            return nil
        }
        return version
    }
}
