import Foundation
import Testing
@testable import Layout

@Suite("Layout stylesheet")
struct LayoutStylesheetTests {
    @Test("The hash is stable and names the file")
    func stableHash() throws {
        let first = LayoutStylesheet([try SampleSpecs.row(), try SampleSpecs.sheet()])
        let second = LayoutStylesheet([try SampleSpecs.row(), try SampleSpecs.sheet()])
        #expect(first.hash == second.hash)
        #expect(first.css == second.css)
        #expect(first.hash.count == 12)
        #expect(first.hash.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(first.fileName == "layout-\(first.hash).css")
    }

    @Test("The hash changes when a priority changes")
    func hashChanges() throws {
        let original = LayoutStylesheet([try SampleSpecs.row()])
        let changed = LayoutStylesheet([try SampleSpecs.row(serial: .defaultLow, date: 500)])
        #expect(original.hash != changed.hash)
    }

    @Test("FNV-1a matches its reference values")
    func fnv() {
        #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
    }

    @Test("One @media block per condition, unconditional rules first, lengths in rem, breakpoints in px")
    func structure() throws {
        let sheet = LayoutStylesheet([try SampleSpecs.row(), try SampleSpecs.bar(), try SampleSpecs.sheet()])
        let css = GeneratedCSS(sheet.css)
        #expect(css.mediaQueries == ["(width < 600px)", "(width >= 600px)", "(height < 500px)"])
        for query in css.mediaQueries {
            #expect(sheet.css.components(separatedBy: "@media \(query) {").count == 2)
        }
        let firstMedia = sheet.css.range(of: "@media")!.lowerBound
        #expect(!sheet.css[firstMedia...].contains(".row {\n  display"))
        // Every length in the rules is in rem (the text size); px appears only in breakpoints.
        for rule in css.rules {
            for declaration in rule.declarations { #expect(!declaration.value.contains("px"), "\(rule.selector) \(declaration)") }
        }
    }

    @Test("The hand-off comment names the spec and its formats")
    func comments() throws {
        let sheet = LayoutStylesheet([try SampleSpecs.bar()])
        #expect(sheet.css.contains("/* .bar H:|-16-[edit]-8-[title]-8-[add]-16-| */"))
    }
}

extension String {
    func components(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.range(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}
