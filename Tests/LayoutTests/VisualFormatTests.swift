import Testing
@testable import Layout

@Suite("Visual format parsing")
struct VisualFormatTests {
    @Test("The item row: edges, spacings, relations and a view size")
    func itemRow() throws {
        let format = try VisualFormat("H:|-16-[name(>=64)]-(>=8)-[serial]-8-[value]-16-|")
        #expect(format.axis == .horizontal)
        #expect(format.views.map(\.name) == ["name", "serial", "value"])
        #expect(format.views[0].size == [LayoutPredicate(.greaterThanOrEqual, 64)])
        #expect(format.leadingEdge == .predicates([LayoutPredicate(.equal, 16)]))
        #expect(format.trailingEdge == .predicates([LayoutPredicate(.equal, 16)]))
        #expect(format.spacings == [.predicates([LayoutPredicate(.greaterThanOrEqual, 8)]), .predicates([LayoutPredicate(.equal, 8)])])
        #expect(format.spacings[0].isFlexible)
        #expect(!format.spacings[1].isFlexible)
    }

    @Test("Standard spacing is 8 points, flush is 0, and the axis defaults to H")
    func standardAndFlush() throws {
        let format = try VisualFormat("V:[date]-[photo][toolbar]")
        #expect(format.axis == .vertical)
        #expect(format.leadingEdge == nil && format.trailingEdge == nil)
        #expect(format.spacings == [.standard, .flush])
        #expect(format.spacings.map(\.minimum) == [8, 0])
        #expect(try VisualFormat("[a]").axis == .horizontal)
    }

    @Test("Edges: flush, standard and explicit", arguments: [
        ("|[a]|", LayoutSpacing.flush, LayoutSpacing.flush),
        ("H:|-[a]-|", .standard, .standard),
        ("H:|-0-[a]-0-|", .predicates([LayoutPredicate(.equal, 0)]), .predicates([LayoutPredicate(.equal, 0)])),
    ])
    func edges(source: String, leading: LayoutSpacing, trailing: LayoutSpacing) throws {
        let format = try VisualFormat(source)
        #expect(format.leadingEdge == leading)
        #expect(format.trailingEdge == trailing)
    }

    @Test("Relations, lists and priorities in spacings and sizes")
    func relations() throws {
        let format = try VisualFormat("H:[a(>=50,<=100@750)]-(<=20)-[b(==44)]-(==4)-[c]")
        #expect(format.views[0].size == [LayoutPredicate(.greaterThanOrEqual, 50), LayoutPredicate(.lessThanOrEqual, 100, priority: 750)])
        #expect(format.views[1].size == [LayoutPredicate(.equal, 44)])
        #expect(format.spacings[0] == .predicates([LayoutPredicate(.lessThanOrEqual, 20)]))
        #expect(format.spacings[0].minimum == 20)
        #expect(format.spacings[1] == .predicates([LayoutPredicate(.equal, 4)]))
        #expect(format.views[0].size[1].description == "<=100@750")
    }

    @Test("Spaces between tokens are ignored; names may have inner hyphens")
    func spacesAndNames() throws {
        let format = try VisualFormat("H: | - 16 - [ remove-photo ] - [ _x2 ] |")
        #expect(format.views.map(\.name) == ["remove-photo", "_x2"])
        #expect(format.leadingEdge?.minimum == 16)
        #expect(format.trailingEdge == .flush)
    }

    @Test("Fractional points")
    func fractions() throws {
        #expect(try VisualFormat("|-0.5-[a]").leadingEdge?.minimum == 0.5)
    }

    @Test("Spacing lookup before and after each view")
    func spacingLookup() throws {
        let format = try VisualFormat("|-16-[a]-8-[b]-4-|")
        #expect(format.spacing(before: 0)?.minimum == 16)
        #expect(format.spacing(after: 0)?.minimum == 8)
        #expect(format.spacing(before: 1)?.minimum == 8)
        #expect(format.spacing(after: 1)?.minimum == 4)
    }
}
