/// The list order in memory: every item's position, sorted, in blocks.
///
/// Positions are gapped integers stored in the `items.position` column; the list index of
/// an item is the rank of its position. SQLite has no order-statistic index, so finding
/// "the item at index 73,512" or "the index of this item" would be a linear `OFFSET` or
/// `count(*)` scan; this structure answers both in O(n/B + log B) with blocks of at most
/// B = 1,024 sorted positions, and inserts or removes in O(n/B + B) (never a memmove of the
/// whole list). It is loaded at open (one covering-index scan) and maintained by the
/// single writer after each commit.
struct ItemOrder: Sendable {
    static let maxBlockCount = 1_024

    private var blocks: [[Int64]] = []
    private(set) var count = 0

    init() {}

    /// Builds the order from positions already sorted ascending.
    init<Positions: Sequence>(sortedPositions: Positions) where Positions.Element == Int64 {
        var block: [Int64] = []
        block.reserveCapacity(Self.maxBlockCount / 2)
        for position in sortedPositions {
            block.append(position)
            if block.count == Self.maxBlockCount / 2 {
                blocks.append(block)
                block.removeAll(keepingCapacity: true)
            }
            count += 1
        }
        if !block.isEmpty { blocks.append(block) }
    }

    var isEmpty: Bool { count == 0 }
    var first: Int64? { blocks.first?.first }
    var last: Int64? { blocks.last?.last }

    /// The position at list index `index` (which must be in `0..<count`).
    func position(at index: Int) -> Int64 {
        let (block, offset) = locate(index: index)
        return blocks[block][offset]
    }

    /// The positions at list indexes `range`, in order.
    func positions(in range: Range<Int>) -> [Int64] {
        guard !range.isEmpty else { return [] }
        var result: [Int64] = []
        result.reserveCapacity(range.count)
        var (block, offset) = locate(index: range.lowerBound)
        while result.count < range.count {
            result.append(blocks[block][offset])
            offset += 1
            if offset == blocks[block].count { block += 1; offset = 0 }
        }
        return result
    }

    /// The number of positions smaller than `position`: its list index when present.
    func rank(of position: Int64) -> Int {
        var index = 0
        for block in blocks {
            guard let last = block.last, last < position else {
                return index + Self.lowerBound(of: position, in: block)
            }
            index += block.count
        }
        return index
    }

    /// The list index of `position`, or `nil` when no item has it.
    func index(of position: Int64) -> Int? {
        let rank = rank(of: position)
        guard rank < count, self.position(at: rank) == position else { return nil }
        return rank
    }

    /// Adds `position` in sorted order.
    mutating func insert(_ position: Int64) {
        guard !blocks.isEmpty else {
            blocks = [[position]]
            count = 1
            return
        }
        // The first block whose last position is >= position, or the last block.
        var target = blocks.count - 1
        for (number, block) in blocks.enumerated() where block.last! >= position {
            target = number
            break
        }
        let offset = Self.lowerBound(of: position, in: blocks[target])
        blocks[target].insert(position, at: offset)
        count += 1
        if blocks[target].count > Self.maxBlockCount {
            let upper = Array(blocks[target][(Self.maxBlockCount / 2)...])
            blocks[target].removeSubrange((Self.maxBlockCount / 2)...)
            blocks.insert(upper, at: target + 1)
        }
    }

    /// Removes `position`; returns whether it was present.
    @discardableResult
    mutating func remove(_ position: Int64) -> Bool {
        for number in blocks.indices where blocks[number].last! >= position {
            let offset = Self.lowerBound(of: position, in: blocks[number])
            guard offset < blocks[number].count, blocks[number][offset] == position else { return false }
            blocks[number].remove(at: offset)
            count -= 1
            if blocks[number].isEmpty { blocks.remove(at: number) }
            return true
        }
        return false
    }

    /// Replaces the positions at indexes `range` with `newPositions` (same count), which must
    /// keep the whole order sorted: the result of renumbering a window.
    mutating func replace(_ range: Range<Int>, with newPositions: [Int64]) {
        precondition(range.count == newPositions.count)
        guard !range.isEmpty else { return }
        var (block, offset) = locate(index: range.lowerBound)
        for position in newPositions {
            blocks[block][offset] = position
            offset += 1
            if offset == blocks[block].count { block += 1; offset = 0 }
        }
    }

    /// Appends `positions`, ascending and all after `last` (an import's items, at the end).
    mutating func append(contentsOf positions: [Int64]) {
        precondition(positions.first.map { position in last.map { $0 < position } ?? true } ?? true)
        var index = 0
        while index < positions.count {
            if blocks.isEmpty || blocks[blocks.count - 1].count >= Self.maxBlockCount / 2 {
                blocks.append([])
                blocks[blocks.count - 1].reserveCapacity(Self.maxBlockCount / 2)
            }
            let room = Self.maxBlockCount / 2 - blocks[blocks.count - 1].count
            let taken = positions[index..<min(positions.count, index + room)]
            blocks[blocks.count - 1].append(contentsOf: taken)
            index += taken.count
            count += taken.count
        }
    }

    /// Every position, in order.
    var allPositions: [Int64] { blocks.flatMap { $0 } }

    private func locate(index: Int) -> (block: Int, offset: Int) {
        precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
        var remaining = index
        for (number, block) in blocks.enumerated() {
            if remaining < block.count { return (number, remaining) }
            remaining -= block.count
        }
        preconditionFailure("ItemOrder blocks do not add up to count")
    }

    private static func lowerBound(of position: Int64, in block: [Int64]) -> Int {
        var low = 0
        var high = block.count
        while low < high {
            let middle = (low + high) / 2
            if block[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
