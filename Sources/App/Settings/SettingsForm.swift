import Storage

/// The Settings form read into ``MemberSettings``: every field must be one of the values the
/// page offers. A field left out keeps the member's current value (so one setting can be
/// changed on its own, as the footer's language buttons do); an unknown value is refused by
/// its field, and nothing is stored.
struct SettingsForm {
    let settings: MemberSettings
    /// String keys of the messages, by field.
    let errors: [String: String]

    init(_ form: SubmittedForm, current: MemberSettings) {
        var settings = current
        var errors: [String: String] = [:]
        /// The field's value parsed; nil when the form leaves it out, or (noted) when it is not a choice.
        func choice<Value>(_ field: String, _ parse: (String) -> Value?) -> Value? {
            guard let value = form[field] else { return nil }
            guard let parsed = parse(value) else {
                errors[field] = "errorSettingChoice"
                return nil
            }
            return parsed
        }
        if let size = choice("textSize", TextSize.init(parameter:)) { settings.textSize = size.stored }
        if let language = choice("language", { value -> Language?? in
            value == "browser" ? .some(nil) : Language(rawValue: value).map { .some($0) }
        }) {
            settings.language = language?.rawValue
        }
        if let appearance = choice("appearance", Appearance.init(rawValue:)) { settings.appearance = appearance.rawValue }
        if let sort = choice("sort", { value in ListQuery.sortParameters.contains { $0.parameter == value && value != "position" } ? value : nil }) {
            settings.listSort = sort
        }
        if let grouping = choice("group", { value -> ItemGrouping?? in
            value == "automatic" ? .some(nil) : ItemGrouping(rawValue: value).map { .some($0) }
        }) {
            settings.listGrouping = grouping?.rawValue
        }
        if let size = choice("pageSize", { Int($0).flatMap { ListDefaults.pageSizes.contains($0) ? $0 : nil } }) { settings.pageSize = size }
        if let currency = choice("currency", Currency.init(rawValue:)) { settings.currency = currency.rawValue }
        self.settings = settings
        self.errors = errors
    }
}
