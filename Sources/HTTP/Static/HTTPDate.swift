/// HTTP-date (RFC 9110 §5.6.7), as seconds since 1970-01-01T00:00:00Z.
///
/// Sent as IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`). Parsed strictly in the three forms
/// a recipient MUST accept — IMF-fixdate, the obsolete rfc850-date (`Sunday, 06-Nov-94
/// 08:49:37 GMT`) and asctime-date (`Sun Nov  6 08:49:37 1994`) — and nothing else: exact
/// case and spacing, four-digit years, a real day of the month, hours 00–23, minutes 00–59,
/// seconds 00–60 (a leap second). The day name must be one of the seven, but is not checked
/// against the date: a mismatch could only turn a 304 into a 200.
///
/// Calendar arithmetic is done here on `Int`, never in `struct tm`, whose `Int32` fields
/// overflow on hostile years; every field is range-checked before it is used.
///
/// `package`, not `public`: the fuzz target `Fuzz/Targets/http-date.swift` calls it.
package enum HTTPDate {
    static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the four-digit years IMF-fixdate can write.
    static let earliest = -62_135_596_800
    static let latest = 253_402_300_799

    /// The IMF-fixdate of `epochSeconds`, clamped to years 0001…9999.
    package static func format(epochSeconds: Int) -> String {
        let clamped = min(max(epochSeconds, earliest), latest)
        var days = clamped / 86_400
        var seconds = clamped % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(dayNames[weekday]), \(pad(day, 2)) \(monthNames[month - 1]) \(pad(year, 4)) "
            + "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)) GMT"
    }

    /// Parses an HTTP-date; nil for anything else (RFC 9110 §13.1.3: the field is then ignored).
    ///
    /// - Parameter now: the current time, which decides the century of a two-digit rfc850 year.
    package static func parse(_ string: String, now: Int) -> Int? {
        let bytes = Array(string.utf8)
        return parseIMFFixdate(bytes) ?? parseRFC850(bytes, now: now) ?? parseAsctime(bytes)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func parseIMFFixdate(_ b: [UInt8]) -> Int? {
        guard b.count == 29, name(in: b, at: 0, length: 3, from: dayNames) != nil, literal(", ", in: b, at: 3),
            let day = digits(b, at: 5, count: 2), b[7] == 0x20,
            let month = name(in: b, at: 8, length: 3, from: monthNames), b[11] == 0x20,
            let year = digits(b, at: 12, count: 4), b[16] == 0x20, literal(" GMT", in: b, at: 25)
        else { return nil }
        return epochSeconds(year: year, month: month + 1, day: day, time: b, at: 17)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`
    private static func parseRFC850(_ b: [UInt8], now: Int) -> Int? {
        guard let comma = b.prefix(10).firstIndex(of: UInt8(ascii: ",")), b.count == comma + 24,
            name(in: b, at: 0, length: comma, from: longDayNames) != nil, b[comma + 1] == 0x20,
            let day = digits(b, at: comma + 2, count: 2), b[comma + 4] == UInt8(ascii: "-"),
            let month = name(in: b, at: comma + 5, length: 3, from: monthNames), b[comma + 8] == UInt8(ascii: "-"),
            let twoDigitYear = digits(b, at: comma + 9, count: 2), b[comma + 11] == 0x20,
            literal(" GMT", in: b, at: comma + 20)
        else { return nil }
        // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is the latest such year past.
        let currentYear = civil(fromDays: min(max(now, earliest), latest) / 86_400).year
        var year = currentYear - currentYear % 100 + twoDigitYear
        if year > currentYear + 50 { year -= 100 }
        return epochSeconds(year: year, month: month + 1, day: day, time: b, at: comma + 12)
    }

    /// `Sun Nov  6 08:49:37 1994`
    private static func parseAsctime(_ b: [UInt8]) -> Int? {
        guard b.count == 24, name(in: b, at: 0, length: 3, from: dayNames) != nil, b[3] == 0x20,
            let month = name(in: b, at: 4, length: 3, from: monthNames), b[7] == 0x20,
            let day = b[8] == 0x20 ? digits(b, at: 9, count: 1) : digits(b, at: 8, count: 2), b[10] == 0x20,
            b[19] == 0x20, let year = digits(b, at: 20, count: 4)
        else { return nil }
        return epochSeconds(year: year, month: month + 1, day: day, time: b, at: 11)
    }

    /// Checks the date and the `hh:mm:ss` at `offset`, then converts; nil if any field is out of range.
    private static func epochSeconds(year: Int, month: Int, day: Int, time b: [UInt8], at offset: Int) -> Int? {
        guard offset + 8 <= b.count, let hour = digits(b, at: offset, count: 2), b[offset + 2] == UInt8(ascii: ":"),
            let minute = digits(b, at: offset + 3, count: 2), b[offset + 5] == UInt8(ascii: ":"),
            let second = digits(b, at: offset + 6, count: 2),
            (0...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        return days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `count` ASCII digits at `offset` as a number, or nil.
    private static func digits(_ b: [UInt8], at offset: Int, count: Int) -> Int? {
        guard offset >= 0, count <= b.count - offset else { return nil }
        var value = 0
        for byte in b[offset..<offset + count] {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func literal(_ text: StaticString, in b: [UInt8], at offset: Int) -> Bool {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return expected.count <= b.count - offset && b[offset..<offset + expected.count].elementsEqual(expected)
    }

    /// The index in `names` of the name spelled by the `length` bytes at `offset` (case-sensitive).
    private static func name(in b: [UInt8], at offset: Int, length: Int, from names: [String]) -> Int? {
        guard length <= b.count - offset else { return nil }
        let spelled = b[offset..<offset + length]
        return names.firstIndex { $0.utf8.elementsEqual(spelled) }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
