import Mustache
import Testing

/// Inputs the `mustache` fuzz target (Fuzz/Targets/mustache.swift) is seeded with or found.
@Suite("Fuzzing regressions (Mustache)")
struct MustacheFuzzRegressionTests {
    @Test("A block whose override contains the same block stops at the nesting limit, never overflows the stack",
          arguments: ["{{<b}}{{$x}}{{$x}}inner{{/x}}{{/x}}{{/b}}", "{{<b}}{{$x}}\n  {{$x}}\n  inner\n  {{/x}}\n{{/x}}{{/b}}"])
    func blockOverridingItself(source: String) throws {
        let library = try MustacheLibrary(templates: ["a": source, "b": "{{$x}}base{{/x}}"])
        let error = #expect(throws: MustacheError.self) { _ = try library.render("a", [:]) }
        #expect(error?.message.contains("nested more than") == true)
    }

    @Test("A lambda that returns its own section recurses only to the partial depth limit")
    func lambdaRecursion() {
        let recurse = MustacheLambda { text in "{{#recurse}}" + text + "{{/recurse}}" }
        #expect(throws: MustacheError.self) {
            _ = try MustacheTemplate(string: "{{#recurse}}x{{/recurse}}").render(["recurse": .lambda(recurse)])
        }
    }
}
