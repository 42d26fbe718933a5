import Testing
@testable import App

@Test("The App module links") func AppLinks() { #expect(Bool(true)) }
