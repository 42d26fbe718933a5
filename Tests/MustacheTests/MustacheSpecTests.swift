import Mustache
import Testing

@Suite("Mustache spec")
struct MustacheSpecTests {
    @Test("Spec case", arguments: MustacheSpecCase.all)
    func specCase(_ test: MustacheSpecCase) throws {
        var sources = test.partials ?? [:]
        sources["\u{0}template"] = test.template
        let library = try MustacheLibrary(templates: sources)
        let rendered = try library.render("\u{0}template", test.data.value)
        #expect(rendered == test.expected, "\(test.testDescription)\ntemplate: \(test.template.debugDescription)")
    }

    @Test("Every required and optional spec case is loaded")
    func counts() {
        let counts = Dictionary(grouping: MustacheSpecCase.all, by: \.file).mapValues(\.count)
        let required = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]
        #expect(required.reduce(0) { $0 + (counts[$1] ?? 0) } == 136)
        #expect(counts["~inheritance"] == 27)
        #expect(counts["~dynamic-names"] == 21)
        #expect(counts["~lambdas"] == 10)
        #expect(MustacheSpecCase.all.count == 194)
    }
}
