/// SQLite's parameters (`?`, `?NNN`) rewritten as PostgreSQL's (`$n`), so that the store's
/// statements are written once.
///
/// Numbering follows SQLite: `?NNN` is parameter NNN, and a bare `?` is one more than the
/// largest number so far. Question marks inside string literals, quoted identifiers and
/// comments are left alone.
enum PostgresPlaceholders {
    static func rewrite(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 8)
        let scalars = Array(sql.unicodeScalars)
        var index = 0
        var largest = 0
        func copy(while condition: (Unicode.Scalar) -> Bool) {
            while index < scalars.count, condition(scalars[index]) {
                output.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "'", "\"":
                // A literal or quoted identifier, with its doubled quotes, copied as it is.
                output.unicodeScalars.append(scalar)
                index += 1
                while index < scalars.count {
                    let next = scalars[index]
                    output.unicodeScalars.append(next)
                    index += 1
                    if next == scalar {
                        if index < scalars.count, scalars[index] == scalar {
                            output.unicodeScalars.append(scalar)
                            index += 1
                        } else {
                            break
                        }
                    }
                }
            case "-" where index + 1 < scalars.count && scalars[index + 1] == "-":
                copy { $0 != "\n" }
            case "/" where index + 1 < scalars.count && scalars[index + 1] == "*":
                output += "/*"
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                    output.unicodeScalars.append(scalars[index])
                    index += 1
                }
                if index < scalars.count {
                    output += "*/"
                    index += 2
                }
            case "?":
                index += 1
                var digits = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    digits.unicodeScalars.append(scalars[index])
                    index += 1
                }
                let number = Int(digits) ?? (largest + 1)
                largest = max(largest, number)
                output += "$\(number)"
            default:
                output.unicodeScalars.append(scalar)
                index += 1
            }
        }
        return output
    }
}
