import Testing
@testable import Mustache

@Test("The Mustache module links") func MustacheLinks() { #expect(Bool(true)) }
