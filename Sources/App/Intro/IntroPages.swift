import HTTP
import Storage

/// The introduction's three pages (the iOS examples' first-run pages): what Homepwner is for;
/// adding an item and its photo; edit mode, search and Recently Deleted. What each says and
/// shows, and the addresses between them.
///
/// Page 1 is `/intro`, the others `/intro/2` and `/intro/3`; each carries `next`, where the
/// member was going, unless that is the list (the usual case keeps the address short).
enum IntroPages {
    struct Page: Sendable {
        /// The string keys of its heading, its text and its illustration's description.
        let heading: String
        let text: String
        let picture: String
        /// Which illustration (`Templates/intro/art-<name>.mustache`) it shows.
        let art: String
    }

    static let pages: [Page] = [
        Page(heading: "introListHeading", text: "introListText", picture: "introListPicture", art: "list"),
        Page(heading: "introAddHeading", text: "introAddText", picture: "introAddPicture", art: "add"),
        Page(heading: "introEditHeading", text: "introEditText", picture: "introEditPicture", art: "edit"),
    ]

    /// Where a member goes when the introduction is done or skipped: `next` when it is a path
    /// of this site (``AccountForms/safeNext(_:)``) other than the introduction itself, else
    /// the list.
    static func destination(_ next: String?) -> String {
        let next = AccountForms.safeNext(next)
        return isIntro(next) ? "/items" : next
    }

    /// The address of page `number` (1-based), carrying `next` unless it is the list.
    static func path(_ number: Int, next: String) -> String {
        let base = number == 1 ? "/intro" : "/intro/\(number)"
        return next == "/items" ? base : base + "?next=" + PercentEncoding.encode(next, spaceAsPlus: false)
    }

    /// Where a member who has just signed in (the sign-in form, setup, an invitation) goes:
    /// the introduction while they have not finished or skipped it, with `location` as where
    /// it leads after; else `location`.
    static func firstStop(for account: Account, goingTo location: String, accounts: AccountStore) throws -> String {
        guard try accounts.introSeenAt(accountID: account.id) == nil else { return location }
        return path(1, next: destination(location))
    }

    /// `/intro`, `/intro/…` or either with a query: never a place the introduction leads on to.
    private static func isIntro(_ path: String) -> Bool {
        let bare = path.prefix { $0 != "?" && $0 != "#" }
        return bare == "/intro" || bare.hasPrefix("/intro/")
    }
}
