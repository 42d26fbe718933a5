import Testing
@testable import Mustache

@Suite("Compiled templates hold memory linear in their source")
struct MustacheMemoryTests {
    /// Every section node of `nodes`, depth first.
    static func sections(_ nodes: [MustacheNode]) -> [MustacheSectionNode] {
        nodes.flatMap { node -> [MustacheSectionNode] in
            guard case .section(let section) = node else { return [] }
            return [section] + sections(section.content)
        }
    }

    @Test("Nested sections share one copy of the source for their lambdas' raw text")
    func sharedRawText() throws {
        let body = String(repeating: "lorem ipsum ", count: 1_000)
        let source = String(repeating: "{{#a}}", count: 256) + body + String(repeating: "{{/a}}", count: 256)
        let template = try MustacheTemplate(string: source)
        let sections = Self.sections(template.nodes)
        #expect(sections.count == 256)
        let storage = Set(sections.map { $0.source.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
        #expect(storage.count == 1)
        #expect(sections.last?.rawText == body)
        #expect(sections.first?.rawText == String(repeating: "{{#a}}", count: 255) + body + String(repeating: "{{/a}}", count: 255))
    }
}
