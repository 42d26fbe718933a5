import Mustache
import Testing

@Suite("Lambdas")
struct MustacheLambdaTests {
    @Test("A section lambda wraps its rendered content")
    func wraps() throws {
        let template = try MustacheTemplate(string: "{{#bold}}Hi {{name}}{{/bold}}")
        let bold = MustacheLambda { text in "<b>\(text)</b>" }
        #expect(try template.render(["bold": .lambda(bold), "name": "<Ann>"]) == "<b>Hi &lt;Ann&gt;</b>")
    }

    @Test("A lambda that returns a broken template throws")
    func brokenResult() throws {
        let template = try MustacheTemplate(string: "{{lambda}}")
        let error = #expect(throws: MustacheError.self) {
            try template.render(["lambda": .lambda(MustacheLambda { _ in "{{#open}}" })])
        }
        #expect(error?.template == "<lambda>")
    }

    @Test("A lambda that expands to itself throws instead of crashing")
    func runaway() throws {
        let template = try MustacheTemplate(string: "{{lambda}}")
        #expect(throws: MustacheError.self) {
            try template.render(["lambda": .lambda(MustacheLambda { _ in "{{lambda}}" })])
        }
    }
}
