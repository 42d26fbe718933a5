/// How many rows a part of the list has, how many things they are (each row counted by its
/// quantity) and what they are worth (value × quantity): rows cut pages, units and total are
/// what pages say. `nil` units and total: not counted (a search counted by its index alone).
public struct Tally: Sendable, Equatable {
    public var count: Int
    public var total: Int?
    public var units: Int?

    public init(count: Int, total: Int?, units: Int?) {
        self.count = count
        self.total = total
        self.units = units
    }

    public static let zero = Tally(count: 0, total: 0, units: 0)

    /// What is left of `lhs` without `rhs` (the items of no label: all less the labelled).
    static func - (lhs: Tally, rhs: Tally) -> Tally {
        let subtract = { (a: Int?, b: Int?) -> Int? in
            guard let a, let b else { return nil }
            return a - b
        }
        return Tally(count: lhs.count - rhs.count, total: subtract(lhs.total, rhs.total), units: subtract(lhs.units, rhs.units))
    }

    static func + (lhs: Tally, rhs: Tally) -> Tally {
        let add = { (a: Int?, b: Int?) -> Int? in
            guard let a, let b else { return nil }
            return a.addingReportingOverflow(b).overflow ? Int.max : a + b
        }
        return Tally(count: lhs.count + rhs.count, total: add(lhs.total, rhs.total), units: add(lhs.units, rhs.units))
    }
}
