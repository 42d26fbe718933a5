/// PostgreSQL's `numeric` in binary format, as text.
///
/// `sum(bigint)` and `avg(…)` return `numeric`, so a result in binary format needs this to be read.
/// The layout (`numeric_send` in PostgreSQL's `numeric.c`): four 16-bit big-endian words
/// — digit count, weight, sign, display scale — then that many base-10000 digits, the first worth
/// 10000^weight.
public enum PostgresNumeric {
    private static let positive: UInt16 = 0x0000
    private static let negative: UInt16 = 0x4000
    private static let notANumber: UInt16 = 0xC000
    private static let infinity: UInt16 = 0xD000
    private static let negativeInfinity: UInt16 = 0xF000

    /// The value as PostgreSQL prints it (`-12.50`, `NaN`, `Infinity`), or nil if malformed.
    public static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        func word(_ index: Int) -> UInt16 {
            UInt16(bytes[index * 2]) << 8 | UInt16(bytes[index * 2 + 1])
        }
        guard bytes.count >= 8 else { return nil }
        let count = Int(Int16(bitPattern: word(0)))
        let weight = Int(Int16(bitPattern: word(1)))
        let sign = word(2)
        let scale = Int(Int16(bitPattern: word(3)))
        guard count >= 0, scale >= 0, bytes.count == 8 + 2 * count else { return nil }
        switch sign {
        case notANumber: return "NaN"
        case infinity: return "Infinity"
        case negativeInfinity: return "-Infinity"
        case positive, negative: break
        default: return nil
        }
        var digits: [Int] = []
        digits.reserveCapacity(count)
        for index in 0..<count {
            let digit = Int(word(4 + index))
            guard digit < 10_000 else { return nil }
            digits.append(digit)
        }
        func digit(_ index: Int) -> Int { index >= 0 && index < count ? digits[index] : 0 }
        var text = sign == negative ? "-" : ""
        if weight < 0 {
            text += "0"
        } else {
            for index in 0...weight {
                let group = String(digit(index))
                text += index == 0 ? group : String(repeating: "0", count: 4 - group.count) + group
            }
        }
        if scale > 0 {
            var fraction = ""
            for group in 1...((scale + 3) / 4) {
                let value = String(digit(weight + group))
                fraction += String(repeating: "0", count: 4 - value.count) + value
            }
            text += "." + fraction.prefix(scale)
        }
        return text
    }

    /// The value as an integer, if it has no fractional part and fits.
    public static func int64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let text = text(bytes) else { return nil }
        let parts = text.split(separator: ".", maxSplits: 1)
        guard let whole = parts.first, parts.count == 1 || parts[1].allSatisfy({ $0 == "0" }) else { return nil }
        return Int64(whole)
    }

    public static func double(_ bytes: UnsafeRawBufferPointer) -> Double? {
        switch text(bytes) {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        case let text?: Double(text)
        case nil: nil
        }
    }
}
