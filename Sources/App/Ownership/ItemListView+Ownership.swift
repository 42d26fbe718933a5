import Storage

extension ItemListView {
    /// A row's value: `$40`, or `3 × $40` when there is more than one of it (issue 24), so the
    /// row says what the totals count.
    func rowValue(_ item: Item, context: PageContext) -> String {
        let value = formatters.dollars(item.valueInDollars, context.language)
        let quantity = item.ownership.quantity
        return quantity == 1 ? value : context.format("reportTimes", formatters.grouped(quantity, context.language), value)
    }
}
