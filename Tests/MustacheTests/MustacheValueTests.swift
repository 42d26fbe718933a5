import Mustache
import Testing

@Suite("Values")
struct MustacheValueTests {
    struct Row: MustacheObject {
        let name: String
        let value: Int
        func mustacheValue(forKey key: String) -> MustacheValue? {
            switch key {
            case "name": .string(name)
            case "value": .int(value)
            case "isValuable": .bool(value >= 50)
            default: nil
            }
        }
    }

    func render(_ template: String, _ value: MustacheValue) throws -> String {
        try MustacheTemplate(string: template).render(value)
    }

    @Test("Custom objects are looked up lazily and fall through to the context stack")
    func customObjects() throws {
        let value: MustacheValue = ["currency": "$", "rows": [.custom(Row(name: "Mac", value: 75)), .custom(Row(name: "Bear", value: 3))]]
        let rendered = try render("{{#rows}}{{name}} {{currency}}{{value}}{{#isValuable}}!{{/isValuable}};{{/rows}}", value)
        #expect(rendered == "Mac $75!;Bear $3;")
    }

    @Test("Swift values convert")
    func convertible() throws {
        let missing: String? = nil
        let value: MustacheValue = .object([
            "names": ["a", "b"].mustacheValue,
            "missing": missing.mustacheValue,
            "fields": ["x": 1].mustacheValue,
            "price": MustacheValue(2.5),
            "flag": true.mustacheValue,
        ])
        #expect(try render("{{#names}}{{.}}{{/names}}|{{^missing}}none{{/missing}}|{{fields.x}}|{{price}}|{{flag}}", value)
            == "ab|none|1|2.5|true")
    }

    @Test("Truthiness", arguments: [
        (MustacheValue.null, false), (.bool(false), false), (.list([]), false), (.string(""), false),
        (.bool(true), true), (.int(0), true), (.double(0), true), (.string("0"), true), (.object([:]), true),
    ] as [(MustacheValue, Bool)])
    func truthiness(_ value: MustacheValue, _ truthy: Bool) throws {
        #expect(value.isTruthy == truthy)
        #expect(try render("{{#v}}yes{{/v}}{{^v}}no{{/v}}", ["v": value]) == (truthy ? "yes" : "no"))
    }

    @Test("Numbers", arguments: [
        (MustacheValue.int(-42), "-42"), (.double(1.21), "1.21"), (.double(1.0), "1"), (.double(-0.5), "-0.5"),
        (.double(1e20), "1e+20"),
    ] as [(MustacheValue, String)])
    func numbers(_ value: MustacheValue, _ expected: String) throws {
        #expect(try render("{{v}}", ["v": value]) == expected)
    }

    @Test("Interpolating a list or object renders nothing")
    func containers() throws {
        #expect(try render("[{{list}}{{object}}]", ["list": [1, 2], "object": ["a": 1]]) == "[]")
    }
}
