/// A hand-written recursive-descent parser for ``VisualFormat``; pure, position-tracking.
///
/// ```
/// format     := (("H" | "V") ":")? ("|" connection)? view (connection view)* (connection "|")?
/// connection := "" | "-" | "-" number "-" | "-" "(" predicates ")" "-"
/// view       := "[" name ("(" predicates ")")? "]"
/// predicates := predicate ("," predicate)*
/// predicate  := ("==" | ">=" | "<=")? number ("@" number)?
/// name       := [A-Za-z_][A-Za-z0-9_]* ("-" [A-Za-z][A-Za-z0-9_]*)*
/// ```
/// Spaces between tokens are ignored.
struct VisualFormatParser {
    struct Parsed {
        var axis: LayoutAxis = .horizontal
        var leadingEdge: LayoutSpacing?
        var views: [VisualFormat.View] = []
        var spacings: [LayoutSpacing] = []
        var trailingEdge: LayoutSpacing?
    }

    private let source: String
    private let limits: VisualFormatLimits
    private let characters: [Character]
    private var index = 0

    /// - Throws: when `source` is longer than the limit, before looking at it.
    init(_ source: String, limits: VisualFormatLimits) throws(VisualFormatError) {
        let length = source.utf8.count
        guard length <= limits.maxLength else {
            // The error quotes a prefix: its description shows the format and a caret.
            throw VisualFormatError(
                format: String(source.prefix(40)) + "…", position: 0,
                reason: "the format is \(length) bytes long; the limit is \(limits.maxLength)")
        }
        self.source = source
        self.limits = limits
        self.characters = Array(source)
    }

    mutating func parse() throws(VisualFormatError) -> Parsed {
        var parsed = Parsed()
        skipSpaces()
        if let axisLetter = peek(), axisLetter == "H" || axisLetter == "V", peek(offset: 1) == ":" {
            parsed.axis = axisLetter == "H" ? .horizontal : .vertical
            index += 2
        }
        if let letter = peek(), letter.isLetter, peek(offset: 1) == ":" {
            throw failure("unknown orientation '\(letter):', use 'H:' or 'V:'")
        }
        skipSpaces()
        if take("|") {
            parsed.leadingEdge = try connection()
        }
        skipSpaces()
        guard peek() == "[" else {
            throw failure(peek() == nil ? "expected a view such as '[name]', found the end" : "expected '[' to start a view, found \(found)")
        }
        parsed.views.append(try view(existing: parsed.views))
        while true {
            skipSpaces()
            guard peek() != nil else { break }
            let spacing = try connection()
            skipSpaces()
            if take("|") {
                parsed.trailingEdge = spacing
                skipSpaces()
                if peek() != nil { throw failure("expected the end after the trailing '|', found \(found)") }
                break
            }
            guard peek() == "[" else {
                throw failure(peek() == nil ? "expected a view or '|' after the spacing, found the end" : "expected '[' to start a view or '|' for the edge, found \(found)")
            }
            guard parsed.views.count < limits.maxViews else {
                throw failure("more than \(limits.maxViews) views in one format")
            }
            parsed.spacings.append(spacing)
            parsed.views.append(try view(existing: parsed.views))
        }
        return parsed
    }

    // MARK: - Productions

    /// A connection starting at the current index (possibly empty: flush).
    private mutating func connection() throws(VisualFormatError) -> LayoutSpacing {
        skipSpaces()
        guard take("-") else { return .flush }
        skipSpaces()
        guard let next = peek(), next.isNumber || next == "(" || next == "=" || next == "<" || next == ">" || next.isLetter else {
            return .standard
        }
        let predicates: [LayoutPredicate]
        if take("(") {
            predicates = try predicateList(closing: ")")
        } else if next.isLetter {
            throw failure("metric names are not supported, write the number of points instead")
        } else {
            predicates = [try predicate()]
        }
        skipSpaces()
        guard take("-") else {
            throw failure("expected '-' to end the spacing, found \(found)")
        }
        return .predicates(predicates)
    }

    private mutating func view(existing: [VisualFormat.View]) throws(VisualFormatError) -> VisualFormat.View {
        let open = index
        index += 1  // "["
        skipSpaces()
        let nameStart = index
        guard let first = peek(), first.isLetter || first == "_" else {
            throw failure("expected a view name after '[', found \(found)")
        }
        // A '-' belongs to the name only before a letter (`remove-photo`), so `[name-8-|`
        // reads as an unclosed view rather than a view called "name-8-".
        while let c = peek(), c.isLetter || c.isNumber || c == "_" || (c == "-" && peek(offset: 1)?.isLetter == true) {
            index += 1
        }
        let name = String(characters[nameStart..<index])
        if existing.contains(where: { $0.name == name }) {
            throw VisualFormatError(format: source, position: nameStart, reason: "view '\(name)' appears twice")
        }
        skipSpaces()
        var size: [LayoutPredicate] = []
        if take("(") {
            size = try predicateList(closing: ")")
        }
        skipSpaces()
        guard take("]") else {
            let what = peek() == nil ? "the end" : found
            throw failure("expected ']' to close view '\(name)' opened at position \(open), found \(what)")
        }
        return VisualFormat.View(name: name, size: size)
    }

    private mutating func predicateList(closing: Character) throws(VisualFormatError) -> [LayoutPredicate] {
        var list = [try predicate()]
        while true {
            skipSpaces()
            if take(",") {
                guard list.count < limits.maxPredicates else {
                    throw failure("more than \(limits.maxPredicates) predicates in one list")
                }
                list.append(try predicate())
                continue
            }
            if take(closing) { return list }
            throw failure("expected ',' or '\(closing)' in the predicate list, found \(peek() == nil ? "the end" : found)")
        }
    }

    private mutating func predicate() throws(VisualFormatError) -> LayoutPredicate {
        skipSpaces()
        var relation = LayoutRelation.equal
        for candidate in [LayoutRelation.equal, .greaterThanOrEqual, .lessThanOrEqual] where lookingAt(candidate.rawValue) {
            relation = candidate
            index += 2
            break
        }
        skipSpaces()
        if let c = peek(), c.isLetter || c == "_" {
            throw failure("sizes relative to other views and metric names are not supported, write a number of points")
        }
        let at = index
        let constant = try number(what: "a number of points")
        guard constant <= limits.maxConstant else {
            throw VisualFormatError(
                format: source, position: at,
                reason: "a number of points is at most \(CSSLength.number(limits.maxConstant)), not \(CSSLength.number(constant))")
        }
        var priority = LayoutPriority.required
        skipSpaces()
        if take("@") {
            let at = index
            let value = try number(what: "a priority")
            // Range-checked as a Double first: Int(_:) traps beyond Int.max.
            guard (1...1000).contains(value), value == value.rounded(), let p = LayoutPriority(rawValue: Int(value)) else {
                throw VisualFormatError(format: source, position: at, reason: "a priority is a whole number 1…1000, not \(CSSLength.number(value))")
            }
            priority = p
        }
        return LayoutPredicate(relation, constant, priority: priority)
    }

    private mutating func number(what: String) throws(VisualFormatError) -> Double {
        skipSpaces()
        let start = index
        while let c = peek(), c.isASCII, c.isNumber || c == "." { index += 1 }
        guard index > start, let value = Double(String(characters[start..<index])) else {
            index = start
            throw failure("expected \(what), found \(peek() == nil ? "the end" : found)")
        }
        return value
    }

    // MARK: - Scanning

    private func peek(offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private func lookingAt(_ text: String) -> Bool {
        let chars = Array(text)
        guard index + chars.count <= characters.count else { return false }
        return Array(characters[index..<index + chars.count]) == chars
    }

    private mutating func take(_ c: Character) -> Bool {
        guard peek() == c else { return false }
        index += 1
        return true
    }

    private mutating func skipSpaces() {
        while peek() == " " { index += 1 }
    }

    private var found: String {
        peek().map { "'\($0)'" } ?? "the end"
    }

    private func failure(_ reason: String) -> VisualFormatError {
        VisualFormatError(format: source, position: index, reason: reason)
    }
}
