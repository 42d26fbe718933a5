import Foundation
import Mustache
import Testing

@Suite("Template library")
struct MustacheLibraryTests {
    /// A fresh directory per test, removed afterwards.
    func withTemplateDirectory(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("mustache-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try body(directory.path)
    }

    static let site = [
        "layout.mustache": "<html><title>{{$title}}Homepwner{{/title}}</title>\n<body>\n  {{$content}}\n  {{/content}}\n</body></html>\n",
        "items/list.mustache": """
            {{<layout}}
            {{$title}}Items{{/title}}
            {{$content}}
            <ul>
              {{#items}}
              {{>items/row}}
              {{/items}}
            </ul>
            {{/content}}
            {{/layout}}
            """,
        "items/row.mustache": "<li{{#valuable}} class=\"valuable\"{{/valuable}}>{{name}}</li>\n",
        "README.txt": "{{#not a template",
    ]

    @Test("Loads nested templates by relative name and renders inheritance and partials")
    func loadsDirectory() throws {
        try withTemplateDirectory(Self.site) { directory in
            let library = try MustacheLibrary(directory: directory)
            #expect(library.names == ["items/list", "items/row", "layout"])
            #expect(library.template(named: "items/row") != nil)
            #expect(library.template(named: "README") == nil)
            let html = try library.render("items/list", [
                "items": [["name": "Rusty Mac", "valuable": true], ["name": "<Fluffy>", "valuable": false]],
            ])
            #expect(html == """
                <html><title>Items</title>
                <body>
                  <ul>
                    <li class="valuable">Rusty Mac</li>
                    <li>&lt;Fluffy&gt;</li>
                  </ul>
                </body></html>

                """)
        }
    }

    @Test("A broken template fails loading with its name, line and column")
    func brokenTemplate() throws {
        var files = Self.site
        files["items/detail.mustache"] = "<form>\n  {{#item}}\n  <input name=serial>\n</form>\n"
        try withTemplateDirectory(files) { directory in
            let error = #expect(throws: MustacheError.self) { try MustacheLibrary(directory: directory) }
            #expect(error?.template == "items/detail")
            #expect(error?.line == 2)
            #expect(error?.column == 3)
            #expect(error?.description.hasPrefix("items/detail:2:3: Unclosed section 'item'") == true)
        }
    }

    @Test("A missing directory fails loading")
    func missingDirectory() {
        #expect(throws: MustacheError.self) { try MustacheLibrary(directory: "/nonexistent/templates-\(UUID())") }
    }

    @Test("Rendering an unknown template throws")
    func unknownTemplate() throws {
        let library = try MustacheLibrary(templates: ["a": "A"])
        let error = #expect(throws: MustacheError.self) { try library.render("b", nil) }
        #expect(error?.template == "b")
    }

    @Test("Rendering appends to a reused buffer")
    func rendersIntoBuffer() throws {
        let library = try MustacheLibrary(templates: ["greeting": "Hello, {{name}}!"])
        var buffer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
        buffer.reserveCapacity(256)
        try library.render("greeting", ["name": "Ann"], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "HTTP/1.1 200 OK\r\n\r\nHello, Ann!")
        buffer.removeAll(keepingCapacity: true)
        try library.render("greeting", ["name": "Bob"], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "Hello, Bob!")
    }

    @Test("Runaway partial recursion throws instead of crashing")
    func runawayRecursion() throws {
        let library = try MustacheLibrary(templates: ["loop": "x\n{{>loop}}"])
        let error = #expect(throws: MustacheError.self) { try library.render("loop", nil) }
        #expect(error?.template == "loop")
        #expect(error?.line == 2)
    }
}
