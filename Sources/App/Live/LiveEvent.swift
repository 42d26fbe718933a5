import Foundation
import Storage

/// A change as one server-sent event of `/events` (issue 25 point 4).
///
/// Its id is the server run's identifier and the revision (`"k3f9…-42"`): a page that
/// reconnects sends it back as `Last-Event-ID`, and only this run of this server can say what
/// came after it (revisions restart at 0 with each run), so an id from another run, or one
/// this run no longer remembers, gets a `reload` event instead of a replay.
struct LiveEvent: Equatable {
    /// The SSE event name: `change` for a write, `reload` when the page must read itself again.
    let name: String
    let id: String
    /// One line of JSON.
    let data: String

    static func id(run: String, revision: Int) -> String { "\(run)-\(revision)" }

    /// The revision a `Last-Event-ID` names, when it was given by this run; nil otherwise.
    static func revision(lastEventID: String?, run: String) -> Int? {
        guard let lastEventID, lastEventID.hasPrefix(run + "-") else { return nil }
        let digits = lastEventID.dropFirst(run.count + 1)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCII), let revision = Int(digits), revision >= 0 else {
            return nil
        }
        return revision
    }

    /// `{"revision":42,"fieldsOnly":true,"items":["…"],"actor":"Ann","message":"Ann changed Lamp"}`:
    /// what the page redoes (the rows of `items` in place when `fieldsOnly`, else its list) and,
    /// unless the member made the change (then `"mine": true`), what it says.
    static func change(_ change: StoreChange, run: String, message: String?, mine: Bool = false) throws -> LiveEvent {
        var object: [String: Any] = [
            "revision": change.revision,
            "fieldsOnly": change.fieldsOnly,
            "items": change.itemKeys.map(\.lowercasedString),
            "truncated": change.truncated,
        ]
        if let actor = change.entries.first?.actor, !actor.name.isEmpty { object["actor"] = actor.name }
        if let message { object["message"] = message }
        if mine { object["mine"] = true }
        return LiveEvent(name: "change", id: id(run: run, revision: change.revision), data: try json(object))
    }

    /// Tells a page that it missed changes this run can no longer list: read the page again.
    static func reload(run: String, revision: Int) throws -> LiveEvent {
        LiveEvent(name: "reload", id: id(run: run, revision: revision), data: try json(["revision": revision]))
    }

    private static func json(_ object: [String: Any]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
