import Testing
@testable import Layout

/// Issue 10: labels give way gracefully, a spec per size class, columns that line up.
@Suite("Cells: minimum characters, line limits, conditional specs, columns")
struct CellLayoutTests {
    static func cell(condition: SizeClassCondition = .any, passThrough: [String] = []) throws -> LayoutSpec {
        try LayoutSpec(
            block: "cell",
            formats: ["H:|-16-[name(>=64)]-(>=8)-[serial]-8-[value]-8-[date]-16-|"],
            slots: [
                "name": LayoutSlot(compressionResistance: .defaultHigh, minimumCharacters: 3, lineLimit: 2),
                "serial": LayoutSlot(hugging: .defaultHigh, compressionResistance: 500, minimumCharacters: 3,
                                     variants: [.when(.wideWidth, .fixedSize(160))]),
                "value": LayoutSlot(hugging: .required, compressionResistance: .required),
                "date": LayoutSlot(hugging: .defaultHigh, compressionResistance: .defaultLow, minimumCharacters: 3),
            ],
            variants: [.when(.wideWidth, .maximumWidth(1024))],
            condition: condition,
            passThrough: passThrough)
    }

    @Test("A squeezable label keeps a few characters and an ellipsis, or its whole text when shorter")
    func minimumCharacters() throws {
        let css = GeneratedCSS(try Self.cell())
        let date = try #require(css.rules.first { $0.selector == ".cell__date" && $0.media == nil })
        let minimums = date.declarations.filter { $0.property == "min-width" }.map(\.value)
        #expect(minimums == ["calc(4ch + 1em)", "calc-size(max-content, min(size, calc(4ch + 1em)))"])
        #expect(css.declarations(".cell__date")["text-overflow"] == "ellipsis")
        // Nothing says "zero" any more for a label with a minimum.
        #expect(!minimums.contains("0"))
    }

    @Test("A line limit wraps the text onto that many lines, then ellipsises")
    func lineLimit() throws {
        let name = GeneratedCSS(try Self.cell()).declarations(".cell__name")
        #expect(name["-webkit-line-clamp"] == "2")
        #expect(name["display"] == "-webkit-box" && name["-webkit-box-orient"] == "vertical")
        #expect(name["white-space"] == "normal" && name["overflow-wrap"] == "anywhere")
        #expect(GeneratedCSS(try Self.cell()).declarations(".cell__serial")["white-space"] == "nowrap")
    }

    @Test("A wrapping label that must not be compressed breaks between words only; a squeezable one anywhere")
    func requiredLabelKeepsItsWords() throws {
        let spec = try LayoutSpec(
            block: "bar",
            formats: ["H:|-0-[camera]-8-[serial]-0-|"],
            slots: [
                "camera": LayoutSlot(hugging: .required, compressionResistance: .required, variants: [.always(.wrap)]),
                "serial": LayoutSlot(compressionResistance: .defaultLow, variants: [.always(.wrap)]),
            ],
            variants: [.always(.wrap)])
        let css = GeneratedCSS(spec)
        // In a wrapping toolbar the next button moves to a new line before the label wraps.
        #expect(css.declarations(".bar__camera")["flex-basis"] == "auto")
        #expect(css.declarations(".bar__camera")["flex-shrink"] == "1")
        #expect(css.declarations(".bar__camera")["max-width"] == "100%")
        // "Take or choose a photo" never goes one letter per line: its min-content is its longest word.
        #expect(css.declarations(".bar__camera")["overflow-wrap"] == "break-word")
        #expect(css.declarations(".bar__camera")["min-width"] == "min-content")
        #expect(css.declarations(".bar__serial")["overflow-wrap"] == "anywhere")
    }

    @Test("Wide screens get fixed columns and a maximum width")
    func columns() throws {
        let css = GeneratedCSS(try Self.cell())
        let wide = SizeClassCondition.wideWidth.mediaQuery()
        let serial = css.declarations(".cell__serial", media: wide)
        #expect(serial["flex"] == "0 0 10rem" && serial["width"] == "10rem" && serial["max-width"] == "10rem")
        #expect(serial["text-overflow"] == "ellipsis")
        #expect(css.declarations(".cell", media: wide)["max-width"] == "64rem")
        #expect(css.declarations(".cell", media: wide)["margin-inline"] == "auto")
    }

    @Test("A spec with a condition lays its container out only in those size classes")
    func conditionalSpec() throws {
        let css = GeneratedCSS(try Self.cell(condition: .regularWidth))
        #expect(css.declarations(".cell").isEmpty)
        #expect(css.declarations(".cell", media: "(width >= 600px)")["display"] == "flex")
        // Its variants combine with its condition.
        let wide = SizeClassCondition.wideWidth.mediaQuery()
        #expect(css.declarations(".cell__serial", media: wide)["width"] == "10rem")
        // A variant for size classes the spec never lays out is dropped.
        let compact = try LayoutSpec(block: "x", formats: ["H:|[a]|"], variants: [.when(.compactWidth, .hide)], condition: .regularWidth)
        #expect(!LayoutStylesheet([compact]).css.contains("display: none"))
    }

    @Test("Wrappers seen through: display contents, slots ordered by the format")
    func passThrough() throws {
        let css = GeneratedCSS(try Self.cell(condition: .regularWidth, passThrough: ["cell__line"]))
        let media = "(width >= 600px)"
        #expect(css.declarations(".cell .cell__line", media: media)["display"] == "contents")
        #expect(css.declarations(".cell__name", media: media)["order"] == "0")
        #expect(css.declarations(".cell__date", media: media)["order"] == "3")
        #expect(GeneratedCSS(try Self.cell()).declarations(".cell__date")["order"] == nil)
    }

    @Test("Pass-through classes must be CSS identifiers")
    func invalidPassThrough() {
        #expect(throws: LayoutSpecError.self) {
            try LayoutSpec(block: "x", formats: ["H:|[a]|"], passThrough: ["not valid!"])
        }
    }

    @Test("Narrower conditions come later, so a wide screen's columns win over regular width's rules")
    func conditionOrder() throws {
        let early = try LayoutSpec(block: "early", formats: ["H:|[a]|"], slots: ["a": LayoutSlot(variants: [.when(.wideWidth, .hide)])])
        let sheet = LayoutStylesheet([early, try Self.cell(condition: .regularWidth)]).css
        let regular = try #require(sheet.range(of: "@media (width >= 600px) {"))
        let wide = try #require(sheet.range(of: "@media (width >= 600px) and (width >= 64em) {"))
        #expect(regular.lowerBound < wide.lowerBound)
    }
}
