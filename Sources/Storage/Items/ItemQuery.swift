import Foundation

/// What part of the list to show, and in which order: a search, filters and a sort, as
/// they travel in the list page's URL.
public struct ItemQuery: Sendable, Hashable {
    /// Only the items of one location (with or without what is inside it), or of none.
    public struct LocationFilter: Sendable, Hashable {
        /// `nil`: the items that have no location.
        public var key: UUID?
        public var includesSublocations: Bool

        public init(key: UUID?, includesSublocations: Bool = true) {
            self.key = key
            self.includesSublocations = includesSublocations
        }
    }

    public enum Sort: String, Sendable, CaseIterable {
        /// The member's own order (the default; the only one edit mode reorders).
        case position
        case name, value, date, serial
    }

    /// Words to find in names and serial numbers (any part of a word: "ear" finds "Shiny Bear").
    public var search: String
    public var sort: Sort
    public var descending: Bool
    /// Only items worth the household's high-value threshold or more (``ItemStore/valuableThreshold``).
    public var valuableOnly: Bool
    public var withPhotoOnly: Bool
    public var location: LocationFilter?
    /// Only items that have every one of these labels.
    public var labelKeys: [UUID]
    /// Only items without any label.
    public var unlabelledOnly: Bool
    /// Only the items this member (an account's id) starred (issue 26): a member's own view,
    /// so a query with it is never shared between members.
    public var favouritesOf: Int64?

    /// The tutorial's value cue: $50 or more is marked, and is what "High value" filters,
    /// until the household sets its own (``ItemStore/setValuableThreshold(_:actor:)``).
    public static let defaultValuableThreshold = 50
    /// Longer searches are cut here: nobody types more, and the index need not see it.
    public static let maxSearchLength = 200

    public init(search: String = "", sort: Sort = .position, descending: Bool = false,
                valuableOnly: Bool = false, withPhotoOnly: Bool = false, location: LocationFilter? = nil,
                labelKeys: [UUID] = [], unlabelledOnly: Bool = false, favouritesOf: Int64? = nil) {
        // Control characters (NUL ends a string for SQLite's query parser) are never in a name.
        let printable = search.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }
        self.search = String(String(printable).prefix(Self.maxSearchLength))
        self.sort = sort
        self.descending = descending
        self.valuableOnly = valuableOnly
        self.withPhotoOnly = withPhotoOnly
        self.location = location
        var seen = Set<UUID>()
        self.labelKeys = Array(labelKeys.filter { seen.insert($0).inserted }.prefix(Self.maxLabelFilters))
        self.unlabelledOnly = unlabelledOnly
        self.favouritesOf = favouritesOf
    }

    /// A URL names a few labels at most; more are ignored.
    public static let maxLabelFilters = 10

    /// Whether it keeps only a location's or labels' items (a page of one place).
    public var filtersPlaces: Bool { location != nil || !labelKeys.isEmpty || unlabelledOnly }

    /// The whole list in the member's own order.
    public var isDefault: Bool {
        search.isEmpty && sort == .position && !descending && !valuableOnly && !withPhotoOnly && !filtersPlaces && favouritesOf == nil
    }

    /// Whether the page shows the member's own order (so edit mode may reorder it).
    public var showsOwnOrder: Bool { sort == .position && !descending }
}
