import Foundation
import Mustache
import Storage

/// The Warranties page's view model: the two lists, their rows' texts, the empty state.
struct WarrantiesView {
    let formatters: Formatters
    let context: PageContext

    /// `items`: those ending in the page's window, by last day; `count`: how many there are in all.
    func values(items: [Item], count: Int, today: CalendarDate) -> [String: MustacheValue] {
        let dated = items.compactMap { item in item.ownership.warranty?.endDate.map { (item, $0) } }
        let ending = dated.filter { $0.1 >= today }
        // Ended: the most recent first, nearest today as the ending ones are.
        let ended = dated.filter { $0.1 < today }.reversed()
        var values: [String: MustacheValue] = [
            "title": .string(context.text("warrantiesTitle")),
            "hint": .string(context.format("warrantiesHint", formatters.day(today, context.language).medium)),
            "empty": .bool(count == 0),
            "ending": .list(ending.map { row($0.0, until: $0.1, today: today) }),
            "hasEnding": .bool(!ending.isEmpty),
            "ended": .list(ended.map { row($0.0, until: $0.1, today: today) }),
            "hasEnded": .bool(!ended.isEmpty),
        ]
        if count > items.count {
            values["more"] = .string(context.format("warrantiesMore", formatters.grouped(count - items.count, context.language),
                                                    formatters.grouped(items.count, context.language)))
        }
        return values
    }

    private func row(_ item: Item, until: CalendarDate, today: CalendarDate) -> MustacheValue {
        let days = until.dayNumber - today.dayNumber
        let when: String
        switch days {
        case 0: when = context.text("warrantiesEndsToday")
        case 1...: when = context.plural("warrantiesDaysLeft", count: days, formatters.grouped(days, context.language))
        case -1: when = context.text("warrantiesOneDayAgo")
        default: when = context.format("warrantiesDaysAgo", formatters.grouped(-days, context.language))
        }
        let day = formatters.day(until, context.language)
        return .object([
            "name": .string(item.name),
            "href": .string("/items/\(item.key.lowercasedString)"),
            "when": .string(when),
            // Within two weeks: marked (in words and weight, not colour alone).
            "soon": .bool((0...14).contains(days)),
            "ended": .bool(days < 0),
            "day": .string(context.format("warrantiesLastDay", day.medium)),
            "dayISO": .string(day.iso),
        ])
    }
}
