import Foundation
import Storage

/// The names a document goes by: the title it gets when its member gives none, and the file
/// name a download is saved under.
enum DocumentNames {
    /// The kind's name in the page's language ("Receipt", "收据").
    static func kindName(_ kind: DocumentKind, _ language: Language) -> String {
        switch kind {
        case .receipt: Strings.text("documentKindReceipt", language)
        case .manual: Strings.text("documentKindManual", language)
        case .warranty: Strings.text("documentKindWarranty", language)
        case .other: Strings.text("documentKindOther", language)
        }
    }

    /// A title the member typed, or `nil` when they typed none (nothing but spaces and
    /// control characters): the file's name gives it then.
    static func typedTitle(_ text: String?) -> String? {
        guard let text else { return nil }
        let visible = text.unicodeScalars.contains { $0.properties.generalCategory != .control && !$0.properties.isWhitespace }
        return visible ? text : nil
    }

    /// A title from an uploaded file's name: its last path component (`../../etc/passwd` is
    /// "passwd"), without control characters and its extension, underscores as spaces,
    /// trimmed, at most ``ItemStore/maxDocumentTitleLength`` characters; never empty — the
    /// kind's name when nothing is left.
    static func title(fromFileName name: String, kind: DocumentKind, _ language: Language) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var stem = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        if let dot = stem.lastIndex(of: "."), dot > stem.startIndex {
            let suffix = stem[stem.index(after: dot)...]
            if (1...5).contains(suffix.count), suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                stem = String(stem[..<dot])
            }
        }
        let words = stem.replacingOccurrences(of: "_", with: " ").split(whereSeparator: \.isWhitespace)
        // At most as many code points as a title may have (the API's schema counts those).
        let title = String(String.UnicodeScalarView(words.joined(separator: " ").unicodeScalars.prefix(ItemStore.maxDocumentTitleLength)))
        return title.isEmpty ? kindName(kind, language) : title
    }

    /// `attachment; filename="<ASCII>"; filename*=UTF-8''<RFC 8187>` for a download of
    /// `document`: its title with the extension of its real type, so what is saved opens in
    /// the right program whatever the file was called when uploaded (RFC 6266 §4.3: a
    /// `filename*` is preferred by browsers that read it, the plain one by the others).
    static func contentDisposition(_ document: ItemDocument) -> String {
        let name = fileName(document)
        return "attachment; filename=\"\(asciiFallback(name))\"; filename*=UTF-8''\(rfc8187(name))"
    }

    /// The title as a file name: no path separators, no characters file systems refuse, no
    /// control characters, at most 150 characters, plus the type's extension.
    static func fileName(_ document: ItemDocument) -> String {
        let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        let cleaned = String(document.title.map { forbidden.contains($0) ? "_" : $0 })
        let scalars = cleaned.unicodeScalars.filter { $0.properties.generalCategory != .control }
        var stem = String(String(String.UnicodeScalarView(scalars)).prefix(150)).trimmingCharacters(in: .whitespaces)
        // A name of dots alone ("..") is no file name.
        if stem.allSatisfy({ $0 == "." || $0 == " " }) { stem = "document" }
        return stem + "." + document.fileExtension
    }

    /// The name in printable ASCII for the quoted `filename` (RFC 6266 §4.3): every other
    /// character, and `"`, `\` and `%` (which some browsers decode), as `_`.
    static func asciiFallback(_ name: String) -> String {
        let ascii = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            (0x20...0x7E).contains(scalar.value) && scalar != "\"" && scalar != "\\" && scalar != "%" ? scalar : "_"
        }))
        let stem = ascii.split(separator: ".").dropLast().joined(separator: ".")
        // Nothing of the title left (a name in Chinese): a name that says what it is.
        return stem.allSatisfy({ $0 == "_" || $0 == " " }) ? "document." + (ascii.split(separator: ".").last.map(String.init) ?? "bin") : ascii
    }

    /// RFC 8187 §3.2.1 `value-chars`: UTF-8, every byte but `attr-char` percent-encoded.
    static func rfc8187(_ name: String) -> String {
        let attrChars = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in name.utf8 {
            if attrChars.contains(byte) { encoded.append(byte) } else { encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
