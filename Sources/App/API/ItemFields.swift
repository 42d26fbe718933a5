import Foundation

/// An item's fields from a JSON body, checked by the detail form's rules (``ItemForm``), so
/// the API and the pages refuse the same input.
enum ItemFields {
    /// Field names as the API spells them, for the form's errors.
    static let formField = ["name": "name", "serialNumber": "serialNumber", "value": "valueInDollars"]

    /// The cleaned fields of a create (`name` required; `serialNumber` "" and `valueInDollars`
    /// 0 when absent) or of an update (all three required).
    ///
    /// - Throws: a 422 ``ProblemDetails`` naming every field that is missing or invalid.
    static func clean(_ body: [String: Any], requireAll: Bool, extra: [ProblemDetails.FieldError] = []) throws -> ItemForm.Clean {
        var errors = extra
        let name = string(body, "name", required: true, maxLength: ItemForm.maxNameLength, tooLong: "errorNameLong", &errors)
        let serial = string(body, "serialNumber", required: requireAll, maxLength: ItemForm.maxSerialLength, tooLong: "errorSerialLong", &errors)
        let value = dollars(body, "valueInDollars", required: requireAll, invalid: "errorValueNumber", &errors)
        let form = ItemForm(name: name ?? "", serialNumber: serial ?? "", value: value.map(String.init) ?? (body["valueInDollars"] == nil ? "0" : ""))
        switch form.validate() {
        case .success(let clean) where errors.isEmpty:
            return clean
        case .success:
            throw ProblemDetails.invalid(errors)
        case .failure(let failure):
            let found = [("name", failure.errors.name), ("serialNumber", failure.errors.serialNumber), ("valueInDollars", failure.errors.value)]
            for case (let field, let message?) in found where !errors.contains(where: { $0.field == field }) {
                errors.append(.init(field: field, message: message))
            }
            throw ProblemDetails.invalid(errors)
        }
    }

    /// A string member; records an error when it is missing (and required), not a string
    /// (`null` included: the document says string), or longer than `maxLength` code points as
    /// sent — JSON Schema's count, which the document states; the form's own rule (characters,
    /// once trimmed) never allows less.
    static func string(
        _ body: [String: Any], _ field: String, required: Bool, maxLength: Int = .max, tooLong: String = "",
        tooLongArguments: [String] = [], _ errors: inout [ProblemDetails.FieldError]
    ) -> String? {
        guard let value = body[field] else {
            if required { errors.append(.init(field: field, message: "apiErrorRequired")) }
            return nil
        }
        guard let text = value as? String else {
            errors.append(.init(field: field, message: "apiErrorString"))
            return nil
        }
        if text.unicodeScalars.count > maxLength { errors.append(.init(field: field, message: tooLong, arguments: tooLongArguments)) }
        return text
    }

    /// A whole-number member (not a boolean, not a fraction); records an error otherwise.
    static func integer(
        _ body: [String: Any], _ field: String, required: Bool, invalid: String, _ errors: inout [ProblemDetails.FieldError]
    ) -> Int? {
        guard let value = body[field] else {
            if required { errors.append(.init(field: field, message: "apiErrorRequired")) }
            return nil
        }
        guard let number = wholeNumber(value) else {
            errors.append(.init(field: field, message: invalid))
            return nil
        }
        return number
    }

    /// An amount in dollars (issue 22 point 11, the form's rule): a JSON number, cents rounded
    /// to whole dollars half up (449.99 → 450), as ``MoneyInput`` reads it; records an error
    /// for anything else (a boolean, a string, a negative or too large amount).
    static func dollars(
        _ body: [String: Any], _ field: String, required: Bool, invalid: String, _ errors: inout [ProblemDetails.FieldError]
    ) -> Int? {
        guard let value = body[field] else {
            if required { errors.append(.init(field: field, message: "apiErrorRequired")) }
            return nil
        }
        if let whole = wholeNumber(value), (0...ItemForm.maxValue).contains(whole) { return whole }
        // A fraction, rounded half up to whole dollars. Only an exact half can tie, and halves are
        // exact in binary, so the double decides as the decimal would — also for 5e-324 or 1e-05,
        // which JSON allows and whose text MoneyInput (for what people type) does not read.
        guard wholeNumber(value) == nil, let number = value as? NSNumber, String(cString: number.objCType) != "c",
              case let amount = number.doubleValue, amount.isFinite, amount >= 0,
              case let rounded = amount.rounded(.toNearestOrAwayFromZero), rounded <= Double(ItemForm.maxValue)
        else {
            errors.append(.init(field: field, message: invalid))
            return nil
        }
        return Int(rounded)
    }

    /// `value` as an `Int` when it is a JSON number without a fraction (a JSON `true` is not 1).
    static func wholeNumber(_ value: Any) -> Int? {
        // `1 is Bool` holds for a boxed number, so the box's type tells booleans apart.
        guard let number = value as? NSNumber else { return nil }
        let type = String(cString: number.objCType)
        guard type != "c", type != "B" else { return nil }  // booleans, as Foundation boxes them
        if let integer = value as? Int { return integer }
        let double = number.doubleValue
        guard double.rounded() == double, let integer = Int(exactly: double) else { return nil }
        return integer
    }
}
