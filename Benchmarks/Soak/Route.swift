/// The kinds of request the virtual users make, for per-route latency and statuses.
enum Route: Int, CaseIterable, Sendable {
    case list
    case editMode
    case detail
    case photo
    case add
    case draft
    case draftDone
    case itemDone
    case move
    case confirmDelete
    case delete
    case signIn
    case movePage

    var label: String {
        switch self {
        case .list: "GET /items"
        case .editMode: "GET /items?mode=edit"
        case .detail: "GET /items/:key"
        case .photo: "GET /items/:key/photo"
        case .add: "POST /items (Add)"
        case .draft: "GET /drafts/:id"
        case .draftDone: "POST /drafts/:id (Done)"
        case .itemDone: "POST /items/:key (Done)"
        case .move: "POST /items/:key/move"
        case .confirmDelete: "GET /items?mode=edit&confirm="
        case .delete: "POST /items/delete"
        case .signIn: "/sign-in (before the run)"
        case .movePage: "GET /items/:key/move"
        }
    }

    var isGet: Bool {
        switch self {
        case .list, .editMode, .detail, .photo, .draft, .confirmDelete, .movePage: true
        case .add, .draftDone, .itemDone, .move, .delete, .signIn: false
        }
    }
}

/// What a virtual user does next: the realistic mix of issue 9 — 90 % reading (list,
/// edit mode, the detail dialog, photos), 10 % changing (Add→Done, edit→Done, move,
/// delete). Each action may take several requests (Add is POST, GET, POST).
enum Action: Int, CaseIterable, Sendable {
    case list
    case editMode
    case detail
    case photo
    /// Add→Done when the user owns no item of its own, else delete that item: adds and
    /// deletes alternate, so the list stays between the seeded count and one more per user.
    case addOrDelete
    case edit
    case move

    /// Weights in per mille.
    var weight: Int {
        switch self {
        case .list: 300
        case .editMode: 150
        case .detail: 250
        case .photo: 200
        case .addOrDelete: 50
        case .edit: 30
        case .move: 20
        }
    }

    var label: String {
        switch self {
        case .list: "list"
        case .editMode: "edit mode"
        case .detail: "detail"
        case .photo: "photo"
        case .addOrDelete: "add/delete"
        case .edit: "edit→Done"
        case .move: "move"
        }
    }

    /// Picks an action by weight.
    static func pick(using random: inout some RandomNumberGenerator) -> Action {
        var roll = Int.random(in: 0..<1000, using: &random)
        for action in allCases {
            if roll < action.weight { return action }
            roll -= action.weight
        }
        return .list
    }
}

/// SplitMix64: a small, fast generator, seeded per virtual user so runs repeat.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
