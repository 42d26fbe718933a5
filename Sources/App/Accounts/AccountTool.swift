import Cryptography
import Foundation
import Storage

/// The account operations of `homepwner users`, with the same rules as the pages
/// (``UsernamePolicy`` and no look-alike of a member's name, NIST password policy,
/// yescrypt, the last owner kept).
public final class AccountTool {
    public enum Problem: Error, CustomStringConvertible {
        case badUsername(String)
        case weakPassword(String)
        case unknownUser(String)
        case badTokenName
        case unknownToken(String)

        public var description: String {
            switch self {
            case .badUsername(let why): "bad username: \(why)"
            case .weakPassword(let why): "weak password: \(why)"
            case .unknownUser(let name): "unknown user \(name)"
            case .badTokenName: "a token name has 1 to 64 characters"
            case .unknownToken(let name): "no token named \(name)"
            }
        }
    }

    let store: ItemStore
    let accounts: AccountStore

    /// The store in `database` (a PostgreSQL URL) when given, else in `dataDirectory`.
    public init(dataDirectory: String, database: String? = nil) throws {
        store = try ItemStore.open(directory: dataDirectory, database: database)
        accounts = AccountStore(store)
    }

    public func close() { store.close() }

    /// The new account, named in NFKC (as the pages name it).
    @discardableResult
    public func add(username: String, password: String, role: Account.Role) throws -> Account {
        let name: String
        switch UsernamePolicy.check(username) {
        case .success(let normalized): name = normalized
        case .failure(let problem): throw Problem.badUsername(Strings.text(problem.rawValue, .english))
        }
        return try accounts.createAccount(username: name, passwordHash: try PasswordHash.make(try checked(password, username: name)), role: role)
    }

    public func list() throws -> [Account] { try accounts.accounts() }

    public func resetPassword(username: String, password: String) throws {
        guard let account = try accounts.account(named: username) else { throw Problem.unknownUser(username) }
        try accounts.setPasswordHash(try PasswordHash.make(try checked(password, username: account.username)), accountID: account.id)
    }

    public func remove(username: String) throws {
        guard let account = try accounts.account(named: username) else { throw Problem.unknownUser(username) }
        try accounts.removeAccount(id: account.id)
    }

    /// A new API token named `name` for `username`; returns the token (stored only hashed).
    public func addToken(name: String, username: String) throws -> String {
        guard let account = try accounts.account(named: username) else { throw Problem.unknownUser(username) }
        let name = name.trimmingWhitespace
        guard !name.isEmpty, name.count <= APITokens.maxNameLength else { throw Problem.badTokenName }
        return try APITokens.create(name: name, for: account, in: accounts)
    }

    /// The member's API tokens, newest first.
    public func tokens(username: String) throws -> [APIToken] {
        guard let account = try accounts.account(named: username) else { throw Problem.unknownUser(username) }
        return try accounts.apiTokens(accountID: account.id)
    }

    /// Revokes the member's token named `name`; throws when they have none by that name.
    public func revokeToken(name: String, username: String) throws {
        guard let account = try accounts.account(named: username) else { throw Problem.unknownUser(username) }
        let matching = try accounts.apiTokens(accountID: account.id).filter { $0.name == name }
        guard !matching.isEmpty else { throw Problem.unknownToken(name) }
        for token in matching { try accounts.revokeAPIToken(id: token.id, accountID: account.id) }
    }

    private func checked(_ password: String, username: String) throws -> String {
        switch PasswordPolicy.check(password, username: username) {
        case .success(let normalized): return normalized
        case .failure(let problem): throw Problem.weakPassword(Strings.text(problem.rawValue, .english))
        }
    }
}
