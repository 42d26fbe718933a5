extension MustacheRenderer {
    /// Renders a whole template; the output limit counts from what `output` already holds.
    mutating func render(template nodes: [MustacheNode]) throws(MustacheError) {
        let (end, overflow) = output.count.addingReportingOverflow(limits.maxOutputSize)
        outputEnd = overflow ? .max : end
        try render(nodes)
    }

    /// Enters one more level of sections, blocks, partials, parents or lambdas, unless that
    /// would pass the limit: rendering recurses once per level, so this bounds the stack.
    /// The caller leaves the level with `nesting -= 1`.
    @inline(__always)
    mutating func descend() -> Bool {
        guard nesting < limits.maxNestingDepth else { return false }
        nesting += 1
        return true
    }

    func tooDeep(at location: MustacheLocation) -> MustacheError {
        location.error(
            "Sections and partials nested more than \(limits.maxNestingDepth) deep while rendering "
                + "(MustacheLimits.maxNestingDepth)")
    }

    /// The error for output past the limit: at the variable that crossed it, else (line 0)
    /// at the innermost enclosing tag, which fills in its own position as the error passes.
    func outputLimitExceeded(by node: MustacheNode) -> MustacheError {
        let message = "Rendered output exceeds \(limits.maxOutputSize) bytes (MustacheLimits.maxOutputSize)"
        if case .variable(let variable) = node { return variable.location.error(message) }
        return MustacheError(template: templateName, line: 0, column: 0, message: message)
    }
}
