/// One generated CSS rule: a selector and its declarations, in order.
struct CSSRule: Sendable, Hashable {
    var selector: String
    var declarations: [(property: String, value: String)]

    init(_ selector: String, _ declarations: [(String, String)]) {
        self.selector = selector
        self.declarations = declarations.map { (property: $0.0, value: $0.1) }
    }

    static func == (lhs: CSSRule, rhs: CSSRule) -> Bool {
        lhs.selector == rhs.selector && lhs.declarations.elementsEqual(rhs.declarations) { $0 == $1 }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(selector)
        for declaration in declarations {
            hasher.combine(declaration.property)
            hasher.combine(declaration.value)
        }
    }

    /// The rule as text, indented by `indent` spaces.
    func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: " ", count: indent)
        var text = "\(pad)\(selector) {\n"
        for declaration in declarations {
            text += "\(pad)  \(declaration.property): \(declaration.value);\n"
        }
        return text + "\(pad)}\n"
    }
}
