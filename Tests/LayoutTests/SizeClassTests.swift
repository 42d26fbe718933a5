import Testing
@testable import Layout

@Suite("Size classes")
struct SizeClassTests {
    @Test("Reference devices get the iOS size classes", arguments: [
        (390.0, 844.0, SizeClass.compact, SizeClass.regular, InterfaceOrientation?.some(.portrait)),
        (844, 390, .regular, .compact, .landscape),
        (1024, 768, .regular, .regular, nil),
        (1280, 800, .regular, .regular, nil),
        (599, 499, .compact, .compact, .landscape),
        (600, 500, .regular, .regular, nil),
    ])
    func devices(width: Double, height: Double, horizontal: SizeClass, vertical: SizeClass, orientation: InterfaceOrientation?) {
        let traits = SizeClassBreakpoints.standard.sizeClasses(width: width, height: height)
        #expect(traits.horizontal == horizontal)
        #expect(traits.vertical == vertical)
        #expect(traits.orientation == orientation)
    }

    @Test("Conditions render as px media queries that meet exactly: size classes follow the screen")
    func mediaQueries() {
        #expect(SizeClassCondition.compactWidth.mediaQuery() == "(width < 600px)")
        #expect(SizeClassCondition.regularWidth.mediaQuery() == "(width >= 600px)")
        #expect(SizeClassCondition.compactHeight.mediaQuery() == "(height < 500px)")
        #expect(SizeClassCondition.regularHeight.mediaQuery() == "(height >= 500px)")
        #expect(SizeClassCondition(horizontal: .compact, vertical: .regular).mediaQuery()
            == "(width < 600px) and (height >= 500px)")
        #expect(SizeClassCondition.any.mediaQuery() == nil)
        let custom = SizeClassBreakpoints(compactWidthBelow: 720, compactHeightBelow: 480)
        #expect(SizeClassCondition.compactWidth.mediaQuery(custom) == "(width < 720px)")
    }

    @Test("Large text for the width is the accessibility content size", arguments: [
        (390.0, ContentSizeCategory.standard),  // a phone at 100% text
        (195, .accessibility),                  // the same phone at 200% text: 12.2 em across
        (359, .accessibility),
        (360, .standard),
        (1280, .standard),
    ])
    func contentSize(width: Double, expected: ContentSizeCategory) {
        #expect(SizeClassBreakpoints.standard.sizeClasses(width: width, height: 800).contentSize == expected)
    }

    @Test("The accessibility content size renders as an em width query, combinable with size classes")
    func contentSizeQueries() {
        #expect(SizeClassCondition.accessibilityContentSize.mediaQuery() == "(width < 22.5em)")
        #expect(SizeClassCondition(contentSize: .standard).mediaQuery() == "(width >= 22.5em)")
        #expect(SizeClassCondition(horizontal: .compact, contentSize: .accessibility).mediaQuery()
            == "(width < 600px) and (width < 22.5em)")
        #expect(SizeClassCondition.accessibilityContentSize.description == "accessibility text")
        let bigTextPhone = SizeClassBreakpoints.standard.sizeClasses(width: 390, height: 844, textScale: 2)
        #expect(SizeClassCondition.accessibilityContentSize.matches(bigTextPhone))
        // 200% text changes the content size category, not the orientation.
        #expect(bigTextPhone.horizontal == .compact && bigTextPhone.vertical == .regular && bigTextPhone.orientation == .portrait)
        #expect(!SizeClassCondition.accessibilityContentSize.matches(SizeClassBreakpoints.standard.sizeClasses(width: 390, height: 844)))
    }

    @Test("A condition matches the size classes it names and any in the others")
    func matching() {
        let sideways = SizeClassCondition(horizontal: .regular, vertical: .compact)
        #expect(SizeClassCondition.compactHeight.matches(sideways))
        #expect(SizeClassCondition.any.matches(sideways))
        #expect(!SizeClassCondition.compactWidth.matches(sideways))
    }

    @Test("Priorities are 1…1000 and ordered")
    func priorities() {
        #expect(LayoutPriority.required.rawValue == 1000)
        #expect(LayoutPriority.defaultHigh.rawValue == 750)
        #expect(LayoutPriority.defaultLow.rawValue == 250)
        #expect(LayoutPriority(rawValue: 0) == nil)
        #expect(LayoutPriority(rawValue: 1001) == nil)
        #expect(LayoutPriority.defaultLow < 251)
        #expect(LayoutPriority(rawValue: 500)?.description == "500")
    }

    @Test("Points become rem and numbers stay short", arguments: [
        (8.0, "0.5rem"), (16, "1rem"), (0, "0"), (60, "3.75rem"), (44, "2.75rem"), (1, "0.0625rem"), (640, "40rem"),
    ])
    func lengths(points: Double, css: String) {
        #expect(CSSLength.rem(points: points) == css)
    }

    @Test("Wide is a regular width of 1024 px or more: room for aligned columns", arguments: [
        (390.0, false), (844, false), (1023, false), (1024, true), (1280, true),
    ])
    func wide(width: Double, wide: Bool) {
        let traits = SizeClassBreakpoints.standard.sizeClasses(width: width, height: 800)
        #expect(traits.wide == wide)
        #expect(SizeClassCondition.wideWidth.matches(traits) == wide)
        #expect(SizeClassCondition.wideWidth.mediaQuery() == "(width >= 600px) and (width >= 64em)")
        #expect(SizeClassCondition.narrowRegularWidth.mediaQuery() == "(width >= 600px) and (width < 64em)")
    }

    @Test("Conditions intersect; contradictory ones never hold")
    func intersection() {
        #expect(SizeClassCondition.regularWidth.intersection(.compactHeight) == SizeClassCondition(horizontal: .regular, vertical: .compact))
        #expect(SizeClassCondition.compactWidth.intersection(.regularWidth) == nil)
        #expect(SizeClassCondition.compactWidth.intersection(SizeClassCondition(wide: true)) == nil)
        #expect(SizeClassCondition.any.intersection(.wideWidth) == .wideWidth)
    }
}
