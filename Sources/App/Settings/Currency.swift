/// The currency a member sees values in. Display only: a value is a whole number of units of
/// whatever the household counts in, and choosing euros converts nothing.
enum Currency: String, Sendable, CaseIterable, Hashable {
    case usd = "USD", eur = "EUR", gbp = "GBP", cny = "CNY", twd = "TWD", hkd = "HKD", jpy = "JPY"

    init(stored: String?) {
        self = stored.flatMap(Currency.init(rawValue:)) ?? .usd
    }

    /// The symbol before an amount, as each language writes it (CLDR's short symbols), made
    /// unambiguous where two currencies share one: yuan and yen are both ¥, and the other
    /// dollars are told from the US dollar (the default, `$` as it has always been shown).
    func symbol(_ language: Language) -> String {
        switch (self, language) {
        case (.usd, _): "$"
        case (.eur, _): "€"
        case (.gbp, _): "£"
        case (.cny, .simplifiedChinese): "¥"
        case (.cny, _): "CN¥"
        case (.jpy, .english): "¥"
        case (.jpy, _): "JP¥"
        case (.twd, _): "NT$"
        case (.hkd, _): "HK$"
        }
    }

    /// The key of its name in the strings (`currencyUSD`…).
    var nameKey: String { "currency" + rawValue }
}
