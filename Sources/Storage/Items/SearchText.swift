import CSQLite
import Foundation

/// How names, serial numbers and searches are compared: folded the same way on both sides,
/// so "poang" finds "Poäng", "ＳＯＮＹ" finds "Sony" and "CAMERA" finds "camera".
///
/// The folding is Swift's (case, diacritics, full-width and half-width forms), and the
/// indexes hold folded text: SQLite calls ``folded(_:)`` as `search_fold(text)` and
/// ``grams(_:_:)`` as `search_grams(name, serial)` from the items' triggers, so the index and
/// the query can never fold differently.
enum SearchText {
    /// `text` with case, accents and character width folded away ("Ｐｏäng" → "poang").
    static func folded(_ text: String) -> String {
        // Most names are ASCII: only case to fold, and far cheaper than Foundation's folding
        // (walking a sort's index folds each row it tests).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The words of a search, folded, each to be found somewhere in a name or serial (any
    /// order, any part of a word); repeated words once.
    static func words(_ search: String) -> [String] {
        var seen = Set<String>()
        return folded(search).split(whereSeparator: \.isWhitespace).map(String.init).filter { seen.insert($0).inserted }
    }

    /// The `items_grams` tokens of an item: `g` + the hex of each folded character, and of it
    /// with the next one, of the name and the serial (which one- and two-character words of a
    /// search look up).
    static func grams(_ name: String, _ serial: String) -> String {
        var tokens: [String] = []
        for text in [name, serial] {
            let scalars = Array(folded(text).unicodeScalars)
            for index in scalars.indices {
                tokens.append(gramToken(scalars[index...index]))
                if index + 1 < scalars.count { tokens.append(gramToken(scalars[index...index + 1])) }
            }
        }
        return tokens.joined(separator: " ")
    }

    /// The token of one or two folded characters: `g` and the upper-case hex of their UTF-8.
    static func gramToken(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var token: [UInt8] = [UInt8(ascii: "g")]
        for scalar in scalars {
            for byte in String(scalar).utf8 { token += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
        }
        return String(decoding: token, as: UTF8.self)
    }
}

extension Database {
    /// Registers `search_fold(text)` and `search_grams(name, serial)` (``SearchText``) on this
    /// connection. Deterministic, and innocuous (a file's triggers may call them where its
    /// schema is not trusted).
    func registerSearchFunctions() throws {
        let connection = try openHandle()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        try check(sqlite3_create_function_v2(connection, "search_fold", 1, flags, nil, { context, count, values in
            guard count == 1, let values, let text = SearchText.argument(values[0]) else { return sqlite3_result_null(context) }
            SearchText.result(SearchText.folded(text), context)
        }, nil, nil, nil))
        try check(sqlite3_create_function_v2(connection, "search_grams", 2, flags, nil, { context, count, values in
            guard count == 2, let values else { return sqlite3_result_null(context) }
            SearchText.result(SearchText.grams(SearchText.argument(values[0]) ?? "", SearchText.argument(values[1]) ?? ""), context)
        }, nil, nil, nil))
        try registerOwnershipSearchFunctions()
    }
}

extension SearchText {
    /// A function argument as text (`nil` for NULL).
    static func argument(_ value: OpaquePointer?) -> String? {
        guard let value, sqlite3_value_type(value) != SQLITE_NULL, let bytes = sqlite3_value_text(value) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }

    static func result(_ text: String, _ context: OpaquePointer?) {
        var text = text
        if text.isEmpty { return sqlite3_result_text(context, "", 0, sqliteTransient) }
        text.withUTF8 { bytes in
            sqlite3_result_text(context, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                                Int32(bytes.count), sqliteTransient)
        }
    }
}
