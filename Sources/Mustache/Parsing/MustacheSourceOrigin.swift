/// Where a piece of source compiled on its own sits in its template: a standalone block's
/// content starts on a later line and has lost its indentation (every tag in it sits on a
/// line that lost exactly that much), so its positions shift by both.
struct MustacheSourceOrigin: Equatable {
    var lineOffset = 0
    var columnOffset = 0

    static let start = MustacheSourceOrigin()
}
