import Foundation
import PostgreSQL

/// A day on the calendar, with no time and no time zone: when something was bought, when its
/// warranty ends. Stored and exchanged as ISO 8601 `YYYY-MM-DD` (what `<input type=date>`
/// sends), and compared and counted by its day number, with integer arithmetic only.
///
///     CalendarDate(iso: "2026-02-28")?.adding(days: 1).iso  // "2026-03-01"
///     CalendarDate(iso: "2026-02-30")                         // nil: no such day
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The earliest day the store keeps (the dialog's "not before 1900").
    public static let earliest = CalendarDate(uncheckedYear: 1900, month: 1, day: 1)
    /// The latest day any date field may hold.
    public static let latest = CalendarDate(uncheckedYear: 9999, month: 12, day: 31)

    /// The day, or `nil` when it does not exist (30 February) or is outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else {
            return nil
        }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `YYYY-MM-DD` (ASCII digits, four-two-two); anything else is `nil`, as is
    /// a day that does not exist.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let days = (seconds / 86_400).rounded(.down)
        // A date far outside the calendar (a damaged row) is taken as the nearest day there is.
        self.init(dayNumber: days.isNaN ? 0 : Int(max(min(days, 3e6), -1e6)))
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let digits = { (value: Int, width: Int) in String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2)
    }

    public var description: String { iso }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil: exact for every proleptic Gregorian day.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day with `dayNumber` (days since 1970-01-01), clamped to years 1…9999.
    public init(dayNumber: Int) {
        let number = min(max(dayNumber, -719_162), 2_932_896)
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(uncheckedYear: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The day `days` later (earlier when negative), clamped to years 1…9999.
    public func adding(days: Int) -> CalendarDate {
        let (sum, overflow) = dayNumber.addingReportingOverflow(days)
        return CalendarDate(dayNumber: overflow ? (days < 0 ? Int.min / 2 : Int.max / 2) : sum)
    }

    /// Noon of this day in `timeZone`: a moment that is this day wherever the zone's offset
    /// puts it (offsets are within ±14 hours).
    public func noon(in timeZone: TimeZone) -> Date {
        let utcNoon = Date(timeIntervalSince1970: Double(dayNumber) * 86_400 + 43_200)
        return utcNoon.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utcNoon)))
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension CalendarDate: DatabaseValueConvertible {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        iso.bind(to: statement, at: index)
    }

    /// A stored day; text that is not one (a damaged row) reads as 1900-01-01 rather than trapping.
    public static func decode(from statement: OpaquePointer, at index: Int32) -> CalendarDate {
        CalendarDate(iso: String.decode(from: statement, at: index)) ?? .earliest
    }

    public var postgresValue: PostgresValue { .text(iso) }

    public static func decode(from cell: PostgresCell) -> CalendarDate {
        CalendarDate(iso: cell.string) ?? .earliest
    }
}
