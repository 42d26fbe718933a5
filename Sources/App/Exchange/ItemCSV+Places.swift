import Foundation
import Storage

/// The Location and Labels columns (issue 23 point 7): a location as its path of names joined
/// by " > " ("Home > Kitchen"), labels by name joined by "; ". Read back, a path is split at
/// every `>` and a list at every `;`, each name trimmed, so a hand-made file may leave out the
/// spaces (a name holding `>` or `;` reads as two names: the README says so).
extension ItemCSV {
    static let pathSeparator = " > "
    static let labelSeparator = "; "

    /// Location paths and label names by key, read once per export.
    struct PlaceNames {
        private let paths: [UUID: String]
        /// Each label's name and its place in the store's order (by folded name).
        private let labels: [UUID: (order: Int, name: String)]

        init(_ lookup: PlaceLookup) {
            paths = Dictionary(uniqueKeysWithValues: lookup.tree.locations.map { ($0.key, $0.path.joined(separator: pathSeparator)) })
            labels = Dictionary(lookup.labels.enumerated().map { ($1.key, ($0, $1.name)) }, uniquingKeysWith: { first, _ in first })
        }

        /// The cell of an item's location ("" for none).
        func location(_ key: UUID?) -> String { key.flatMap { paths[$0] } ?? "" }

        /// The cell of an item's labels, in the labels' own order.
        func labels(_ keys: [UUID]) -> String {
            keys.compactMap { labels[$0] }.sorted { $0.order < $1.order }.map(\.name).joined(separator: labelSeparator)
        }
    }

    /// Why a Location or Labels cell cannot be imported (the preview says it, row by row).
    enum CellProblem: Error, Equatable {
        case emptyName
        case tooDeep(levels: Int)
        case nameTooLong
        case labelTooLong(String)
        case tooManyLabels(Int)
    }

    /// A Location cell as a path of names (none when empty), checked with the store's limits.
    static func locationPath(_ cell: String) -> Result<[String], CellProblem> {
        guard !cell.trimmingWhitespace.isEmpty else { return .success([]) }
        let names = cell.split(separator: ">", omittingEmptySubsequences: false).map { placeName($0) }
        if names.contains(where: \.isEmpty) { return .failure(.emptyName) }
        if names.count > ItemStore.maxLocationDepth { return .failure(.tooDeep(levels: names.count)) }
        if names.contains(where: { $0.count > ItemStore.maxLocationNameLength }) { return .failure(.nameTooLong) }
        return .success(names)
    }

    /// A Labels cell as names (empty pieces, as after a trailing `;`, skipped).
    static func labelNames(_ cell: String) -> Result<[String], CellProblem> {
        let names = cell.split(separator: ";").map { placeName($0) }.filter { !$0.isEmpty }
        if let long = names.first(where: { $0.count > ItemStore.maxLabelNameLength }) { return .failure(.labelTooLong(long)) }
        let distinct = Set(names.map(PlaceLookup.folded)).count
        if distinct > ItemStore.maxLabelsPerItem { return .failure(.tooManyLabels(distinct)) }
        return .success(names)
    }

    /// A name trimmed, a line break inside it (a quoted cell may hold one) read as a space:
    /// names are one line.
    private static func placeName(_ text: Substring) -> String {
        String(text.map { $0.isNewline ? " " : $0 }).trimmingCharacters(in: .whitespaces)
    }
}
