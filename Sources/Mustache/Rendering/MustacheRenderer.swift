/// Renders compiled nodes into a byte buffer: the context stack, the indentation of
/// the standalone partials being expanded, and the block overrides of the parents
/// being expanded.
struct MustacheRenderer {
    var output: [UInt8]
    var stack: [MustacheValue]
    let templates: [String: MustacheTemplate]
    /// Concatenated indentation of the enclosing standalone partials and blocks.
    var indentation: [UInt8] = []
    /// One frame per parent being expanded; the outermost override of a block wins.
    var overrides: [[String: [MustacheNode]]] = []
    let limits: MustacheLimits
    /// The template being rendered, named by errors that no tag encloses.
    let templateName: String
    /// Partials, parents and lambdas being expanded inside one another.
    var partialDepth = 0
    /// Sections, blocks, partials, parents and lambdas being rendered inside one another.
    var nesting = 0
    /// The output may not grow past this count (see ``render(template:)``).
    var outputEnd = Int.max

    init(
        output: consuming [UInt8], root: MustacheValue, templates: [String: MustacheTemplate], limits: MustacheLimits,
        templateName: String
    ) {
        self.output = output
        self.stack = [root]
        self.stack.reserveCapacity(16)
        self.templates = templates
        self.limits = limits
        self.templateName = templateName
    }

    mutating func render(_ nodes: [MustacheNode]) throws(MustacheError) {
        var index = 0
        while index < nodes.count {
            defer { index += 1 }
            switch nodes[index] {
            case .text(let text):
                appendText(text)
            case .variable(let variable):
                guard let value = resolve(variable.name) else { continue }
                if case .lambda(let lambda) = value {
                    try renderLambda(lambda, escaped: variable.escaped, at: variable.location)
                } else {
                    append(value, escaped: variable.escaped)
                }
            case .section(let section):
                guard descend() else { throw tooDeep(at: section.location) }
                defer { nesting -= 1 }
                do {
                    try renderSection(section)
                } catch where error.line == 0 {
                    throw section.location.error(error.message)
                }
            case .partial(let partial):
                guard let template = template(partial.reference) else { continue }
                try expand(template.nodes, indentation: partial.indentation, location: partial.location)
            case .parent(let parent):
                guard let template = template(parent.reference) else { continue }
                overrides.append(parent.overrides)
                defer { overrides.removeLast() }
                try expand(template.nodes, indentation: parent.indentation, location: parent.location)
            case .block(let block):
                guard descend() else { throw tooDeep(at: block.location) }
                defer { nesting -= 1 }
                let nodes = override(for: block.name) ?? block.content
                let indentation = block.indentation ?? []
                self.indentation.append(contentsOf: indentation)
                defer { self.indentation.removeLast(indentation.count) }
                do {
                    try render(nodes)
                } catch where error.line == 0 {
                    throw block.location.error(error.message)
                }
            }
            // Checked after every node, so that no loop or recursion can grow the output
            // by more than one node's worth past the limit.
            if output.count > outputEnd { throw outputLimitExceeded(by: nodes[index]) }
        }
    }

    private mutating func renderSection(_ section: MustacheSectionNode) throws(MustacheError) {
        let value = resolve(section.name)
        let truthy = value?.isTruthy ?? false
        let content = section.content
        if section.inverted {
            if !truthy { try render(content) }
            return
        }
        guard truthy, let value else { return }
        if case .list(let items) = value {
            for item in items {
                stack.append(item)
                defer { stack.removeLast() }
                try render(content)
            }
        } else if case .lambda(let lambda) = value {
            try renderLambdaResult(lambda(section.rawText), delimiters: section.delimiters, at: section.location)
        } else {
            stack.append(value)
            defer { stack.removeLast() }
            try render(content)
        }
    }

    /// `{{lambda}}`: the returned text is a template in the default delimiters, rendered
    /// here, then escaped like any interpolation.
    private mutating func renderLambda(
        _ lambda: MustacheLambda, escaped: Bool, at location: MustacheLocation
    ) throws(MustacheError) {
        let start = output.count
        try renderLambdaResult(lambda(""), delimiters: .standard, at: location)
        guard escaped else { return }
        let rendered = Array(output[start...])
        output.removeSubrange(start...)
        rendered.withUnsafeBufferPointer { output.appendHTMLEscaped($0) }
    }

    /// Compiles and renders a lambda's template text; a lambda whose text calls itself
    /// hits the same depth limit as recursive partials.
    private mutating func renderLambdaResult(
        _ text: String, delimiters: MustacheDelimiters, at location: MustacheLocation
    ) throws(MustacheError) {
        guard partialDepth < limits.maxPartialDepth else {
            throw location.error(
                "Lambdas nested more than \(limits.maxPartialDepth) deep (MustacheLimits.maxPartialDepth): runaway recursion?")
        }
        let nodes = try MustacheParser.compile(
            Array(text.utf8), templateName: "<lambda>", limits: limits, delimiters: delimiters)
        guard descend() else { throw tooDeep(at: location) }
        partialDepth += 1
        defer {
            partialDepth -= 1
            nesting -= 1
        }
        do {
            try render(nodes)
        } catch where error.line == 0 {
            throw location.error(error.message)
        }
    }

    private mutating func expand(_ nodes: [MustacheNode], indentation: [UInt8], location: MustacheLocation) throws(MustacheError) {
        guard partialDepth < limits.maxPartialDepth else {
            throw location.error(
                "Partials nested more than \(limits.maxPartialDepth) deep (MustacheLimits.maxPartialDepth): runaway recursion?")
        }
        guard descend() else { throw tooDeep(at: location) }
        partialDepth += 1
        self.indentation.append(contentsOf: indentation)
        defer {
            partialDepth -= 1
            nesting -= 1
            self.indentation.removeLast(indentation.count)
        }
        do {
            try render(nodes)
        } catch where error.line == 0 {
            throw location.error(error.message)
        }
    }

    private func template(_ reference: MustacheTemplateReference) -> MustacheTemplate? {
        switch reference {
        case .fixed(let name):
            return templates[name]
        case .dynamic(let name):
            guard case .string(let resolved)? = resolve(name) else { return nil }
            return templates[resolved]
        }
    }

    private func override(for block: String) -> [MustacheNode]? {
        for frame in overrides {
            if let nodes = frame[block] { return nodes }
        }
        return nil
    }

    /// The spec's name resolution: the first part is looked up from the top of the
    /// context stack down; the other parts only in the value found.
    func resolve(_ name: MustacheName) -> MustacheValue? {
        if name.isImplicitIterator { return stack.last }
        let first = name.first
        var found: MustacheValue?
        var index = stack.count - 1
        while index >= 0 {
            if let value = stack[index].value(forKey: first) {
                found = value
                break
            }
            index -= 1
        }
        guard var value = found else { return nil }
        for part in name.rest {
            guard let next = value.value(forKey: part) else { return nil }
            value = next
        }
        return value
    }
}
