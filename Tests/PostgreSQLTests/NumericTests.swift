import Testing
@testable import PostgreSQL

/// `numeric` in binary format (what `sum(bigint)` returns), decoded from bytes; no server needed.
@Suite("numeric values in binary format")
struct NumericTests {
    /// numeric_send's layout: digit count, weight, sign, scale, then base-10000 digits.
    static func bytes(_ words: [UInt16]) -> [UInt8] {
        words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    @Test("Base-10000 digits become the text PostgreSQL prints", arguments: [
        ([0, 0, 0, 0], "0"),
        ([1, 0, 0, 0, 42], "42"),
        ([2, 1, 0, 0, 12, 3456], "123456"),
        ([2, 0, 0x4000, 2, 12, 5000], "-12.50"),
        ([1, 0xFFFF, 0, 4, 5], "0.0005"),
        ([1, 0xFFFE, 0, 8, 12], "0.00000012"),
        ([1, 0xFFFE, 0, 6, 12], "0.000000"),
        ([5, 4, 0, 0, 922, 3372, 368, 5477, 5807], "9223372036854775807"),
        ([0, 0, 0xC000, 0], "NaN"),
        ([0, 0, 0xD000, 0], "Infinity"),
        ([0, 0, 0xF000, 0], "-Infinity"),
    ] as [([UInt16], String)])
    func text(words: [UInt16], expected: String) {
        let text = Self.bytes(words).withUnsafeBytes { PostgresNumeric.text($0) }
        #expect(text == expected)
    }

    @Test("Malformed numerics are nil, never a crash", arguments: [
        [], [1, 0, 0], [2, 0, 0, 0, 1], [1, 0, 0, 0, 10_000], [0, 0, 0x1234, 0], [0xFFFF, 0, 0, 0], [0, 0, 0, 0xFFFF],
    ] as [[UInt16]])
    func malformed(words: [UInt16]) {
        #expect(Self.bytes(words).withUnsafeBytes { PostgresNumeric.text($0) } == nil)
    }

    @Test("Whole numerics read as Int64; fractions and overflow do not")
    func integers() {
        #expect(Self.bytes([2, 0, 0, 2, 12, 0]).withUnsafeBytes { PostgresNumeric.int64($0) } == 12)
        #expect(Self.bytes([2, 0, 0, 2, 12, 5000]).withUnsafeBytes { PostgresNumeric.int64($0) } == nil)
        #expect(Self.bytes([5, 4, 0, 0, 922, 3372, 368, 5477, 5808]).withUnsafeBytes { PostgresNumeric.int64($0) } == nil)
        #expect(Self.bytes([2, 0, 0x4000, 2, 12, 5000]).withUnsafeBytes { PostgresNumeric.double($0) } == -12.5)
    }
}
