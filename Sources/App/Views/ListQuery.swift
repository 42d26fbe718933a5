import HTTP

/// How the list is being looked at: which page, edit mode, a row asking to confirm
/// its deletion, a row to focus on return from the dialog.
struct ListQuery: Sendable, Equatable {
    static let pageSize = 100

    var page: Int = 1
    var editing = false
    var confirmKey: String?
    var focusKey: String?

    init(page: Int = 1, editing: Bool = false, confirmKey: String? = nil, focusKey: String? = nil) {
        self.page = page
        self.editing = editing
        self.confirmKey = confirmKey
        self.focusKey = focusKey
    }

    init(request: HTTPRequest) {
        page = request.query("page").flatMap { Int($0) }.map { max(1, $0) } ?? 1
        editing = request.query("mode") == "edit"
        confirmKey = request.query("confirm")
        focusKey = request.query("focus")
    }

    /// `/items?…` for this query. No `#fragment`: the focused row or Delete button has
    /// `autofocus`, which scrolls it into view, and browsers skip autofocus when a
    /// fragment names an element.
    var url: String {
        var parameters: [String] = []
        if editing { parameters.append("mode=edit") }
        if page > 1 { parameters.append("page=\(page)") }
        if let confirmKey { parameters.append("confirm=\(confirmKey)") }
        if let focusKey { parameters.append("focus=\(focusKey)") }
        return "/items" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// The page (1-based) that shows the item at `index` (0-based).
    static func page(containing index: Int) -> Int { index / pageSize + 1 }
}
