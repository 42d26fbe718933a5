import Foundation
import Storage

/// The CSV form of the inventory: its columns, their names in every language, how cells are
/// written (and neutralised against spreadsheet formulas) and read back.
enum ItemCSV {
    enum Column: CaseIterable {
        case name, serial, value, date, position, photo, key

        var stringKey: String {
            switch self {
            case .name: "csvName"
            case .serial: "csvSerial"
            case .value: "csvValue"
            case .date: "csvDate"
            case .position: "csvPosition"
            case .photo: "csvPhoto"
            case .key: "csvKey"
            }
        }
    }

    static let maxRows = 100_000
    static let maxBytes = 10 * 1_024 * 1_024

    /// The header row in `language`.
    static func header(_ language: Language) -> [String] {
        Column.allCases.map { Strings.text($0.stringKey, language) }
    }

    /// What a header cell may say for each column: its name in every language, and the
    /// words spreadsheets commonly use; compared without case, spaces, `_` or `-`.
    static let headerNames: [String: Column] = {
        var names: [String: Column] = [:]
        for column in Column.allCases {
            for language in Language.allCases { names[normalizedHeader(Strings.text(column.stringKey, language))] = column }
        }
        let extra: [(String, Column)] = [
            ("item", .name), ("item name", .name), ("title", .name), ("物品", .name), ("物品名称", .name), ("物品名稱", .name),
            ("serial", .serial), ("serial no", .serial), ("s/n", .serial), ("sn", .serial), ("序列號", .serial), ("序号", .serial),
            ("value in dollars", .value), ("value (usd)", .value), ("value ($)", .value), ("price", .value), ("金额", .value), ("金額", .value),
            ("date", .date), ("date created", .date), ("recorded", .date), ("日期", .date),
            ("key", .key), ("id", .key), ("item id", .key), ("uuid", .key),
        ]
        for (name, column) in extra { names[normalizedHeader(name)] = column }
        return names
    }()

    static func normalizedHeader(_ text: String) -> String {
        text.trimmingWhitespace.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" }
    }

    /// One item's record, in ``Column`` order.
    static func record(_ item: Item, place: Int, language: Language) -> [String] {
        [
            neutralised(item.name),
            neutralised(item.serialNumber),
            String(item.valueInDollars),
            timestamp(item.dateCreated),
            String(place),
            Strings.text(item.photoETag == nil ? "csvNo" : "csvYes", language),
            item.key.lowercasedString,
        ]
    }

    /// `2026-11-23T13:40:12Z`: UTC to the second, which spreadsheets and scripts both read.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 253_402_300_800 else { return "" }
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// A date as people and spreadsheets write it: `2026-11-23`, `2026/11/23`, or with a time
    /// (`2026-11-23 13:40`, `2026-11-23T13:40:12Z`, `…+08:00`). A day alone is taken at noon
    /// UTC, so it shows as that day in every time zone. `nil` when it is not one. (Scanned by
    /// hand: a regular expression costs a hundred times more, and an import has 100,000 rows.)
    static func date(_ text: String) -> Date? {
        var scanner = DateScanner(Array(text.trimmingWhitespace.utf8))
        guard let year = scanner.number(digits: 4...4), scanner.skip("-") || scanner.skip("/"),
              let month = scanner.number(digits: 1...2), scanner.skip("-") || scanner.skip("/"),
              let day = scanner.number(digits: 1...2),
              (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
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

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Reads a date's numbers and separators from its UTF-8 bytes.
    private struct DateScanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
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
}
