/// The rules one spec compiles to: unconditional ones, then per size-class condition.
struct CSSRuleSet: Sendable {
    var base: [CSSRule] = []
    var conditional: [(condition: SizeClassCondition, rules: [CSSRule])] = []

    mutating func add(_ rule: CSSRule, when condition: SizeClassCondition) {
        guard !rule.declarations.isEmpty else { return }
        if condition == .any {
            base.append(rule)
        } else if let index = conditional.firstIndex(where: { $0.condition == condition }) {
            conditional[index].rules.append(rule)
        } else {
            conditional.append((condition, [rule]))
        }
    }
}
