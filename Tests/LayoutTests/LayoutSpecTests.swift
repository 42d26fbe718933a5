import Testing
@testable import Layout

@Suite("Layout specs")
struct LayoutSpecTests {
    @Test("Slot class names follow BEM unless overridden")
    func classNames() throws {
        let spec = try LayoutSpec(block: "detail", container: "detail-sheet", formats: ["V:[date]-[field]"],
                                  slots: ["field": LayoutSlot(className: "field")])
        #expect(spec.className(of: "date") == "detail__date")
        #expect(spec.className(of: "field") == "field")
        #expect(spec.container == "detail-sheet")
    }

    @Test("A configured slot must appear in the format")
    func unknownSlot() {
        #expect(throws: LayoutSpecError.unknownSlot("dte", container: "row")) {
            _ = try LayoutSpec(block: "row", formats: ["H:[date]"], slots: ["dte": LayoutSlot()])
        }
    }

    @Test("Cross-axis formats name exactly one view of the main format", arguments: [
        ["V:[a]-[b]", "V:[a]"],
        ["V:[a]-[b]", "H:[a]-[b]"],
        ["V:[a]-[b]", "H:[c]"],
    ])
    func crossFormats(formats: [String]) {
        #expect(throws: LayoutSpecError.self) { _ = try LayoutSpec(block: "x", formats: formats) }
    }

    @Test("Class names must be plain CSS identifiers")
    func identifiers() {
        #expect(throws: LayoutSpecError.invalid("'bad name' is not a CSS class name")) {
            _ = try LayoutSpec(block: "bad name")
        }
        #expect(throws: LayoutSpecError.self) { _ = try LayoutSpec(block: "9row") }
    }

    @Test("At most eight distinct compression resistances, so flex-grow weights stay finite")
    func priorityLevels() throws {
        func spec(_ count: Int) throws -> LayoutSpec {
            let names = (0..<count).map { "v\($0)" }
            let slots = Dictionary(uniqueKeysWithValues: names.enumerated().map { index, name in
                (name, LayoutSlot(compressionResistance: LayoutPriority(rawValue: 100 + index)!))
            })
            return try LayoutSpec(block: "row", formats: ["H:" + names.map { "[\($0)]" }.joined()], slots: slots)
        }
        let eight = GeneratedCSS(try spec(8))
        #expect(eight.declarations(".row__v7")["flex-grow"] == "1e+28")
        #expect(throws: LayoutSpecError.invalid("More than 8 distinct compression resistances below required in .row (9)")) {
            _ = try spec(9)
        }
    }

    @Test("A spec has formats or a stack, not both")
    func formatsOrStack() {
        #expect(throws: LayoutSpecError.self) {
            _ = try LayoutSpec(block: "x", formats: ["H:[a]"], stack: LayoutStack(axis: .horizontal))
        }
    }

    @Test("Errors read well")
    func descriptions() {
        #expect(LayoutSpecError.unknownSlot("dte", container: "row").description == "Slot 'dte' of .row appears in no format string")
    }
}
