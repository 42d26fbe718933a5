import HTTP
import Storage

/// How a member's list looks when its URL does not say: the sort, the grouping and the page
/// size chosen on the Settings page ("Default list view"). A URL that names a sort or grouping
/// still gets it, so links and bookmarks mean the same for everyone.
struct ListDefaults: Sendable, Hashable {
    /// A `?sort=` value of ``ListQuery/sortParameters`` ("" is the member's own order).
    var sort: String = ""
    /// nil: by location once any location exists.
    var grouping: ItemGrouping?
    var pageSize: Int = Self.standardPageSize

    static let standardPageSize = MemberSettings.defaultPageSize
    static let pageSizes = [50, 100, 200]
    static let standard = ListDefaults()

    init(sort: String = "", grouping: ItemGrouping? = nil, pageSize: Int = Self.standardPageSize) {
        self.sort = sort
        self.grouping = grouping
        self.pageSize = pageSize
    }

    /// From stored settings, each value the app does not know read as its default.
    init(_ settings: MemberSettings) {
        sort = ListQuery.sortParameters.contains { $0.parameter == settings.listSort } ? settings.listSort : ""
        grouping = settings.listGrouping.flatMap(ItemGrouping.init(rawValue:))
        pageSize = Self.pageSizes.contains(settings.pageSize) ? settings.pageSize : Self.standardPageSize
    }

    /// The signed-in member's (the standard ones for a script with a token: the API's pages
    /// are the same for everyone).
    init(_ request: HTTPRequest) {
        guard let signedIn = request.signedIn, signedIn.apiTokenID == nil else { self = .standard; return }
        self.init(signedIn.settings)
    }
}
