import Storage

/// A price in dollars and cents as people type it (`449.99`, `$1,299.50`, `1 299,5`), read by
/// ``MoneyInput``'s rules for separators and signs, and kept exactly, in cents (issue 24: the
/// purchase price). Unlike an item's value it is never rounded: a third decimal is refused.
///
///     CentsInput.parse("$1,299.5")  // .success(129_950)
///     CentsInput.parse("12.345")    // .failure(.tooPrecise)
enum CentsInput {
    enum Failure: Error, Sendable, Equatable {
        case empty, notANumber, negative, tooPrecise, tooLarge
    }

    /// The amount in cents, at most ``ItemOwnership/maxPriceCents``.
    static func parse(_ text: String) -> Result<Int, Failure> {
        switch MoneyInput.digits(text) {
        case .failure(.empty): return .failure(.empty)
        case .failure(.negative): return .failure(.negative)
        case .failure(.tooLarge): return .failure(.tooLarge)
        case .failure(.notANumber): return .failure(.notANumber)
        case .success(let (whole, fraction)):
            // Zeros after the cents say nothing ("12.50" and "12.500" are both $12.50).
            guard fraction.dropFirst(2).allSatisfy({ $0 == "0" }) else { return .failure(.tooPrecise) }
            let cents = fraction.prefix(2)
            let limit = String(ItemOwnership.maxPriceCents / 100)
            guard whole.count <= limit.count else { return .failure(.tooLarge) }
            let dollars = whole.reduce(0) { $0 * 10 + Int($1.asciiValue! - 48) }
            let padded = cents + String(repeating: "0", count: 2 - cents.count)
            let total = dollars * 100 + padded.reduce(0) { $0 * 10 + Int($1.asciiValue! - 48) }
            guard total <= ItemOwnership.maxPriceCents else { return .failure(.tooLarge) }
            return .success(total)
        }
    }

    /// `1299.50`: cents as a decimal with two places and no grouping, which every spreadsheet,
    /// script and this parser read back the same.
    static func text(_ cents: Int) -> String {
        let magnitude = cents.magnitude
        let fraction = String(magnitude % 100)
        return (cents < 0 ? "-" : "") + String(magnitude / 100) + "." + (fraction.count == 1 ? "0" + fraction : fraction)
    }
}
