import Foundation
import HTTP

/// The languages the interface is translated into.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
    case traditionalChinese = "zh-Hant"

    /// The value of `<html lang>`.
    var htmlTag: String {
        switch self {
        case .english: "en"
        case .simplifiedChinese: "zh-Hans"
        case .traditionalChinese: "zh-Hant"
        }
    }

    /// The language a request asks for: `?lang=` first, then the member's setting (`chosen`),
    /// then the browser's remembered choice, then `Accept-Language` (RFC 9110 §12.5.4, taking
    /// quality values into account).
    static func preferred(by request: HTTPRequest, chosen: Language? = nil) -> Language {
        if let explicit = request.query("lang").flatMap(Language.init(tag:)) { return explicit }
        if let chosen { return chosen }
        if let chosen = remembered(in: request) { return chosen }
        guard let header = request.headers[.acceptLanguage] else { return .english }
        var best: (language: Language, quality: Double)?
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, let language = Language(tag: tag) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0, quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language ?? .english
    }

    /// The language's name in itself, for the language links.
    var nativeName: String {
        switch self {
        case .english: "English"
        case .simplifiedChinese: "简体中文"
        case .traditionalChinese: "繁體中文"
        }
    }

    /// Maps a BCP 47 tag onto a supported language, or nil.
    init?(tag: String) {
        let lower = tag.lowercased()
        if lower == "en" || lower.hasPrefix("en-") {
            self = .english
        } else if lower == "zh-hant" || lower.hasPrefix("zh-hant-") || lower == "zh-tw" || lower == "zh-hk" || lower == "zh-mo" {
            self = .traditionalChinese
        } else if lower == "zh" || lower.hasPrefix("zh-") {
            self = .simplifiedChinese
        } else {
            return nil
        }
    }
}

/// The language the browser remembers choosing: its `lang` cookie.
extension Language: RememberedPreference {
    static let cookieBaseName = "lang"
    init?(cookieValue: String) { self.init(tag: cookieValue) }
}
