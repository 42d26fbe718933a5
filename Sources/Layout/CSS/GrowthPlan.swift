/// Who grows in a row, worked out once per spec (see ``PriorityLevels`` for why growth).
struct GrowthPlan {
    let levels: PriorityLevels
    /// The views with the lowest content hugging, when it is below required.
    let growers: Set<String>
    /// Views that take the leftover room themselves.
    private let filling: Set<String>
    /// The view whose end margin is `auto` when no grower can fill, else `nil`.
    let absorber: String?

    init(spec: LayoutSpec, format: VisualFormat) {
        let views = format.views.filter { SlotSizes(view: $0, slot: spec.slot($0.name)).fixed == nil }
        let squeezable = views.filter { spec.slot($0.name).compressionResistance < .required }
        levels = PriorityLevels(squeezable.map { spec.slot($0.name).compressionResistance })
        let lowest = views.map { spec.slot($0.name).hugging }.min()
        let growing = lowest.map { low in low < .required ? views.filter { spec.slot($0.name).hugging == low } : [] } ?? []
        growers = Set(growing.map(\.name))
        let levels = levels
        filling = Set(growing.filter { view in
            let resistance = spec.slot(view.name).compressionResistance
            return resistance < .required ? levels.rank(of: resistance) == 0 : squeezable.isEmpty
        }.map(\.name))
        if format.axis == .horizontal, !growing.isEmpty, filling.isEmpty {
            let flexible = format.spacings.firstIndex(where: \.isFlexible)
            absorber = flexible.map { format.views[$0].name } ?? growing[0].name
        } else {
            absorber = nil
        }
    }

    func fills(_ name: String) -> Bool { filling.contains(name) }
}
