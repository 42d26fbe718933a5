import Testing
@testable import Storage

@Test("The Storage module links") func StorageLinks() { #expect(Bool(true)) }
