/// Quoting of names put into SQL, for the few statements that cannot take a `$n` parameter
/// (`LISTEN channel`, `DEALLOCATE name`, `CREATE SCHEMA name`). Values are never put into SQL:
/// they are always parameters.
public enum PostgresIdentifier {
    /// The longest name PostgreSQL keeps (NAMEDATALEN - 1 bytes); it cuts longer ones silently,
    /// so they are refused here instead.
    public static let maximumLength = 63

    /// `name` as a double-quoted identifier, any `"` inside doubled: `my "chan"` → `"my ""chan"""`.
    /// The name is then taken exactly, case and all.
    public static func quoted(_ name: String) -> String {
        // By scalar, not Character: `"` followed by a combining mark is one Character, and
        // would slip through undoubled.
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in name.unicodeScalars {
            if scalar == "\"" { result.append("\"") }
            result.append(scalar)
        }
        result.append("\"")
        return String(result)
    }

    /// Checks that `name` can be an identifier as it is: 1 to 63 bytes of UTF-8, no NUL.
    ///
    /// - Throws: ``PostgresError/Kind/invalidArgument``.
    public static func validate(_ name: String, as what: String = "identifier") throws(PostgresError) {
        let length = name.utf8.count
        guard length > 0, length <= maximumLength, !name.utf8.contains(0) else {
            throw PostgresError(kind: .invalidArgument,
                                message: "a PostgreSQL \(what) must be 1 to \(maximumLength) bytes without NUL, not \(length) bytes")
        }
    }
}
