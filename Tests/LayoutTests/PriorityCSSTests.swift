import Testing
@testable import Layout

@Suite("Priorities to flexbox")
struct PriorityCSSTests {
    @Test("Squeezable slots grow from zero, weighted by compression resistance rank")
    func ranks() throws {
        let css = GeneratedCSS(try SampleSpecs.row())
        let date = css.declarations(".row__date")
        let serial = css.declarations(".row__serial")
        let name = css.declarations(".row__name")
        #expect(date["flex-grow"] == "1")
        #expect(serial["flex-grow"] == "10000")
        #expect(name["flex-grow"] == "100000000")
        for slot in [date, serial, name] {
            #expect(slot["flex-basis"] == "0")
            #expect(slot["flex-shrink"] == "0")
            #expect(slot["overflow"] == "hidden")
            #expect(slot["text-overflow"] == "ellipsis")
            #expect(slot["white-space"] == "nowrap")
        }
        #expect(date["max-width"] == "max-content")
        #expect(date["min-width"] == "0")
        #expect(name["min-width"] == "4rem")
    }

    @Test("Required slots never shrink below their content")
    func required() throws {
        let css = GeneratedCSS(try SampleSpecs.row())
        let value = css.declarations(".row__value")
        #expect(value["flex-shrink"] == "0")
        #expect(value["flex-grow"] == "0")
        #expect(value["flex-basis"] == "auto")
        #expect(value["min-width"] == "max-content")
        #expect(value["overflow"] == nil)
    }

    @Test("Hugging: the lowest-hugging slot takes the leftover room")
    func hugging() throws {
        let bar = GeneratedCSS(try SampleSpecs.bar())
        #expect(bar.declarations(".bar__title")["max-width"] == "none")
        #expect(bar.declarations(".bar__title")["text-align"] == "center")
        #expect(bar.declarations(".bar__edit")["flex-grow"] == "0")
        // The name resists compression strongly, so it cannot also be the one that fills:
        // the room goes to the (>=8) gap after it instead.
        let row = GeneratedCSS(try SampleSpecs.row())
        #expect(row.declarations(".row__name")["max-width"] == "max-content")
        #expect(row.declarations(".row__name")["margin-inline-end"] == "auto")
        #expect(row.declarations(".row__serial")["margin-inline-start"] == "0.5rem")
    }

    @Test("Edges become padding; the first present child sits on it")
    func edges() throws {
        let css = GeneratedCSS(try SampleSpecs.row())
        let row = css.declarations(".row")
        #expect(row["display"] == "flex")
        #expect(row["padding-inline-start"] == "1rem")
        #expect(row["padding-inline-end"] == "1rem")
        #expect(row["align-items"] == "center")
        #expect(css.declarations(".row > :first-child")["margin-inline-start"] == "0")
    }

    @Test("A fixed size is exact")
    func fixed() throws {
        let css = GeneratedCSS(try LayoutSpec(block: "b", formats: ["H:[icon(==44)]-[label]"]))
        let icon = css.declarations(".b__icon")
        #expect(icon["flex"] == "0 0 2.75rem")
        #expect(icon["width"] == "2.75rem")
        #expect(icon["min-width"] == "2.75rem")
        #expect(icon["max-width"] == "2.75rem")
    }

    @Test("In a too-narrow row the date is truncated first, then the serial, then the name; never the value")
    func truncationOrder() throws {
        let order = try Self.truncationOrder(try SampleSpecs.row())
        #expect(order == ["row__date", "row__serial", "row__name"])
    }

    @Test("Changing a priority in the spec changes which field truncates first")
    func swappedPriorities() throws {
        let swapped = try SampleSpecs.row(serial: .defaultLow, date: 500)
        let css = GeneratedCSS(swapped)
        #expect(css.declarations(".row__serial")["flex-grow"] == "1")
        #expect(css.declarations(".row__date")["flex-grow"] == "10000")
        #expect(try Self.truncationOrder(swapped) == ["row__serial", "row__date", "row__name"])
    }

    @Test("Sequential: while the date still has room, the serial is whole")
    func sequential() throws {
        let css = GeneratedCSS(try SampleSpecs.row())
        let simulator = Self.simulator(css)
        // Room for everything but 40 px of the date.
        let full = 16 + 20 + 8 + 200 + 8 + 100 + 8 + 50 + 8 + 100 + 16.0
        let widths = simulator.widths(in: full - 40)
        #expect(abs(widths["row__date"]! - 60) < 0.1)
        #expect(widths["row__serial"]! >= 100 - 0.01)
        #expect(widths["row__name"]! >= 200 - 0.01)
        #expect(widths["row__value"]! == 50)
    }

    static func simulator(_ css: GeneratedCSS) -> FlexSimulator {
        FlexSimulator(css: css, container: "row", slots: [
            ("row__select", 20), ("row__name", 200), ("row__serial", 100), ("row__value", 50), ("row__date", 100),
        ])
    }

    static func truncationOrder(_ spec: LayoutSpec) throws -> [String] {
        simulator(GeneratedCSS(spec)).truncationOrder(from: 700, to: 200)
    }
}
