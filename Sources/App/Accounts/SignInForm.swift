import Foundation

/// What the account forms have in common: a new account's fields, a safe place to go
/// after signing in, and a browser's name for the sessions list.
enum AccountForms {
    /// A new account's fields (setup, an invitation): the username (``UsernamePolicy``) and
    /// password checked and the confirmation matched, or the message key of each field that
    /// is wrong. Whether the name is free is the store's to say.
    struct NewAccount {
        let typedUsername: String
        let username: String?
        let password: String?
        var errors: [String: String]

        init(_ form: SubmittedForm) {
            typedUsername = form["username"] ?? ""
            var errors: [String: String] = [:]
            switch UsernamePolicy.check(typedUsername) {
            case .success(let name): username = name
            case .failure(let problem): username = nil; errors["username"] = problem.rawValue
            }
            switch PasswordPolicy.check(form["password"] ?? "", username: typedUsername) {
            case .success(let normalized): password = normalized
            case .failure(let problem): password = nil; errors["password"] = problem.rawValue
            }
            if form["password"] != form["confirm"] { errors["confirm"] = "errorPasswordMismatch" }
            self.errors = errors
        }
    }

    /// `next` if it is a path on this site (`/items?page=2`), else the list: never another
    /// site (`//evil.example`, `https://…`, `/\\evil`), so a sign-in link cannot send you away.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"), next.utf8.count <= 2_048,
              next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
        else { return "/items" }
        return next
    }

    /// "Firefox on Linux", "Safari on iPhone" — enough to tell one's sessions apart.
    static func deviceName(_ userAgent: String) -> String {
        let browsers = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"),
                        ("Safari/", "Safari"), ("curl/", "curl")]
        let systems = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Mac OS X", "macOS"),
                       ("Windows", "Windows"), ("CrOS", "ChromeOS"), ("Linux", "Linux")]
        let browser = browsers.first { userAgent.contains($0.0) }?.1
        let system = systems.first { userAgent.contains($0.0) }?.1
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) · \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return system
        default: return userAgent.isEmpty ? "?" : String(userAgent.prefix(40))
        }
    }
}
