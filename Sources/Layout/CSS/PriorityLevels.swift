/// How compression resistance and hugging become flexbox, for a horizontal main axis.
///
/// Flexbox `flex-shrink` cannot express "squeeze this one first, then that one": shrinking is
/// weighted by each item's flex basis, so a long serial number shrinks alongside a short
/// date, and an ellipsis appears on both. Wrapping (`flex-wrap`) also happens before any
/// shrinking. So the compiler turns the problem around and *grows* instead:
///
/// - every squeezable slot (compression resistance below required) starts from
///   `flex-basis: 0` with `flex-shrink: 0` and `max-width: max-content`;
/// - its `flex-grow` is `10000^rank`, rank 0 for the lowest compression resistance, so the
///   free space goes to the highest-resistance slot until it reaches its content width and
///   freezes (flexbox's min/max freezing loop), then to the next, and the lowest one gets
///   what is left — it is the one that ellipsises, the others are whole. The share a lower
///   rank receives while a higher one is still unfrozen is at most 1/10000 of the free space:
///   a fraction of a pixel of an element that is meant to be empty anyway;
/// - a required slot is `flex: 0 0 auto; min-width: max-content` — never narrower than its
///   content; with a `.wrap` variant it becomes the highest rank instead, so it is filled
///   first and may wrap its text as the very last resort;
/// - hugging: the lowest-hugging slot takes the room left when everyone has their content
///   width. If it is also the lowest rank it simply has no `max-width` (a title, an input);
///   otherwise (a name that resists compression strongly) the leftover room goes to an auto
///   margin after it — or after the slot before the first `(>=x)` spacing — so the text stays
///   where it is and the row is still exactly filled.
///
/// Because every squeezable slot's hypothetical size is its minimum, a wrapping container
/// only starts a new line when even the minimums do not fit: wrapping is the last resort too.
struct PriorityLevels {
    /// The `flex-grow` ratio between adjacent ranks.
    static let step = 10_000.0
    /// The most distinct levels a spec may use (``LayoutSpec`` checks): the top rank's
    /// weight, 10,000^8 = 1e32, stays within a 32-bit float, as browsers store `flex-grow`.
    static let maxLevels = 8

    /// The distinct compression resistances of squeezable slots, ascending.
    let levels: [LayoutPriority]

    init(_ resistances: [LayoutPriority]) {
        levels = Set(resistances).sorted()
    }

    func rank(of priority: LayoutPriority) -> Int {
        levels.firstIndex(of: priority) ?? 0
    }

    /// The rank above every squeezable slot, for required slots that may wrap.
    var topRank: Int { levels.count }

    static func weight(rank: Int) -> String {
        var value = 1.0
        for _ in 0..<rank { value *= step }
        return CSSLength.number(value)
    }
}
