import Foundation
import Storage

extension Formatters {
    /// A calendar day in the language's medium style, with its ISO form for `<time datetime>`.
    func day(_ day: CalendarDate, _ language: Language) -> DayText {
        // Noon there is that day in the pages' own time zone (offsets are within ±14 hours).
        let shown = self.day(day.noon(in: timeZone), language)
        return DayText(medium: shown.medium, iso: day.iso)
    }

    /// `$1,299.50` — whole units and hundredths, the units grouped as ``money(_:_:_:)`` groups them.
    func cents(_ cents: Int, _ language: Language, _ currency: Currency) -> String {
        let fraction = Int(cents.magnitude % 100)
        return (cents < 0 ? "-" : "") + money(Int(cents.magnitude / 100), language, currency) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}

extension Formatters {
    /// An item's value as a row shows it: `$40`, or `3 × $40` when there is more than one of it
    /// (issue 24), so the row says what the totals count.
    func value(of item: Item, context: PageContext) -> String {
        let value = money(item.valueInDollars, context.language, context.currency)
        let quantity = item.ownership.quantity
        return quantity == 1 ? value : context.format("reportTimes", grouped(quantity, context.language), value)
    }
}
