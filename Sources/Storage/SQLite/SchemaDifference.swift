/// One way a database's schema is not the expected one: an object it should not have, one it
/// lacks, or one defined otherwise. Reads as `extra trigger "promote" (on accounts)`.
public struct SchemaDifference: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// In the file, not in the expected schema.
        case extra
        /// In the expected schema, not in the file.
        case missing
        /// In both, with other SQL or on another table.
        case changed
    }

    public var kind: Kind
    /// `table`, `index`, `trigger` or `view`.
    public var type: String
    public var name: String
    /// The table an index or trigger is on (the file's, when it is extra or changed).
    public var tableName: String

    public init(_ kind: Kind, type: String, name: String, tableName: String) {
        self.kind = kind
        self.type = type
        self.name = name
        self.tableName = tableName
    }

    init(_ kind: Kind, _ object: DatabaseSchema.Object) {
        self.init(kind, type: object.type, name: object.name, tableName: object.tableName)
    }

    public var description: String {
        let what = switch kind {
        case .extra: "unexpected"
        case .missing: "missing"
        case .changed: "altered"
        }
        let table = tableName == name ? "" : " (on \(Self.quoted(tableName)))"
        return "\(what) \(Self.quoted(type)) \(Self.quoted(name))\(table)"
    }

    /// `text` safe to print on a terminal: names come from the file, which may hold escape
    /// sequences, line breaks or right-to-left marks. Plain words stay as they are; anything else
    /// is quoted, with every character but printable ASCII as `\u{…}`, and cut at 64 characters.
    static func quoted(_ text: String) -> String {
        let isPlain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)) }
        if isPlain, text.unicodeScalars.count <= 64 { return text }
        var output = "\""
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard offset < 64 else { output += "…"; break }
            if scalar.isASCII, scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" {
                output.unicodeScalars.append(scalar)
            } else {
                output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return output + "\""
    }
}
