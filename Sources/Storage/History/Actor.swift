/// Who made a change, as history records it: a member (their id and name at the time), or
/// the system (seeding, purging, a command-line tool).
public struct Actor: Sendable, Equatable {
    public let accountID: Int64?
    public let name: String

    public init(accountID: Int64?, name: String) {
        self.accountID = accountID
        self.name = name
    }

    /// Changes no member made.
    public static let system = Actor(accountID: nil, name: "")
}
