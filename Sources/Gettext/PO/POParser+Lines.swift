extension POParser.State {
    /// Reads one line (without its line break): a comment, a keyword with its string, a
    /// string continuing the last keyword's, or a blank.
    mutating func read(_ bytes: ArraySlice<UInt8>, number: Int) {
        var line = bytes
        while let first = line.first, first == 0x20 || first == 0x09 { line.removeFirst() }
        guard let first = line.first else { return }  // blank lines only separate entries
        // Read on (bad bytes as U+FFFD), so the entry ends where it should; it is dropped.
        let isValid = String(validating: bytes, as: UTF8.self) != nil
        if !isValid { problem(number, "not valid UTF-8 (the file must be saved as UTF-8)") }
        defer { if !isValid { entry?.isDamaged = true } }
        if first == UInt8(ascii: "#") {
            readComment(line.dropFirst(), number: number)
            return
        }
        if first == UInt8(ascii: "\"") {
            guard let keyword = open else {
                problem(number, "a string outside any msgid or msgstr")
                return
            }
            if let text = literal(line, number: number) { append(text, to: keyword, line: number) } else { entry?.isDamaged = true }
            return
        }
        var word = line
        while let byte = word.first, byte != 0x20, byte != 0x09, byte != UInt8(ascii: "\"") { word.removeFirst() }
        let name = String(decoding: line[line.startIndex..<word.startIndex], as: UTF8.self)
        guard let keyword = Self.keyword(name) else {
            problem(number, "unknown keyword \(name.count > 40 ? String(name.prefix(40)) + "…" : name) (msgctxt, msgid, msgid_plural, msgstr or msgstr[N])")
            damage()
            return
        }
        while let byte = word.first, byte == 0x20 || byte == 0x09 { word.removeFirst() }
        guard word.first == UInt8(ascii: "\"") else {
            problem(number, "\(keyword.name) needs a quoted string")
            damage()
            return
        }
        let text = literal(word, number: number)
        start(keyword, line: number)
        if let text { append(text, to: keyword, line: number) } else { entry?.isDamaged = true }
    }

    private static func keyword(_ name: String) -> POParser.Keyword? {
        switch name {
        case "msgctxt": return .context
        case "msgid": return .id
        case "msgid_plural": return .pluralID
        case "msgstr": return .string
        default:
            guard name.hasPrefix("msgstr["), name.hasSuffix("]"), name.count <= 10,
                  let index = Int(name.dropFirst(7).dropLast()), index >= 0 else { return nil }
            return .indexedString(index)
        }
    }

    /// `#,` flags, `#.` comments; `#:` references, `#|` previous strings, `#~` obsolete
    /// entries and `# ` translator notes are read past.
    private mutating func readComment(_ rest: ArraySlice<UInt8>, number: Int) {
        // A comment after an entry's strings starts the next entry.
        if entry?.hasStrings == true { finishEntry() }
        switch rest.first {
        case UInt8(ascii: ","):
            let text = String(decoding: rest.dropFirst(), as: UTF8.self)
            for flag in text.split(separator: ",") where !flag.trimmingSpaces.isEmpty {
                flags.insert(String(flag.trimmingSpaces))
            }
        case UInt8(ascii: "."):
            comments.append(String(String(decoding: rest.dropFirst(), as: UTF8.self).drop { $0 == " " }))
        default:
            break
        }
        open = nil
    }

    /// A keyword begins: checked against what the entry has so far, which it may end.
    private mutating func start(_ keyword: POParser.Keyword, line: Int) {
        switch keyword {
        case .context, .id:
            // msgctxt then msgid make one entry; anything else after an unfinished entry ends it.
            if let current = entry, current.hasStrings || keyword == .context || current.id != nil {
                if current.hasStrings {
                    finishEntry()
                } else {
                    if !current.isDamaged {
                        problem(current.line, current.id == nil ? "msgctxt without msgid after it" : "this entry has no msgstr")
                    }
                    entry = nil
                }
            }
            if entry == nil {
                entry = POParser.PartialEntry(line: line, flags: flags, comments: comments)
                flags = []
                comments = []
            }
            if keyword == .context { entry?.context = "" } else { entry?.id = "" }
        case .pluralID:
            guard let current = entry, current.id != nil, !current.hasStrings, current.pluralID == nil else {
                problem(line, entry?.pluralID != nil ? "a second msgid_plural" : "msgid_plural without msgid before it")
                damage()
                return
            }
            entry?.pluralID = ""
        case .string, .indexedString:
            guard let current = entry, current.id != nil else {
                problem(line, "\(keyword.name) without msgid before it")
                damage()
                return
            }
            let expected = current.pluralID == nil ? POParser.Keyword.string : .indexedString(current.strings.count)
            guard keyword == expected, !(keyword == .string && current.hasStrings) else {
                let message = switch (keyword, current.pluralID) {
                case (.string, nil): "a second msgstr"
                case (.string, _): "an entry with msgid_plural needs msgstr[0], msgstr[1]…, not msgstr"
                case (_, nil): "\(keyword.name) without msgid_plural (a message without plural forms has one msgstr)"
                default: "\(keyword.name) out of order: \(expected.name) comes next"
                }
                problem(line, message)
                damage()
                return
            }
            if !current.hasStrings { entry?.stringLine = line }
            entry?.strings.append("")
        }
        open = keyword
    }

    private mutating func append(_ text: String, to keyword: POParser.Keyword, line: Int) {
        switch keyword {
        case .context: entry?.context? += text
        case .id: entry?.id? += text
        case .pluralID: entry?.pluralID? += text
        case .string, .indexedString:
            guard let last = entry?.strings.indices.last else { return }
            entry?.strings[last] += text
            if last == 0 { entry?.pieces.append(POEntry.Piece(text: text, line: line)) }
        }
    }

    /// After a reported error: the entry is dropped without further complaint, and a
    /// string on the next line continues nothing.
    private mutating func damage() {
        entry?.isDamaged = true
        open = nil
    }

    /// Ends the entry being read, if any: one without a msgstr is reported.
    mutating func finishEntry() {
        open = nil
        guard let current = entry else { return }
        entry = nil
        guard let id = current.id, current.hasStrings else {
            if !current.isDamaged {
                problem(current.line, current.id == nil ? "msgctxt without msgid after it" : "this entry has no msgstr")
            }
            return
        }
        // A string of it could not be read (reported): what is left of it would be wrong.
        guard !current.isDamaged else { return }
        var finished = POEntry(context: current.context, id: id, pluralID: current.pluralID, strings: current.strings,
                               flags: current.flags, comments: current.comments, line: current.line, stringLine: current.stringLine)
        finished.pieces = current.pieces
        entries.append(finished)
    }
}
