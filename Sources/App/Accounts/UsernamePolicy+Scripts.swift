/// The scripts of a name's letters, for refusing names that mix look-alike alphabets
/// ("pаypal" with a Cyrillic а): TR39's "highly restrictive" level (§5.2). A name's
/// letters come from one script, or from one of the combinations people write — Latin
/// with Han and Japanese kana, with Han and Bopomofo, or with Han and Hangul. Digits,
/// punctuation and symbols belong to every script; combining marks to their letter's.
///
/// Without ICU's script property, scripts are known by their blocks: those whose letters
/// are confused with Latin ones (Greek, Cyrillic, Armenian, Cherokee) and those of the
/// allowed combinations precisely; any other letter by its 128-code-point block, close
/// enough to tell, say, Thai from Devanagari.
extension UsernamePolicy {
    enum Script: Hashable, Sendable {
        case latin, greek, cyrillic, armenian, hebrew, arabic, cherokee
        case han, hiragana, katakana, bopomofo, hangul
        /// Another script, by the 128-code-point block its letter is in.
        case other(UInt32)
    }

    /// Sets of scripts that may be mixed in a name.
    static let scriptCombinations: [Set<Script>] = [
        [.latin, .han, .hiragana, .katakana],
        [.latin, .han, .bopomofo],
        [.latin, .han, .hangul],
    ]

    static func mixesScripts(_ name: String) -> Bool {
        let scripts = Set(name.unicodeScalars.compactMap(script(of:)))
        return scripts.count > 1 && !scriptCombinations.contains { scripts.isSubset(of: $0) }
    }

    /// The script of a letter; nil for anything else (digits, punctuation, symbols, marks)
    /// and for letters shared by several scripts (ー, the kana length mark).
    static func script(of scalar: Unicode.Scalar) -> Script? {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: break
        default: return nil
        }
        switch scalar.value {
        case 0x0041...0x024F, 0x0250...0x02B8, 0x1D00...0x1D25, 0x1D2C...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F,
             0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06, 0xFF21...0xFF5A:
            return .latin
        case 0x0370...0x03FF, 0x1D26...0x1D2A, 0x1F00...0x1FFF:
            return .greek
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x1D2B, 0x2DE0...0x2DFF, 0xA640...0xA69F:
            return .cyrillic
        case 0x0530...0x058F, 0xFB13...0xFB17:
            return .armenian
        case 0x0590...0x05FF, 0xFB1D...0xFB4F:
            return .hebrew
        case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            return .arabic
        case 0x13A0...0x13FF, 0xAB70...0xABBF:
            return .cherokee
        case 0x30FC:
            return nil
        case 0x3041...0x309F:
            return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
            return .katakana
        case 0x3100...0x312F, 0x31A0...0x31BF:
            return .bopomofo
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC:
            return .hangul
        case 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0x20000...0x3FFFF:
            return .han
        default:
            return .other(scalar.value >> 7)
        }
    }
}
