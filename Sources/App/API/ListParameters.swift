import HTTP
import Storage

/// The list's query parameters as the API takes them: the list page's `q`, `sort`,
/// `valuable`, `photo` and `favourites` (read by ``ListQuery``) and `page`, but checked strictly — a
/// script that sends a wrong value hears 422 instead of getting the default quietly.
enum ListParameters {
    static let flagValues: Set<String> = ["1", "0", "true", "false"]
    /// `?sort=` values: the list page's, with `position` for its own order.
    static var sortValues: [String] { ["position"] + ListQuery.sortParameters.map(\.parameter).filter { !$0.isEmpty && $0 != "position" } }
    static let maxPage = 1_000_000

    static func parse(_ request: HTTPRequest) throws -> (filter: ItemQuery, page: Int) {
        var errors: [ProblemDetails.FieldError] = []
        var page = 1
        if let text = request.query("page") {
            if let number = Int(text), (1...maxPage).contains(number) { page = number } else { errors.append(.init(field: "page", message: "apiErrorPage")) }
        }
        let search = request.query("q") ?? ""
        // Counted in code points, as JSON Schema's maxLength is.
        if search.unicodeScalars.count > ItemQuery.maxSearchLength { errors.append(.init(field: "q", message: "apiErrorSearchLong")) }
        let sort = request.query("sort")
        if let sort, !sortValues.contains(sort) { errors.append(.init(field: "sort", message: "apiErrorSort")) }
        for name in ["valuable", "photo", "favourites"] {
            if let value = request.query(name), !flagValues.contains(value) { errors.append(.init(field: name, message: "apiErrorFlag")) }
        }
        guard errors.isEmpty else { throw ProblemDetails.invalid(errors) }
        var filter = ListQuery.filter(search: search, sort: sort == "position" ? nil : sort, valuable: request.query("valuable"), photo: request.query("photo"))
        ListQuery.readFavourites(into: &filter, request.query("favourites"), member: request.signedIn?.account.id)
        return (filter, page)
    }
}
