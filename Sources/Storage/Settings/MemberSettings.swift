import Foundation

/// How one member wants the app to look and behave (the Settings page, issue 26): stored as
/// chosen, one row per member who changed anything. The app reads each value and falls back to
/// the default for one it does not know (a value from a newer version, or edited by hand), so
/// a stored setting can never stop a page from rendering.
public struct MemberSettings: Sendable, Hashable {
    /// Percent of the browser's text size; nil: the browser's own.
    public var textSize: Int?
    /// A BCP 47 tag; nil: the browser's language.
    public var language: String?
    /// `system`, `light` or `dark`.
    public var appearance: String
    /// The list's `?sort=` when the URL names none; "" is the member's own order.
    public var listSort: String
    /// The list's `?group=` when the URL names none; nil: by location once any location exists.
    public var listGrouping: String?
    /// Rows per list page.
    public var pageSize: Int
    /// ISO 4217 code values are shown in (display only: values are whole units of any currency).
    public var currency: String

    public static let defaultPageSize = 100

    public init(textSize: Int? = nil, language: String? = nil, appearance: String = "system", listSort: String = "",
                listGrouping: String? = nil, pageSize: Int = Self.defaultPageSize, currency: String = "USD") {
        self.textSize = textSize
        self.language = language
        self.appearance = appearance
        self.listSort = listSort
        self.listGrouping = listGrouping
        self.pageSize = pageSize
        self.currency = currency
    }

    /// Everything as a new member has it.
    public static let defaults = MemberSettings()

    static let columns = "text_size, language, appearance, list_sort, list_grouping, page_size, currency"

    init(row: Row) {
        textSize = row.isNull(0) ? nil : row[0] as Int
        language = row.isNull(1) ? nil : row[1] as String
        appearance = row[2]
        listSort = row[3]
        listGrouping = row.isNull(4) ? nil : row[4] as String
        pageSize = row[5]
        currency = row[6]
    }

    /// Text longer than this is never a setting's value: the store refuses it.
    static let maxTextLength = 32
}
