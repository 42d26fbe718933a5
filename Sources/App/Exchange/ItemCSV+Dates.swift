import Foundation

/// How a file writes the day and month of its dates when the year comes last (issue 22
/// point 11): found from the file where it can be, shown in the preview to confirm or change.
enum DateOrder: String, CaseIterable, Sendable {
    case dayMonthYear = "dmy"
    case monthDayYear = "mdy"
}

/// What a date cell says, read in a ``DateOrder`` (or none chosen yet).
enum DateReading: Equatable {
    case date(Date)
    /// Day and month could be either way round (`03/04/2026`) and no order was chosen.
    case ambiguous
    case invalid
}

extension ItemCSV {
    /// A date as people and spreadsheets write it: `2026-11-23` (ISO, also with `/` or `.`),
    /// `23/11/2026` or `11/23/2026` (with `/`, `-` or `.`), each optionally with a time
    /// (`2026-11-23 13:40`, `2026-11-23T13:40:12Z`, `…+08:00`). A day alone is taken at noon
    /// UTC, so it shows as that day in every time zone. With the year last, `order` says
    /// which number is the day; without one, only dates that can be read one way are read
    /// (`23/11/2026`, `11/23/2026`, `05/05/2026`). (Scanned by hand: a regular expression
    /// costs a hundred times more, and an import has 100,000 rows.)
    static func date(_ text: String, order: DateOrder?) -> DateReading {
        var scanner = DateScanner(Array(text.trimmingWhitespace.utf8))
        guard let first = scanner.number(digits: 1...4), let separator = scanner.separator(),
              let second = scanner.number(digits: 1...2), scanner.skip(separator)
        else { return .invalid }
        let year: Int, month: Int, day: Int
        if scanner.index > 4, scanner.bytes.prefix(4).allSatisfy({ (48...57).contains($0) }) {
            guard let third = scanner.number(digits: 1...2) else { return .invalid }
            (year, month, day) = (first, second, third)
        } else {
            guard first <= 31, let third = scanner.number(digits: 4...4) else { return .invalid }
            year = third
            switch order ?? evidence(first, second) {
            case .dayMonthYear?: (day, month) = (first, second)
            case .monthDayYear?: (month, day) = (first, second)
            case nil:
                guard first == second else { return .ambiguous }
                (day, month) = (first, second)
            }
        }
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return .invalid }
        guard let date = time(after: &scanner, year: year, month: month, day: day) else { return .invalid }
        return .date(date)
    }

    /// ``date(_:order:)`` when the file is ISO or unambiguous; `nil` otherwise.
    static func date(_ text: String) -> Date? {
        if case .date(let date) = date(text, order: nil) { return date }
        return nil
    }

    /// The order a year-last date proves (`23/11/2026` is day first), `nil` when it could be
    /// either or is not year-last.
    static func dateEvidence(_ text: String) -> DateOrder? {
        var scanner = DateScanner(Array(text.trimmingWhitespace.utf8))
        guard let first = scanner.number(digits: 1...2), let separator = scanner.separator(),
              let second = scanner.number(digits: 1...2), scanner.skip(separator), scanner.number(digits: 4...4) != nil
        else { return nil }
        return evidence(first, second)
    }

    /// Whether the cell is a year-last date at all (the preview asks for the order only then).
    static func isYearLast(_ text: String) -> Bool {
        var scanner = DateScanner(Array(text.trimmingWhitespace.utf8))
        guard scanner.number(digits: 1...2) != nil, let separator = scanner.separator(),
              scanner.number(digits: 1...2) != nil, scanner.skip(separator) else { return false }
        return scanner.number(digits: 4...4) != nil
    }

    private static func evidence(_ first: Int, _ second: Int) -> DateOrder? {
        if first > 12, second <= 12 { return .dayMonthYear }
        if second > 12, first <= 12 { return .monthDayYear }
        return nil
    }

    /// The optional time after the day, and the date it makes (`nil` if anything is off).
    private static func time(after scanner: inout DateScanner, year: Int, month: Int, day: Int) -> Date? {
        var parts = DateComponents(year: year, month: month, day: day, hour: 12)
        var offset = 0
        if scanner.skip("T") || scanner.skip(" ") {
            guard let hour = scanner.number(digits: 1...2), scanner.skip(":"), let minute = scanner.number(digits: 2...2),
                  hour < 24, minute < 60 else { return nil }
            parts.hour = hour
            parts.minute = minute
            parts.second = 0
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2...2), second < 60 else { return nil }
                parts.second = second
                if scanner.skip("."), scanner.number(digits: 1...9) == nil { return nil }
            }
            while scanner.skip(" ") {}
            if scanner.skip("Z") {
            } else if let sign = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : nil {
                guard let hours = scanner.number(digits: 2...2) else { return nil }
                _ = scanner.skip(":")
                guard let minutes = scanner.number(digits: 2...2), hours < 24, minutes < 60 else { return nil }
                offset = sign * (hours * 3_600 + minutes * 60)
            }
        }
        guard scanner.isAtEnd else { return nil }
        guard let date = utcCalendar.date(from: parts), utcCalendar.component(.day, from: date) == day else { return nil }
        return date.addingTimeInterval(TimeInterval(-offset))
    }
}

/// Reads a date's numbers and separators from its UTF-8 bytes.
struct DateScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
        index += 1
        return true
    }

    /// `-`, `/` or `.`, which the rest of the date must repeat.
    mutating func separator() -> Character? {
        for candidate: Character in ["-", "/", "."] where skip(candidate) { return candidate }
        return nil
    }

    mutating func number(digits: ClosedRange<Int>) -> Int? {
        var value = 0, count = 0
        while index < bytes.count, count < digits.upperBound, (48...57).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 48)
            count += 1
            index += 1
        }
        return digits.contains(count) ? value : nil
    }
}
