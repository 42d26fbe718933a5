import Mustache
import Testing

@Suite("Parse errors name the template, line and column")
struct MustacheParseErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let source: String
        let line: Int
        let column: Int
        let message: String
    }

    static let cases: [Case] = [
        Case(testDescription: "Unclosed section", source: "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n",
             line: 2, column: 3, message: "Unclosed section 'items'"),
        Case(testDescription: "Innermost unclosed section", source: "{{#a}}\n{{^b}}\n{{/a}}",
             line: 3, column: 1, message: "Closing tag 'a' does not match 'b' opened at line 2, column 1"),
        Case(testDescription: "Mismatched close", source: "{{#a}}x\n  y {{/b}}",
             line: 2, column: 5, message: "Closing tag 'b' does not match 'a'"),
        Case(testDescription: "Close without open", source: "a\nb {{/items}}",
             line: 2, column: 3, message: "Unexpected closing tag 'items'"),
        Case(testDescription: "Unclosed tag", source: "Hello,\n  {{name\n!",
             line: 2, column: 3, message: "Unclosed tag"),
        Case(testDescription: "Unclosed triple mustache", source: "{{{name}}",
             line: 1, column: 1, message: "Unclosed tag"),
        Case(testDescription: "Unclosed parent", source: "{{<layout}}\n{{$content}}x{{/content}}\n",
             line: 1, column: 1, message: "Unclosed section 'layout'"),
        Case(testDescription: "Set delimiter with one delimiter", source: "x\n{{=<% =}}",
             line: 2, column: 1, message: "Invalid set-delimiter tag"),
        Case(testDescription: "Set delimiter with three delimiters", source: "{{=<% %> | =}}",
             line: 1, column: 1, message: "Invalid set-delimiter tag"),
        Case(testDescription: "Set delimiter containing '='", source: "{{=<= =>=}}",
             line: 1, column: 1, message: "Invalid set-delimiter tag"),
        Case(testDescription: "Error after a delimiter change uses the new delimiters", source: "{{=<% %>=}}\n<%#a%>",
             line: 2, column: 1, message: "Unclosed section 'a'"),
        Case(testDescription: "Empty tag", source: "a {{}} b", line: 1, column: 3, message: "Empty tag"),
        Case(testDescription: "Whitespace inside a name", source: "{{first name}}",
             line: 1, column: 1, message: "Invalid name 'first name'"),
        Case(testDescription: "Empty dotted part", source: "{{item..name}}",
             line: 1, column: 1, message: "Invalid name 'item..name'"),
        Case(testDescription: "Columns count characters, not bytes", source: "日本語 {{#a}}",
             line: 1, column: 5, message: "Unclosed section 'a'"),
    ]

    @Test("Parse error", arguments: cases)
    func parseError(_ test: Case) {
        let error = #expect(throws: MustacheError.self) {
            _ = try MustacheTemplate(string: test.source, name: "items/list")
        }
        #expect(error?.template == "items/list")
        #expect(error?.line == test.line)
        #expect(error?.column == test.column)
        #expect(error?.message.hasPrefix(test.message) == true, "\(error?.message ?? "")")
    }

    @Test("The description reads like a compiler diagnostic")
    func description() {
        let error = MustacheError(template: "items/list", line: 2, column: 3, message: "Unclosed section 'items'")
        #expect(error.description == "items/list:2:3: Unclosed section 'items'")
    }
}
