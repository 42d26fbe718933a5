import Mustache
import Storage

/// The Settings page's choices, each with its label in the page's language and whether it is
/// the member's (or, on a refused form, what they sent).
struct SettingsView {
    let settings: MemberSettings
    let context: PageContext

    var values: [String: MustacheValue] {
        let textSize = TextSize(stored: settings.textSize)
        let defaults = ListDefaults(settings)
        return [
            "title": .string(context.text("settingsTitle")),
            "textSizes": .list(TextSize.offered.map { size in
                option(size.parameter, size == .browser ? context.text("textSizeBrowser") : context.format("textSizePercent", String(size.rawValue)),
                       size == textSize)
            }),
            "languageChoices": .list([option("browser", context.text("languageBrowser"), settings.language == nil)]
                + Language.allCases.map { language in
                    option(language.rawValue, language.nativeName, settings.language == language.rawValue,
                           extra: ["tag": .string(language.htmlTag)])
                }),
            "appearances": .list(Appearance.allCases.map { appearance in
                option(appearance.rawValue, context.text("appearance" + appearance.rawValue.capitalized), appearance == Appearance(stored: settings.appearance))
            }),
            "sorts": .list(ListQuery.sortParameters.filter { $0.parameter != "position" }.map { sort in
                option(sort.parameter, context.text(ItemListView.sortLabelKeys[sort.parameter] ?? "sortPosition"), sort.parameter == defaults.sort)
            }),
            "groups": .list([option("automatic", context.text("groupAutomatic"), defaults.grouping == nil)]
                + ItemGrouping.allCases.map { grouping in
                    option(grouping.rawValue, context.text(ItemListView.groupingLabelKeys[grouping] ?? "groupNone"), grouping == defaults.grouping)
                }),
            "pageSizes": .list(ListDefaults.pageSizes.map { size in option(String(size), String(size), size == defaults.pageSize) }),
            "currencies": .list(Currency.allCases.map { currency in
                option(currency.rawValue, context.format("currencyChoice", context.text(currency.nameKey), currency.symbol(context.language)),
                       currency == Currency(stored: settings.currency))
            }),
        ]
    }

    private func option(_ value: String, _ label: String, _ selected: Bool, extra: [String: MustacheValue] = [:]) -> MustacheValue {
        var object: [String: MustacheValue] = ["value": .string(value), "label": .string(label), "selected": .bool(selected)]
        object.merge(extra) { $1 }
        return .object(object)
    }
}
