import Foundation

/// What the household keeps where: the count and total value of the listed items of each
/// location (its own, and rolled up through its sub-locations), of no location, of each label
/// and of no label — the room-by-room figures an insurer asks for.
public struct PlaceTotals: Sendable, Equatable {
    /// A number of things and what they are worth, in whole dollars: each item counted by its
    /// quantity and worth its value times it (a row of 3 chairs at $40 is 3 and $120).
    public struct Figures: Sendable, Equatable {
        public var count: Int
        public var value: Int

        public init(count: Int = 0, value: Int = 0) {
            self.count = count
            self.value = value
        }

        public static let zero = Figures()

        static func + (lhs: Figures, rhs: Figures) -> Figures {
            Figures(count: lhs.count + rhs.count, value: lhs.value + rhs.value)
        }
    }

    /// The figures of each location of `tree`, and of the items in none.
    public struct Locations: Sendable, Equatable {
        public let tree: LocationTree
        /// Each location's own items (not its sub-locations').
        public let own: [UUID: Figures]
        /// Each location's own items and those of every location inside it.
        public let rolledUp: [UUID: Figures]
        public let noLocation: Figures
        /// Every listed item.
        public let all: Figures

        /// `own` holds each location's own figures; the rolled-up ones are summed from the
        /// deepest up, so each location is visited once.
        init(tree: LocationTree, own: [UUID: Figures], noLocation: Figures) {
            var rolledUp = own
            for location in tree.locations.reversed() {
                guard let parent = location.parentKey else { continue }
                rolledUp[parent, default: .zero] = rolledUp[parent, default: .zero] + rolledUp[location.key, default: .zero]
            }
            self.tree = tree
            self.own = own
            self.rolledUp = rolledUp
            self.noLocation = noLocation
            all = tree.children(of: nil).reduce(noLocation) { $0 + rolledUp[$1.key, default: .zero] }
        }

        public func own(_ key: UUID) -> Figures { own[key] ?? .zero }
        public func rolledUp(_ key: UUID) -> Figures { rolledUp[key] ?? .zero }
    }

    /// One label's figures.
    public struct LabelEntry: Sendable, Equatable {
        public let label: Label
        public let figures: Figures
    }

    /// Every label by name with its figures, and the items that have none.
    public struct Labels: Sendable, Equatable {
        public let entries: [LabelEntry]
        public let noLabel: Figures

        public func figures(of key: UUID) -> Figures {
            entries.first { $0.label.key == key }?.figures ?? .zero
        }
    }

    public let locations: Locations
    public let labels: Labels
}
