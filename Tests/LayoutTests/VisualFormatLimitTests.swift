import Testing
@testable import Layout

@Suite("Visual format limits")
struct VisualFormatLimitTests {
    /// A row of `count` views `[v0]-[v1]-…`.
    static func row(_ count: Int) -> String {
        (0..<count).map { "[v\($0)]" }.joined(separator: "-")
    }

    static func reason(_ source: String, limits: VisualFormatLimits = VisualFormatLimits()) -> (Int, String)? {
        do {
            _ = try VisualFormat(source, limits: limits)
            return nil
        } catch {
            return (error.position, error.reason)
        }
    }

    @Test("Out-of-range numbers are errors, never a trap", arguments: [
        ("[a]-(>=8@100000000000000000000)-[b]", 9, "a priority is a whole number 1…1000, not 1e+20"),
        ("[a]-(>=8@\(String(repeating: "9", count: 400)))-[b]", 9, "a priority is a whole number 1…1000, not inf"),
        ("[a]-(>=8@0)-[b]", 9, "a priority is a whole number 1…1000, not 0"),
        ("[a]-(>=8@1000.5)-[b]", 9, "a priority is a whole number 1…1000, not 1000.5"),
        ("[a(<=100001)]", 5, "a number of points is at most 100000, not 100001"),
        ("[a(\(String(repeating: "9", count: 400)))]", 3, "a number of points is at most 100000, not inf"),
        ("|-99999999999999999999-[a]", 2, "a number of points is at most 100000, not 1e+20"),
        ("[a]-(1.2.3)-[b]", 5, "expected a number of points, found '1'"),
    ])
    func numbers(source: String, position: Int, reason: String) {
        let result = Self.reason(source)
        #expect(result?.0 == position)
        #expect(result?.1 == reason)
    }

    @Test("Limits at their edge pass")
    func edges() throws {
        #expect(try VisualFormat(Self.row(64)).views.count == 64)
        #expect(try VisualFormat("[a(>=1,>=2,>=3,>=4,>=5,>=6,>=7,<=100000@1)]").views[0].size.count == 8)
        #expect(try VisualFormat("[a]-(>=8@1000)-[b]").spacings.count == 1)
        let long = "H:[a]-(" + String(repeating: " ", count: 4096 - 13) + "8)-[b]"
        #expect(long.utf8.count == 4096)
        #expect(try VisualFormat(long).views.count == 2)
    }

    @Test("Too many views, too many predicates, too long: errors saying which limit")
    func limits() {
        let views = Self.reason(Self.row(65))
        #expect(views?.1 == "more than 64 views in one format")
        #expect(views?.0 == Self.row(64).count + 1)
        #expect(Self.reason("[a(>=1,>=2,>=3,>=4,>=5,>=6,>=7,>=8,>=9)]")?.1 == "more than 8 predicates in one list")
        let huge = String(repeating: "[a]", count: 1_000_000)
        #expect(Self.reason(huge)?.1 == "the format is 3000000 bytes long; the limit is 4096")
        #expect(Self.reason(Self.row(3), limits: VisualFormatLimits(maxViews: 2))?.1 == "more than 2 views in one format")
    }

    @Test("The error for a too-long format stays short")
    func longFormatError() throws {
        let error = try #require(#expect(throws: VisualFormatError.self) {
            _ = try VisualFormat(String(repeating: "x", count: 100_000))
        })
        #expect(error.description.count < 200)
    }

    @Test("Predicates describe any constant; spacings refuse indexes outside the views")
    func robustAccessors() throws {
        #expect(LayoutPredicate(.equal, 1e300).description == "==1e+300")
        #expect(LayoutPredicate(.lessThanOrEqual, .infinity).description == "<=inf")
        #expect(LayoutPredicate(.equal, 8).description == "==8")
        let format = try VisualFormat("|-8-[a]-[b]-16-|")
        #expect(format.spacing(before: 0) == .predicates([LayoutPredicate(.equal, 8)]))
        #expect(format.spacing(after: 1) == .predicates([LayoutPredicate(.equal, 16)]))
        #expect(format.spacing(before: 2) == nil)
        #expect(format.spacing(after: -1) == nil)
        #expect(format.spacing(before: Int.min) == nil)
    }
}
