/// A slot's sizes along the main axis: the slot's own settings over the format's.
struct SlotSizes {
    let fixed: Double?
    let minimum: Double?
    let maximum: Double?

    init(view: VisualFormat.View, slot: LayoutSlot) {
        func constant(_ relation: LayoutRelation) -> Double? {
            view.size.first { $0.relation == relation }?.constant
        }
        fixed = slot.fixedSize ?? constant(.equal)
        minimum = slot.minimumSize ?? constant(.greaterThanOrEqual)
        maximum = slot.maximumSize ?? constant(.lessThanOrEqual)
    }
}
