import Foundation

/// A tag: any number per item, any number of items per label. Its colour is one of a fixed
/// palette whose chips keep WCAG AA contrast in light and dark mode; its name is always shown
/// with it, so colour is never the only cue.
public struct Label: Sendable, Equatable, Identifiable {
    public let key: UUID
    public let name: String
    public let color: Color
    public let version: Int

    public var id: UUID { key }

    /// The palette. The App draws each as a chip (see app.css, `.label-chip--<name>`).
    public enum Color: String, Sendable, CaseIterable {
        case gray, red, orange, yellow, green, teal, blue, indigo, purple, pink
    }
}

/// Where an item is and how it is labelled: what the dialog's Location and Labels save.
public struct ItemPlacement: Sendable, Hashable {
    /// `nil`: no location (the list's "No location" section).
    public var locationKey: UUID?
    /// Each label once; the order does not matter (items show them by name).
    public var labelKeys: [UUID]

    public init(locationKey: UUID? = nil, labelKeys: [UUID] = []) {
        self.locationKey = locationKey
        var seen = Set<UUID>()
        self.labelKeys = labelKeys.filter { seen.insert($0).inserted }
    }

    public static let nowhere = ItemPlacement()

    /// Labels compare as a set: the same labels in another order are the same placement.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.locationKey == rhs.locationKey && Set(lhs.labelKeys) == Set(rhs.labelKeys)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locationKey)
        hasher.combine(Set(labelKeys))
    }
}
