import Mustache

/// A JSON value from the spec fixtures, decoded straight into a ``MustacheValue``
/// so integers, decimals and booleans keep their types.
struct MustacheSpecValue: Decodable, Sendable {
    let value: MustacheValue

    init(_ value: MustacheValue) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            value = .int(number)
        } else if let number = try? container.decode(Double.self) {
            value = .double(number)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let list = try? container.decode([MustacheSpecValue].self) {
            value = .list(list.map(\.value))
        } else {
            value = .object(try container.decode([String: MustacheSpecValue].self).mapValues(\.value))
        }
    }
}
