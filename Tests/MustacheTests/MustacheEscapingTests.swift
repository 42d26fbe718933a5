import Mustache
import Testing

@Suite("HTML escaping")
struct MustacheEscapingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let template: String
        let value: String
        let expected: String
    }

    static let hostile: [Case] = [
        Case(testDescription: "Script element", template: "<p>{{v}}</p>",
             value: "<script>alert('x')</script>",
             expected: "<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>"),
        Case(testDescription: "Breaking out of a double-quoted attribute", template: #"<a title="{{v}}">"#,
             value: #"" onmouseover="alert(1)"#,
             expected: #"<a title="&quot; onmouseover&#61;&quot;alert(1)">"#),
        Case(testDescription: "Breaking out of a single-quoted attribute", template: "<a title='{{v}}'>",
             value: "' onclick='alert(1)", expected: "<a title='&#39; onclick&#61;&#39;alert(1)'>"),
        Case(testDescription: "Backtick and equals for unquoted attributes", template: "<input value={{v}}>",
             value: "`x`=y", expected: "<input value=&#96;x&#96;&#61;y>"),
        Case(testDescription: "Ampersand and existing entities", template: "{{v}}",
             value: "Fish & Chips &amp; &#60;", expected: "Fish &amp; Chips &amp;amp; &amp;#60;"),
        Case(testDescription: "Mustache tags in data are not interpreted", template: "{{v}}",
             value: "{{secret}} {{{secret}}} {{>partial}}", expected: "{{secret}} {{{secret}}} {{&gt;partial}}"),
        Case(testDescription: "Non-ASCII text passes through", template: "{{v}}",
             value: "Zoë’s 日本 🐻 <b>", expected: "Zoë’s 日本 🐻 &lt;b&gt;"),
        Case(testDescription: "Escaping inside a section over a list", template: "{{#list}}[{{.}}]{{/list}}",
             value: "<&>", expected: "[&lt;&amp;&gt;]"),
    ]

    @Test("Hostile value", arguments: hostile)
    func hostileValue(_ test: Case) throws {
        let template = try MustacheTemplate(string: test.template)
        let rendered = try template.render(["v": .string(test.value), "list": [.string(test.value)], "secret": "leaked"])
        #expect(rendered == test.expected)
    }

    @Test("Triple mustache and ampersand render raw")
    func raw() throws {
        let template = try MustacheTemplate(string: "{{{html}}}|{{& html}}")
        #expect(try template.render(["html": "<b>&</b>"]) == "<b>&</b>|<b>&</b>")
    }

    @Test("A dynamic partial name from data cannot reach outside the library")
    func dynamicNameFromData() throws {
        let library = try MustacheLibrary(templates: ["page": "[{{>*which}}]", "row": "row"])
        #expect(try library.render("page", ["which": "../../etc/passwd"]) == "[]")
        #expect(try library.render("page", ["which": "row"]) == "[row]")
    }
}
