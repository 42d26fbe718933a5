import Testing
@testable import HTTP

@Test("The HTTP module links") func HTTPLinks() { #expect(Bool(true)) }
