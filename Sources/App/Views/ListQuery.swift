import Foundation
import HTTP
import Mustache
import Storage

/// How the list is being looked at — all of it in the URL, so it can be bookmarked and Back
/// works: the search, sort and filters, which page, edit mode or select mode, a row asking to
/// confirm its deletion, a row to focus on return from the dialog.
struct ListQuery: Sendable, Equatable {
    var page: Int = 1
    var editing = false
    /// Select mode (`?mode=select`): selection circles and a bar to delete or move them,
    /// apart from edit mode as on iOS. Never together with `editing`.
    var selecting = false
    /// `?none=delete|move|labels`: Select mode's bar was used with nothing selected (no JavaScript).
    var nothingSelected: String?
    var confirmKey: String?
    var focusKey: String?
    var filter = ItemQuery()
    /// `?group=`: how the list is cut into sections; `nil` is the default (by location once
    /// any location exists, see ``ItemListView/grouping(for:)``).
    var grouping: ItemGrouping?
    /// The member's default sort, grouping and page size: what the URL leaves out.
    var defaults = ListDefaults.standard

    var pageSize: Int { defaults.pageSize }

    init(page: Int = 1, editing: Bool = false, confirmKey: String? = nil, focusKey: String? = nil, filter: ItemQuery = ItemQuery(),
         grouping: ItemGrouping? = nil, defaults: ListDefaults = .standard) {
        self.defaults = defaults
        self.grouping = grouping
        self.page = page
        self.editing = editing
        self.confirmKey = confirmKey
        self.focusKey = focusKey
        self.filter = filter
    }

    /// Reads the list's parameters; anything malformed falls back to the default quietly
    /// (a bookmark from an older version still opens the list).
    init(request: HTTPRequest) {
        defaults = ListDefaults(request)
        page = Self.pageNumber(request.query("page"))
        editing = request.query("mode") == "edit"
        selecting = request.query("mode") == "select"
        nothingSelected = request.query("none").flatMap { ["delete", "move", "labels"].contains($0) ? $0 : nil }
        confirmKey = request.query("confirm")
        focusKey = request.query("focus")
        filter = Self.filter(search: request.query("q"), sort: request.query("sort") ?? defaults.sort,
                             valuable: request.query("valuable"), photo: request.query("photo"))
        grouping = request.query("group").flatMap(ItemGrouping.init(rawValue:)) ?? defaults.grouping
        Self.readPlaces(into: &filter, location: request.query("location"), sub: request.query("sub"),
                        labels: request.queryItems.filter { $0.name == "label" }.map(\.value))
        Self.readFavourites(into: &filter, request.query("favourites"), member: request.signedIn?.account.id)
    }

    /// The list state carried by a form's hidden fields (Undo, Add), as the member who sent it
    /// sees it (their defaults; their favourites for `favourites=1`).
    init(form: SubmittedForm, request: HTTPRequest) {
        defaults = ListDefaults(request)
        let member = request.signedIn?.account.id
        page = Self.pageNumber(form["page"])
        filter = Self.filter(search: form["q"], sort: form["sort"] ?? defaults.sort, valuable: form["valuable"], photo: form["photo"])
        grouping = form["group"].flatMap(ItemGrouping.init(rawValue:)) ?? defaults.grouping
        Self.readPlaces(into: &filter, location: form["location"], sub: form["sub"], labels: form.values("label"))
        Self.readFavourites(into: &filter, form["favourites"], member: member)
    }

    /// `favourites=1`: only the items `member` starred (issue 26). Nobody's without a member.
    static func readFavourites(into filter: inout ItemQuery, _ value: String?, member: Int64?) {
        if isChecked(value), let member { filter.favouritesOf = member }
    }

    /// `location=KEY|none` (`sub=0`: without its sub-locations) and `label=KEY|none` (repeated:
    /// all of them); anything malformed is left out, as for the other parameters.
    static func readPlaces(into filter: inout ItemQuery, location: String?, sub: String?, labels: [String]) {
        if location == "none" {
            filter.location = .init(key: nil)
        } else if let key = location.flatMap(UUID.init(uuidString:)) {
            filter.location = .init(key: key, includesSublocations: sub != "0")
        }
        filter.unlabelledOnly = labels.contains("none")
        filter = ItemQuery(search: filter.search, sort: filter.sort, descending: filter.descending, valuableOnly: filter.valuableOnly,
                           withPhotoOnly: filter.withPhotoOnly, location: filter.location,
                           labelKeys: labels.compactMap(UUID.init(uuidString:)), unlabelledOnly: filter.unlabelledOnly,
                           favouritesOf: filter.favouritesOf)
    }

    static func filter(search: String?, sort: String?, valuable: String?, photo: String?) -> ItemQuery {
        let (order, descending) = sort.flatMap(Self.sortOptions) ?? (.position, false)
        return ItemQuery(search: search ?? "", sort: order, descending: descending,
                         valuableOnly: isChecked(valuable), withPhotoOnly: isChecked(photo))
    }

    static func isChecked(_ value: String?) -> Bool { value == "1" || value == "on" || value == "true" }

    /// The sorts the list offers, as they appear in `?sort=`, and their meaning (`position`
    /// names the own order in a URL when a member's default is another: ``sortInURL``).
    static let sortParameters: [(parameter: String, sort: ItemQuery.Sort, descending: Bool)] = [
        ("", .position, false), ("position", .position, false),
        ("name", .name, false), ("name-desc", .name, true),
        ("value-desc", .value, true), ("value", .value, false),
        ("date-desc", .date, true), ("date", .date, false),
        ("serial", .serial, false), ("serial-desc", .serial, true),
    ]

    private static func sortOptions(_ parameter: String) -> (ItemQuery.Sort, Bool)? {
        sortParameters.first { $0.parameter == parameter }.map { ($0.sort, $0.descending) }
    }

    /// `?sort=` for `filter`'s order ("" for the member's own order).
    var sortParameter: String {
        Self.sortParameter(filter.sort, descending: filter.descending)
    }

    static func sortParameter(_ sort: ItemQuery.Sort, descending: Bool) -> String {
        sortParameters.first { $0.sort == sort && $0.descending == descending }?.parameter ?? ""
    }

    /// `?sort=` as a URL carries it: nothing for the member's default order, `position` for
    /// their own order when another is their default.
    private var sortInURL: String? {
        let parameter = sortParameter
        guard parameter != defaults.sort else { return nil }
        return parameter.isEmpty ? "position" : parameter
    }

    /// The search, sort and filters only (for the form's fields and hidden copies of them).
    var filterParameters: [(String, String)] {
        var parameters: [(String, String)] = []
        if !filter.search.isEmpty { parameters.append(("q", filter.search)) }
        if let sortInURL { parameters.append(("sort", sortInURL)) }
        if filter.valuableOnly { parameters.append(("valuable", "1")) }
        if filter.withPhotoOnly { parameters.append(("photo", "1")) }
        if filter.favouritesOf != nil { parameters.append(("favourites", "1")) }
        if let location = filter.location {
            parameters.append(("location", location.key?.lowercasedString ?? "none"))
            if !location.includesSublocations { parameters.append(("sub", "0")) }
        }
        for key in filter.labelKeys { parameters.append(("label", key.lowercasedString)) }
        if filter.unlabelledOnly { parameters.append(("label", "none")) }
        if let grouping, grouping != defaults.grouping { parameters.append(("group", grouping.rawValue)) }
        return parameters
    }

    /// The location and label filters: what the search form carries along as hidden fields (its
    /// grouping is its own select).
    var placeParameters: [(String, String)] {
        filterParameters.filter { ["location", "sub", "label"].contains($0.0) }
    }

    /// What brings a link back to this list as it is: search, sort, filters and page.
    var stateParameters: [(String, String)] {
        filterParameters + (page > 1 ? [("page", String(page))] : [])
    }

    /// `?q=…&page=2` — ``stateParameters`` for URLs that return here ("" for the plain list).
    var stateQuery: String { Self.queryString(stateParameters) }

    /// ``stateParameters`` as hidden fields of a form that returns here (`{{#fields}}`).
    var stateFields: MustacheValue {
        .list(stateParameters.map { .object(["name": .string($0.0), "value": .string($0.1)]) })
    }

    /// The list as it is in Select mode.
    static func selectMode(of state: ListQuery) -> ListQuery {
        var query = state.state
        query.selecting = true
        return query
    }

    /// The list as it is, without edit mode, confirmation or focus.
    var state: ListQuery {
        ListQuery(page: page, filter: filter, grouping: grouping, defaults: defaults)
    }

    /// `/items?…` for this query. No `#fragment`: the focused row or Delete button has
    /// `autofocus`, which scrolls it into view, and browsers skip autofocus when a
    /// fragment names an element.
    var url: String {
        var parameters: [(String, String)] = editing ? [("mode", "edit")] : selecting ? [("mode", "select")] : []
        parameters += stateParameters
        if selecting, let nothingSelected { parameters.append(("none", nothingSelected)) }
        if let confirmKey { parameters.append(("confirm", confirmKey)) }
        if let focusKey { parameters.append(("focus", focusKey)) }
        return "/items" + Self.queryString(parameters)
    }

    static func queryString(_ parameters: [(String, String)]) -> String {
        guard !parameters.isEmpty else { return "" }
        return "?" + parameters.map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// Percent-encodes all but RFC 3986's unreserved characters (so `&`, `=`, `+`, `#`, `%`
    /// and non-ASCII letters in a search survive the round trip).
    static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text, spaceAsPlus: false)
    }

    /// A page number from a query or form: 1 unless it is a number in 1…1,000,000 (a list
    /// holds far fewer pages; larger numbers are clamped to the last page when shown).
    static func pageNumber(_ text: String?) -> Int {
        text.flatMap { Int($0) }.flatMap { (1...1_000_000).contains($0) ? $0 : nil } ?? 1
    }

    /// The page (1-based) that shows the item at `index` (0-based), at this list's page size.
    func page(containing index: Int) -> Int { index / pageSize + 1 }

    /// The member's own order, at their page size, at the page holding `index` (0-based): where
    /// a move, restore or import lands.
    static func landing(_ request: HTTPRequest, containing index: Int, editing: Bool = false, focusKey: String?) -> ListQuery {
        let defaults = ListDefaults(request)
        return ListQuery(page: index / defaults.pageSize + 1, editing: editing, focusKey: focusKey, defaults: defaults)
    }
}
