import Foundation
import Testing
@testable import Storage

@Suite("CalendarDate")
struct CalendarDateTests {
    @Test("Only real days in YYYY-MM-DD are read", arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("2026-02-30", false), ("1900-02-29", false), ("2000-02-29", true),
        ("2026-04-31", false), ("2026-13-01", false), ("2026-00-10", false), ("0000-01-01", false), ("9999-12-31", true),
        ("2026-1-01", false), ("２０２６-01-01", false), ("2026-01-01 ", false), ("+2026-01-01", false), ("2026/01/01", false), ("", false),
    ])
    func parsing(text: String, valid: Bool) {
        #expect((CalendarDate(iso: text) != nil) == valid)
        if valid { #expect(CalendarDate(iso: text)?.iso == text) }
    }

    @Test("Day numbers agree with Foundation's calendar across 1900…2100, and adding days crosses months and leap years")
    func dayNumbers() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        var day = try #require(CalendarDate(year: 1900, month: 1, day: 1))
        var date = try #require(calendar.date(from: DateComponents(year: 1900, month: 1, day: 1)))
        for _ in 0..<(201 * 366) where day.year <= 2100 {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day])
            #expect(Double(day.dayNumber) * 86_400 == date.timeIntervalSince1970)
            #expect(CalendarDate(dayNumber: day.dayNumber) == day)
            day = day.adding(days: 1)
            date = date.addingTimeInterval(86_400)
        }
        #expect(CalendarDate(year: 2024, month: 2, day: 28)!.adding(days: 2).iso == "2024-03-01")
        #expect(CalendarDate(year: 9999, month: 12, day: 31)!.adding(days: Int.max).iso == "9999-12-31")
        #expect(CalendarDate(year: 1, month: 1, day: 1)!.adding(days: Int.min).iso == "0001-01-01")
    }

    @Test("Noon of a day is that day in every time zone from UTC−12 to UTC+14")
    func noon() throws {
        let day = try #require(CalendarDate(year: 2026, month: 3, day: 29))
        for hours in -12...14 {
            let zone = try #require(TimeZone(secondsFromGMT: hours * 3_600))
            #expect(CalendarDate(day.noon(in: zone), in: zone) == day)
        }
        #expect(CalendarDate(Date(timeIntervalSince1970: .infinity), in: .current).year == 9999)
        #expect(CalendarDate(Date(timeIntervalSince1970: -.greatestFiniteMagnitude), in: .current).year == 1)
    }

    @Test("Today somewhere: the latest day is UTC+14's")
    func latestToday() {
        let now = Date(timeIntervalSince1970: 1_781_524_800)  // 2026-06-15 12:00 UTC
        #expect(ItemOwnership.latestToday(at: now).iso == "2026-06-16")
        #expect(ItemOwnership.latestToday(at: now.addingTimeInterval(-3_600 * 3)).iso == "2026-06-15")
    }
}
