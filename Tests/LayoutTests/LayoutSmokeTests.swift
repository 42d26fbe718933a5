import Testing
@testable import Layout

@Test("The Layout module links") func LayoutLinks() { #expect(Bool(true)) }
