/// A small model of CSS flexbox's "resolve flexible lengths" (CSS Flexbox §9.7) for one line,
/// run on the generated declarations, to show which slot a too-narrow row truncates first
/// without a browser. Content widths and lengths in px (1rem = 16px).
struct FlexSimulator {
    struct Item {
        var name: String
        var margin: Double
        var base: Double
        var grow: Double
        var min: Double
        var max: Double
        var content: Double
    }

    let items: [Item]
    let padding: Double

    /// Builds the items for a row's slots from the generated CSS and the slots' content widths.
    init(css: GeneratedCSS, container: String, slots: [(className: String, content: Double)]) {
        let box = css.declarations("." + container)
        padding = Self.px(box["padding-inline-start"]) + Self.px(box["padding-inline-end"])
        items = slots.enumerated().map { index, slot in
            let d = css.declarations("." + slot.className)
            func length(_ value: String?, otherwise: Double) -> Double {
                switch value {
                case nil, "none"?: otherwise
                case "max-content"?: slot.content
                case "auto"?: slot.content
                default: Self.px(value)
                }
            }
            return Item(
                name: slot.className,
                margin: index == 0 ? 0 : Self.px(d["margin-inline-start"]),
                base: length(d["flex-basis"], otherwise: slot.content),
                grow: Double(d["flex-grow"] ?? "0") ?? 0,
                min: length(d["min-width"], otherwise: 0),
                max: length(d["max-width"], otherwise: .infinity),
                content: slot.content)
        }
    }

    /// The used widths in a container `width` px wide (growing only: the generated rows never shrink).
    func widths(in width: Double) -> [String: Double] {
        var target = items.map { Swift.max($0.min, Swift.min($0.base, $0.max)) }
        var frozen = items.map { $0.grow == 0 }
        let space = width - padding - items.reduce(0) { $0 + $1.margin }
        while frozen.contains(false) {
            let used = items.indices.reduce(0.0) { $0 + (frozen[$1] ? target[$1] : items[$1].base) }
            let free = space - used
            let growSum = items.indices.filter { !frozen[$0] }.reduce(0.0) { $0 + items[$1].grow }
            var violation = 0.0
            var clamped: [Int: Double] = [:]
            for i in items.indices where !frozen[i] {
                let wanted = items[i].base + free * items[i].grow / growSum
                let fixed = Swift.max(items[i].min, Swift.min(wanted, items[i].max))
                violation += fixed - wanted
                clamped[i] = fixed
                target[i] = fixed
            }
            for (i, value) in clamped {
                let wanted = items[i].base + free * items[i].grow / growSum
                if violation == 0 || (violation > 0 && value > wanted) || (violation < 0 && value < wanted) {
                    frozen[i] = true
                }
            }
        }
        return Dictionary(uniqueKeysWithValues: items.indices.map { (items[$0].name, target[$0]) })
    }

    /// The slots in the order they start being truncated as the row narrows from `from` to `to` px.
    func truncationOrder(from: Double, to: Double) -> [String] {
        var order: [String] = []
        var width = from
        while width >= to {
            let used = widths(in: width)
            for item in items where used[item.name]! < item.content - 0.5 && !order.contains(item.name) {
                order.append(item.name)
            }
            width -= 1
        }
        return order
    }

    static func px(_ value: String?) -> Double {
        guard let value else { return 0 }
        if value.hasSuffix("rem") { return (Double(value.dropLast(3)) ?? 0) * 16 }
        if value.hasSuffix("px") { return Double(value.dropLast(2)) ?? 0 }
        return Double(value) ?? 0
    }
}
