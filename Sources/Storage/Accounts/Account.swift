import Foundation

/// A member of the household: who can sign in, and what they may do.
public struct Account: Sendable, Equatable, Identifiable {
    public enum Role: String, Sendable, CaseIterable, Comparable {
        /// Everything, plus the members.
        case owner
        /// The items: add, edit, move, delete.
        case editor
        /// Reads only (an insurance adjuster, a lodger).
        case viewer

        public var canEdit: Bool { self != .viewer }
        public var canManageMembers: Bool { self == .owner }
        /// Whether a member with this role may invite someone as `role`: only those who
        /// manage the members, and an invitation is only as good as its maker's role now
        /// (see ``AccountStore/acceptInvitation(tokenHash:username:passwordHash:)``).
        public func mayInvite(as role: Role) -> Bool { canManageMembers && role <= self }

        public static func < (lhs: Role, rhs: Role) -> Bool {
            let order: [Role] = [.viewer, .editor, .owner]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    public let id: Int64
    /// As typed at sign-up, in NFKC (since issue 21; older names as typed); compared
    /// without regard to case.
    public let username: String
    public let role: Role
    public let createdAt: Date
    /// The libxcrypt hash, never the password.
    public let passwordHash: String

    static let columns = "id, username, role, created_at, password_hash"

    init(row: Row, offset: Int32 = 0) {
        id = row[offset]
        username = row[offset + 1]
        role = Role(rawValue: row[offset + 2]) ?? .viewer
        createdAt = row[offset + 3]
        passwordHash = row[offset + 4]
    }
}

/// A signed-in browser: stored by the SHA-256 of its id, never the id itself.
public struct AccountSession: Sendable, Equatable {
    public let idHash: [UInt8]
    public let accountID: Int64
    public let createdAt: Date
    public let lastSeenAt: Date
    /// The browser's User-Agent, shortened, to tell sessions apart on the account page.
    public let userAgent: String

    static let columns = "id_hash, account_id, created_at, last_seen_at, user_agent"

    init(row: Row) {
        idHash = row[0]
        accountID = row[1]
        createdAt = row[2]
        lastSeenAt = row[3]
        userAgent = row[4]
    }

    private init(idHash: [UInt8], accountID: Int64, createdAt: Date, lastSeenAt: Date, userAgent: String) {
        self.idHash = idHash
        self.accountID = accountID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.userAgent = userAgent
    }

    /// The session as it is once its use at `date` is recorded.
    func seen(at date: Date) -> AccountSession {
        AccountSession(idHash: idHash, accountID: accountID, createdAt: createdAt, lastSeenAt: date, userAgent: userAgent)
    }
}

/// A one-time link to join the household with a role.
public struct Invitation: Sendable, Equatable {
    public let tokenHash: [UInt8]
    public let role: Account.Role
    public let createdBy: Int64
    public let createdAt: Date
    public let expiresAt: Date

    static let columns = "token_hash, role, created_by, created_at, expires_at"

    init(row: Row) {
        tokenHash = row[0]
        role = Account.Role(rawValue: row[1]) ?? .viewer
        createdBy = row[2]
        createdAt = row[3]
        expiresAt = row[4]
    }
}

/// Why an ``AccountStore`` operation was refused.
public enum AccountError: Error, Equatable, Sendable {
    case usernameTaken
    /// A reader could take the name for `existing`'s (``UsernameSkeleton``): "аnn" beside "ann".
    case usernameConfusable(existing: String)
    case accountNotFound
    /// The household always keeps an owner: the last one cannot be removed or demoted.
    case lastOwner
    /// Used, expired, unknown, or its maker may no longer invite with its role.
    case invitationInvalid
    /// The account may not invite anyone as that role (it does not manage the members).
    case invitationNotAllowed
    /// A setting's value is longer than any value a setting has (``MemberSettings``).
    case invalidSetting
}
