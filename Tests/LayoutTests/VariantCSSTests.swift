import Testing
@testable import Layout

@Suite("Size-class variants to media queries")
struct VariantCSSTests {
    static let compactWidth = "(width < 600px)"
    static let regularWidth = "(width >= 600px)"
    static let compactHeight = "(height < 500px)"

    @Test("Hide: display none only in the named size classes")
    func hide() throws {
        let css = GeneratedCSS(try SampleSpecs.sheet())
        #expect(css.declarations(".detail__photo", media: Self.compactHeight)["display"] == "none !important")
        #expect(css.declarations(".detail__photo")["display"] == nil)
        let phoneSideways = SizeClassCondition(horizontal: .regular, vertical: .compact)
        let tablet = SizeClassCondition(horizontal: .regular, vertical: .regular)
        let phoneUpright = SizeClassCondition(horizontal: .compact, vertical: .regular)
        #expect(css.computed(".detail__photo", at: phoneSideways)["display"] == "none !important")
        #expect(css.computed(".detail__photo", at: tablet)["display"] == nil)
        #expect(css.computed(".detail__photo", at: phoneUpright)["display"] == nil)
    }

    @Test("Disable: inert and dimmed, and the controls inside unfocusable")
    func disable() throws {
        let css = GeneratedCSS(try SampleSpecs.sheet())
        let toolbar = css.declarations(".detail__toolbar", media: Self.compactHeight)
        #expect(toolbar["pointer-events"] == "none")
        #expect(toolbar["opacity"] == "0.4")
        #expect(css.declarations(".detail__toolbar :is(input, select, textarea, button)", media: Self.compactHeight)["visibility"] == "hidden")
        #expect(css.declarations(".detail__toolbar")["pointer-events"] == nil)
    }

    @Test("Present: a rounded, centred form sheet in regular width, full screen in compact width")
    func present() throws {
        let css = GeneratedCSS(try SampleSpecs.sheet())
        let modal = css.declarations(".modal")
        #expect(modal["position"] == "fixed")
        #expect(modal["inset"] == "0")
        #expect(modal["align-items"] == "center" && modal["justify-content"] == "center")
        let sheet = css.declarations(".sheet", media: Self.regularWidth)
        #expect(sheet["max-width"] == "40rem")
        #expect(sheet["border-radius"] == "0.75rem")
        #expect(sheet["margin"] == "auto")
        #expect(css.declarations(".sheet")["overflow"] == "auto")
        let full = css.declarations(".sheet", media: Self.compactWidth)
        #expect(full["width"] == "100%" && full["height"] == "100%")
        #expect(full["border-radius"] == "0")
        #expect(full["max-width"] == "none")
        #expect(css.declarations(".modal", media: Self.compactWidth)["padding"] == "0")
        // A closed <dialog> stays hidden: the flex display only applies while open.
        #expect(css.declarations(".sheet:where([open], :not(dialog))")["display"] == "flex")
        #expect(css.declarations(".sheet")["display"] == nil)
    }

    @Test("Vertical specs: block margins, cross formats, the lowest hugging grows")
    func vertical() throws {
        let css = GeneratedCSS(try SampleSpecs.sheet())
        #expect(css.declarations(".sheet")["flex-direction"] == "column")
        #expect(css.declarations(".sheet")["padding-block-end"] == "1rem")
        #expect(css.declarations(".detail__photo")["margin-block-start"] == "0.5rem")
        #expect(css.declarations(".detail__photo")["flex"] == "1 0 auto")
        #expect(css.declarations(".detail__photo")["max-height"] == "20rem")
        #expect(css.declarations(".detail__photo")["align-self"] == "stretch")
        #expect(css.declarations(".detail__toolbar")["flex"] == "0 0 auto")
        #expect(css.declarations(".detail__toolbar")["margin-inline-start"] == "1rem")
        #expect(css.declarations(".detail__toolbar")["align-self"] == "flex-start")
    }

    @Test("Stack: a slot on a line of its own, the row wrapping")
    func stackSlot() throws {
        let spec = try LayoutSpec(
            block: "row", formats: ["H:|-16-[name]-8-[controls]-16-|"],
            slots: ["controls": LayoutSlot(compressionResistance: .required, variants: [.when(.compactWidth, .stack), .when(.compactWidth, .wrap)])])
        let css = GeneratedCSS(spec)
        let controls = css.declarations(".row__controls", media: Self.compactWidth)
        #expect(controls["flex"] == "1 0 100%")
        #expect(controls["flex-basis"] == nil, "wrap must not undo the stacked line's basis")
        #expect(controls["margin-inline-start"] == "0")
        #expect(css.declarations(".row", media: Self.compactWidth)["flex-wrap"] == "wrap")
        #expect(css.declarations(".row")["flex-wrap"] == "nowrap")
        #expect(css.declarations(".row:has(> .row__controls)", media: Self.compactWidth)["padding-block"] == "0.5rem")
    }

    @Test("Stack: a whole container one under the other")
    func stackContainer() throws {
        let spec = try LayoutSpec(block: "bar", formats: ["H:|-16-[a]-8-[b]-16-|"], variants: [.when(.compactWidth, .stack)])
        let css = GeneratedCSS(spec)
        #expect(css.declarations(".bar", media: Self.compactWidth)["flex-direction"] == "column")
        #expect(css.declarations(".bar__b", media: Self.compactWidth)["margin-block-start"] == "0.5rem")
        #expect(css.declarations(".bar__b", media: Self.compactWidth)["margin-inline"] == "0")
    }

    @Test("Wrap: a required slot wraps its text as the last resort, children kept whole")
    func wrapRequired() throws {
        let css = GeneratedCSS(try SampleSpecs.row())
        let value = css.declarations(".row__value", media: Self.compactWidth)
        #expect(value["white-space"] == "normal")
        #expect(value["min-width"] == "min-content")
        #expect(value["flex-grow"] == "1000000000000", "above every squeezable rank: filled first")
        #expect(css.declarations(".row__value > *", media: Self.compactWidth)["white-space"] == "nowrap")
    }

    @Test("A wrapping row with even spacing uses column-gap so wrapped lines start flush")
    func uniformGap() throws {
        let spec = try LayoutSpec(block: "tools", formats: ["H:|[a]-8-[b]-8-[c]|"], variants: [.always(.wrap)])
        let css = GeneratedCSS(spec)
        #expect(css.declarations(".tools")["column-gap"] == "0.5rem")
        #expect(css.declarations(".tools")["flex-wrap"] == "wrap")
        #expect(css.declarations(".tools__b")["margin-inline-start"] == nil)
    }

    @Test("Estimated row height: min height and content-visibility with its intrinsic size")
    func rowHeight() throws {
        let css = GeneratedCSS(try SampleSpecs.row(), try LayoutSpec(block: "row", container: "row--fixed", estimatedRowHeight: 44))
        let row = css.declarations(".row")
        #expect(row["min-height"] == "3.75rem")
        #expect(row["content-visibility"] == "auto")
        #expect(row["contain-intrinsic-size"] == "auto 3.75rem")
        #expect(css.declarations(".row--fixed")["contain-intrinsic-size"] == "auto 2.75rem")
        #expect(css.declarations(".row--fixed")["display"] == nil)
    }

    @Test("Stacks: uniform children with gap")
    func stacks() throws {
        let css = GeneratedCSS(try LayoutSpec(block: "list", stack: LayoutStack(axis: .vertical, spacing: 0, wraps: false)),
                               try LayoutSpec(block: "tools", stack: LayoutStack(axis: .horizontal)))
        #expect(css.declarations(".list")["flex-direction"] == "column")
        #expect(css.declarations(".list")["gap"] == "0")
        #expect(css.declarations(".tools")["flex-wrap"] == "wrap")
        #expect(css.declarations(".tools")["gap"] == "0.5rem")
    }

    @Test("Empty slots can take no room")
    func hidesWhenEmpty() throws {
        let css = GeneratedCSS(try LayoutSpec(block: "field", formats: ["H:[input]-[error]"], slots: ["error": LayoutSlot(hidesWhenEmpty: true)]))
        #expect(css.declarations(".field__error:empty")["display"] == "none")
    }
}
