import Mustache
import Testing

@Suite("Limits: nesting, recursion and output size")
struct MustacheLimitTests {
    /// `depth` sections named `a`, each opener on its own line, around `x`.
    static func nested(_ depth: Int, open: (Int) -> String = { _ in "{{#a}}" }, close: String = "{{/a}}") -> String {
        (0..<depth).map { open($0) + "\n" }.joined() + "x" + String(repeating: close, count: depth)
    }

    @Test("256 nested sections compile and render")
    func deepestAllowed() throws {
        let template = try MustacheTemplate(string: Self.nested(256), name: "deep")
        #expect(try template.render(["a": true]) == "x")
    }

    @Test("257 nested sections fail to compile, naming the template, line and column")
    func tooDeep() {
        let error = #expect(throws: MustacheError.self) {
            _ = try MustacheTemplate(string: Self.nested(257), name: "deep")
        }
        #expect(error?.template == "deep")
        #expect(error?.line == 257)
        #expect(error?.column == 1)
        #expect(error?.message.contains("nested more than 256 deep") == true, "\(error?.message ?? "")")
    }

    @Test("Thousands of nested sections fail cleanly, without exhausting the stack")
    func farTooDeep() {
        let error = #expect(throws: MustacheError.self) {
            _ = try MustacheTemplate(string: Self.nested(7_400), name: "deep")
        }
        #expect(error?.line == 257)
    }

    @Test("Inverted sections, blocks and parents count as nesting too")
    func mixedKinds() throws {
        let kinds = ["{{#a}}", "{{^b}}", "{{$c}}"]
        func source(_ depth: Int) -> String {
            let opens = (0..<depth).map { kinds[$0 % 3] }
            let closes = opens.reversed().map { "{{/\($0.dropFirst(3).prefix(1))}}" }
            return opens.joined() + "x" + closes.joined() + "{{<p}}" + opens.joined() + closes.joined() + "{{/p}}"
        }
        #expect(throws: Never.self) { _ = try MustacheTemplate(string: source(255)) }
        let error = #expect(throws: MustacheError.self) { _ = try MustacheTemplate(string: source(256)) }
        #expect(error?.message.contains("nested more than 256 deep") == true)
    }

    @Test("Standalone blocks, compiled on their own, count from where they are", arguments: [256, 257])
    func standaloneBlocks(depth: Int) throws {
        let source = String(repeating: "{{$b}}\n", count: depth) + "x\n" + String(repeating: "{{/b}}\n", count: depth)
        if depth <= 256 {
            #expect(try MustacheTemplate(string: source).render(nil) == "x\n")
            return
        }
        let error = #expect(throws: MustacheError.self) { _ = try MustacheTemplate(string: source, name: "blocks") }
        #expect(error?.template == "blocks")
        #expect(error?.line == 257)
        #expect(error?.column == 1)
    }

    @Test("Errors inside indented standalone blocks report their own line and column")
    func positionsInsideBlocks() {
        let source = """
            {{<layout}}
              {{$body}}
                <p>
                  {{$inner}}
                    {{item..name}}
                  {{/inner}}
              {{/body}}
            {{/layout}}

            """
        let error = #expect(throws: MustacheError.self) { _ = try MustacheTemplate(string: source, name: "page") }
        #expect(error?.line == 5)
        #expect(error?.column == 9)
        #expect(error?.message == "Invalid name 'item..name'")
    }

    @Test("The nesting limit is configurable")
    func configuredNesting() throws {
        let limits = MustacheLimits(maxNestingDepth: 3)
        #expect(try MustacheTemplate(string: Self.nested(3), limits: limits).render(["a": true]) == "x")
        #expect(throws: MustacheError.self) { _ = try MustacheTemplate(string: Self.nested(4), limits: limits) }
        #expect(throws: MustacheError.self) { _ = try MustacheLibrary(templates: ["t": Self.nested(4)], limits: limits) }
    }

    @Test("A partial's sections nest below the tag that includes it, while rendering")
    func nestingAcrossPartials() throws {
        let library = try MustacheLibrary(templates: ["page": "{{#a}}\n{{>deep}}{{/a}}", "deep": Self.nested(255)])
        #expect(try library.render("deep", ["a": true]) == "x")
        let error = #expect(throws: MustacheError.self) { try library.render("page", ["a": true]) }
        #expect(error?.template == "deep")
        #expect(error?.line == 255)
        #expect(error?.message.contains("nested more than 256 deep") == true, "\(error?.message ?? "")")
    }

    @Test("Runaway recursion through partials, parents and dynamic names is stopped", arguments: [
        ["loop": "x\n{{>loop}}"],
        ["a": "\n{{>b}}", "b": "\n{{>a}}"],
        ["loop": "x\n{{<loop}}{{/loop}}"],
        ["loop": "x\n{{>*name}}"],
    ])
    func runawayRecursion(templates: [String: String]) throws {
        let library = try MustacheLibrary(templates: templates, limits: MustacheLimits(maxPartialDepth: 10))
        let first = templates.keys.sorted()[0]
        let error = #expect(throws: MustacheError.self) { try library.render(first, ["name": "loop"]) }
        #expect(error?.line == 2)
        #expect(error?.message.contains("Partials nested more than 10 deep") == true, "\(error?.message ?? "")")
    }

    @Test("Partials may nest up to the limit")
    func partialDepthAllowed() throws {
        var templates = ["p10": "."]
        for level in 0..<10 { templates["p\(level)"] = ".{{>p\(level + 1)}}" }
        let library = try MustacheLibrary(templates: templates, limits: MustacheLimits(maxPartialDepth: 10))
        #expect(try library.render("p0", nil) == String(repeating: ".", count: 11))
    }

    @Test("Output up to the limit renders; one byte more fails at the section that produced it")
    func outputLimit() throws {
        let library = try MustacheLibrary(
            templates: ["list": "<ul>\n  {{#items}}x{{/items}}</ul>"], limits: MustacheLimits(maxOutputSize: 100))
        let items = { (count: Int) in MustacheValue.list(Array(repeating: true, count: count)) }
        #expect(try library.render("list", ["items": items(88)]).count == 100)
        // The closing text crosses it: no tag encloses that.
        let closing = #expect(throws: MustacheError.self) { try library.render("list", ["items": items(89)]) }
        #expect(closing?.template == "list")
        #expect(closing?.line == 0)
        let error = #expect(throws: MustacheError.self) { try library.render("list", ["items": items(1_000)]) }
        #expect(error?.template == "list")
        #expect(error?.line == 2)
        #expect(error?.column == 3)
        #expect(error?.message == "Rendered output exceeds 100 bytes (MustacheLimits.maxOutputSize)")
    }

    @Test("A value that crosses the limit is named; the limit counts only this render's output")
    func outputLimitAtVariable() throws {
        let library = try MustacheLibrary(
            templates: ["page": "<p>\n{{name}}</p>"], limits: MustacheLimits(maxOutputSize: 100))
        let error = #expect(throws: MustacheError.self) {
            try library.render("page", ["name": .string(String(repeating: "&", count: 30))])
        }
        #expect(error?.line == 2)
        #expect(error?.column == 1)
        var buffer = [UInt8](repeating: 0x20, count: 1_000)
        try library.render("page", ["name": "Ann"], into: &buffer)
        #expect(buffer.count == 1_011)
    }

    @Test("Exponential partials stop at the output limit instead of growing without bound")
    func exponentialPartials() throws {
        var templates = ["p40": "xxxxxxxx"]
        for level in 0..<40 { templates["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}" }
        let library = try MustacheLibrary(templates: templates, limits: MustacheLimits(maxOutputSize: 1 << 16))
        let error = #expect(throws: MustacheError.self) { try library.render("p0", nil) }
        #expect(error?.template == "p39")
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("Rendered output exceeds 65536 bytes") == true)
    }

    @Test("The defaults are the ones the app uses")
    func defaults() {
        let limits = MustacheLimits()
        #expect(limits.maxNestingDepth == 256)
        #expect(limits.maxPartialDepth == 100)
        #expect(limits.maxOutputSize == 64 * 1024 * 1024)
    }
}
