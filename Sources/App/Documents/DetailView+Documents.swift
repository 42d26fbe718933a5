import Storage

extension DetailView {
    /// "Receipt “Store receipt” added" / "… removed", in the page's language.
    func describeDocument(_ entry: HistoryEntry, context: PageContext) -> String {
        let kind = DocumentNames.kindName(entry.documentKind ?? .other, context.language)
        if entry.kind == .documentAdded { return context.format("historyDocumentAdded", kind, entry.newValue ?? "") }
        return context.format("historyDocumentRemoved", kind, entry.oldValue ?? "")
    }
}
