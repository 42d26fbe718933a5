import Storage

/// What a new username may be (setup, an invitation, `homepwner users add`): 1 to 64
/// characters in NFKC, every one visible, accents only on letters, letters from one
/// script (or a combination people write, as Latin with Han and kana). Names already
/// taken, or confusable with one (``UsernameSkeleton``), are the store's to refuse.
///
/// ```swift
/// UsernamePolicy.check(" ａｎｎ ")       // .success("ann")
/// UsernamePolicy.check("ann\u{200B}")   // .failure(.invisible)
/// UsernamePolicy.check("pаypal")        // .failure(.mixedScripts): a Cyrillic а among Latin letters
/// ```
enum UsernamePolicy {
    /// Why a name was refused: the raw value is the message's string key.
    enum Problem: String, Error, Sendable {
        case length = "errorUsername"
        /// Control, format, default-ignorable (zero-width joiners, the Hangul filler),
        /// bidirectional controls, private-use, unassigned, or white space other than a space.
        case invisible = "errorUsernameInvisible"
        /// A combining mark with no letter under it, an overlay or enclosing mark, or a pile of them.
        case marks = "errorUsernameMarks"
        case mixedScripts = "errorUsernameScripts"
    }

    static let maxLength = 64
    /// Combining marks one letter may carry: enough for Vietnamese, Thai and Tibetan
    /// stacks, not for text that spills over its neighbours.
    static let maxMarksPerLetter = 4

    /// The name in the form it is stored (trimmed, NFKC), or why it cannot be one.
    static func check(_ typed: String?) -> Result<String, Problem> {
        let name = UsernameSkeleton.normalized(typed ?? "")
        guard (1...maxLength).contains(name.count) else { return .failure(.length) }
        guard !name.unicodeScalars.contains(where: isInvisible) else { return .failure(.invisible) }
        guard marksSitOnLetters(name) else { return .failure(.marks) }
        guard !mixesScripts(name) else { return .failure(.mixedScripts) }
        return .success(name)
    }

    /// Characters that show nothing, or change how their neighbours show.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isBidiControl || properties.isNoncharacterCodePoint { return true }
        if properties.isWhitespace { return scalar != " " }
        switch properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return true
        default: return scalar == "\u{2800}"  // BRAILLE PATTERN BLANK: a letter-sized nothing
        }
    }

    /// Every combining mark follows a letter (or that letter's other marks), none strikes
    /// through or encloses it, and no letter carries more than ``maxMarksPerLetter``.
    static func marksSitOnLetters(_ name: String) -> Bool {
        var onLetter = false
        var marks = 0
        for scalar in name.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark:
                marks += 1
                guard onLetter, marks <= maxMarksPerLetter, properties.canonicalCombiningClass != .overlay else { return false }
            case .enclosingMark:
                return false
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                onLetter = true
                marks = 0
            default:
                onLetter = false
                marks = 0
            }
        }
        return true
    }
}
