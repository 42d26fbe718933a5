import Foundation
import Synchronization

/// Locale-aware money and date text, fast enough for a 100-row page on every request.
///
/// Foundation's format styles cost microseconds a call, so grouping is done here with
/// the locale's own separator, and a formatted date is cached per day and language
/// (a list shows few distinct days).
final class Formatters: Sendable {
    private let groupingSeparators: [Language: String]
    private let dateCache = Mutex<[DateKey: DayText]>([:])
    /// Dates and times of history entries, per second (what they show) and language: an
    /// item's sheet shows the same entries on every visit.
    private let momentCache = Mutex<[DateKey: DayText]>([:])
    /// The time zone's offset per quarter hour of UTC: asking the zone costs microseconds
    /// (ICU), and offsets only change on quarter hours (DST and zone changes).
    private let offsetCache = Mutex<[Int: Int]>([:])
    let timeZone: TimeZone

    /// A day, or a second for `moment`, in a language.
    private struct DateKey: Hashable {
        let language: Language
        let day: Int
    }

    init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
        var separators: [Language: String] = [:]
        for language in Language.allCases {
            separators[language] = Locale(identifier: language.localeIdentifier).groupingSeparator ?? ","
        }
        groupingSeparators = separators
    }

    /// `$1,234`, `€1,234` — whole units of the member's currency, grouped in threes with the
    /// language's separator.
    func money(_ value: Int, _ language: Language, _ currency: Currency) -> String {
        (value < 0 ? "-" : "") + currency.symbol(language) + groupedDigits(value.magnitude, language)
    }

    /// `1,234` — a count grouped in threes with the language's separator.
    func grouped(_ value: Int, _ language: Language) -> String {
        (value < 0 ? "-" : "") + groupedDigits(value.magnitude, language)
    }

    /// The digits of `magnitude` grouped in threes (a magnitude, so Int.min has one too).
    private func groupedDigits(_ magnitude: UInt, _ language: Language) -> String {
        let digits = String(magnitude)
        let count = digits.utf8.count
        guard count > 3 else { return digits }
        let separator = groupingSeparators[language] ?? ","
        var grouped: [UInt8] = []
        grouped.reserveCapacity(count + count / 3 * separator.utf8.count)
        for (offset, digit) in digits.utf8.enumerated() {
            if offset > 0, (count - offset) % 3 == 0 { grouped.append(contentsOf: separator.utf8) }
            grouped.append(digit)
        }
        return String(decoding: grouped, as: UTF8.self)
    }

    /// The medium date style of the language ("Nov 22, 2026", "2026年11月22日") and the
    /// ISO day for `<time datetime>`.
    func day(_ date: Date, _ language: Language) -> DayText {
        // A stored date is trusted only as far as a finite number of days in range.
        let days = ((date.timeIntervalSince1970 + Double(offsetFromGMT(at: date))) / 86_400).rounded(.down)
        let day = days.isFinite && abs(days) < 1e9 ? Int(days) : 0
        let key = DateKey(language: language, day: day)
        if let cached = dateCache.withLock({ $0[key] }) { return cached }
        let style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: language.localeIdentifier), timeZone: timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let iso = String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        let text = DayText(medium: date.formatted(style), iso: iso)
        dateCache.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[key] = text
        }
        return text
    }
}

extension Formatters {
    /// The time zone's offset from GMT in seconds at `date`.
    private func offsetFromGMT(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return timeZone.secondsFromGMT(for: date) }
        let quarter = Int((seconds / 900).rounded(.down))
        if let cached = offsetCache.withLock({ $0[quarter] }) { return cached }
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(quarter) * 900))
        offsetCache.withLock { cache in
            if cache.count > 100_000 { cache.removeAll() }
            cache[quarter] = offset
        }
        return offset
    }
}

extension Formatters {
    /// A date and time in the language's medium style ("Nov 23, 2026 at 1:40 PM") and as
    /// RFC 3339 for `<time datetime>`: when a change was made.
    func moment(_ date: Date, _ language: Language) -> DayText {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return formattedMoment(date, language) }
        let key = DateKey(language: language, day: Int(seconds))
        if let cached = momentCache.withLock({ $0[key] }) { return cached }
        let text = formattedMoment(date, language)
        momentCache.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[key] = text
        }
        return text
    }

    private func formattedMoment(_ date: Date, _ language: Language) -> DayText {
        let style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: Locale(identifier: language.localeIdentifier),
                                     timeZone: timeZone)
        var iso = Date.ISO8601FormatStyle(timeZone: timeZone)
        iso = iso.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)
        return DayText(medium: date.formatted(style), iso: date.formatted(iso))
    }
}

struct DayText: Sendable {
    let medium: String
    let iso: String
}

extension Language {
    var localeIdentifier: String {
        switch self {
        case .english: "en_US"
        case .simplifiedChinese: "zh_Hans_CN"
        case .traditionalChinese: "zh_Hant_TW"
        }
    }
}
