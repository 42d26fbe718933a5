import Foundation
import Storage

/// What an open page says of a write someone made (issue 25 point 4): "Ann added Digital
/// camera", "Bob deleted 3 items", in the reader's language. Said of the write's main act —
/// an import, then additions, deletions, restorations, moves, then changes — as its history
/// entries record it; nothing for a write that recorded none (a reorder of photos in a draft).
enum LiveChangeMessage {
    /// The acts a message can name, the first one present naming the write.
    enum Act: CaseIterable {
        case imported, added, deleted, restored, moved, changed

        init(_ kind: HistoryEntry.Kind) {
            switch kind {
            case .imported: self = .imported
            case .created: self = .added
            case .deleted: self = .deleted
            case .restored: self = .restored
            case .moved: self = .moved
            case .updated, .photoAdded, .photoReplaced, .photoRemoved, .coverChanged, .photosReordered,
                 .documentAdded, .documentRemoved: self = .changed
            }
        }

        /// The string keys: one item (`{0}` the actor, `{1}` its name) and several, a plural
        /// message (`{1}` the count). An import is always counted.
        var keys: (one: String, many: String) {
            switch self {
            case .imported: ("liveImported", "liveImported")
            case .added: ("liveAdded", "liveAddedMany")
            case .deleted: ("liveDeleted", "liveDeletedMany")
            case .restored: ("liveRestored", "liveRestoredMany")
            case .moved: ("liveMoved", "liveMovedMany")
            case .changed: ("liveChanged", "liveChangedMany")
            }
        }
    }

    /// The sentence for `change`, or nil when it recorded nothing to tell. `name` gives an
    /// item's name as it is now (nil when it is gone for good: then it is counted, not named).
    static func text(for change: StoreChange, in language: Language, name: (UUID) -> String?) -> String? {
        guard let act = Act.allCases.first(where: { act in change.entries.contains { Act($0.kind) == act } }) else { return nil }
        let entries = change.entries.filter { Act($0.kind) == act }
        let actorName = entries.first?.actor.name ?? ""
        let actor = actorName.isEmpty ? Strings.text("liveSomeone", language) : actorName
        let keys = Set(entries.map(\.itemKey))
        let count = change.truncated ? max(change.itemCount, keys.count) : keys.count
        if act != .imported, count == 1, let key = keys.first {
            return Strings.format(act.keys.one, language, [actor, name(key) ?? Strings.text("liveAnItem", language)])
        }
        return Strings.plural(act.keys.many, count: count, language, [actor, String(count)])
    }
}
