import Testing
@testable import Storage

@Suite("ItemOrder (the in-memory order)")
struct ItemOrderTests {
    @Test("Inserts, removes, ranks and replacements match a sorted array")
    func matchesSortedArray() {
        var generator = SystemRandomNumberGenerator()
        var model: [Int64] = []
        var order = ItemOrder()
        for step in 0..<20_000 {
            if model.isEmpty || Int.random(in: 0..<3, using: &generator) > 0 {
                let position = Int64.random(in: -1_000_000...1_000_000, using: &generator)
                guard !model.contains(position) else { continue }
                model.insert(position, at: model.firstIndex { $0 > position } ?? model.count)
                order.insert(position)
            } else {
                let position = model.remove(at: Int.random(in: 0..<model.count, using: &generator))
                let removed = order.remove(position)
                #expect(removed)
            }
            if step.isMultiple(of: 997) {
                #expect(order.allPositions == model)
                #expect(order.count == model.count)
                let index = Int.random(in: 0..<model.count, using: &generator)
                #expect(order.position(at: index) == model[index])
                #expect(order.index(of: model[index]) == index)
                #expect(order.positions(in: index..<min(model.count, index + 50)) == Array(model[index..<min(model.count, index + 50)]))
            }
        }
        let removedMissing = order.remove(2_000_000)
        #expect(!removedMissing)
        #expect(order.index(of: 2_000_000) == nil)
        #expect(order.first == model.first)
        #expect(order.last == model.last)
        let rebuilt = ItemOrder(sortedPositions: model)
        #expect(rebuilt.allPositions == model)
        if model.count > 10 {
            var replaced = rebuilt
            let window = 3..<9
            let fresh = (0..<6).map { model[2] + 1 + Int64($0) }
            replaced.replace(window, with: fresh)
            var expected = model
            expected.replaceSubrange(window, with: fresh)
            if expected == expected.sorted() { #expect(replaced.allPositions == expected) }
        }
    }
}
