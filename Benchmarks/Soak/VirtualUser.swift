import CLinuxShim

/// One person at a browser: a keep-alive connection, a cookie jar, the page on screen,
/// the item keys it has seen, and the item it added (which only it deletes).
///
/// Every request is recorded in `stats` with its latency and outcome: success, an
/// outcome expected of concurrent users on shared data, or an error.
final class VirtualUser {
    let stats: StatsCell
    var random: SplitMix64
    /// Photo URLs (`/items/:key/photo?v=…`) of the items given photos before the run.
    var photoURLs: [String] = []
    /// How many items the list had at the start: positions up to this always exist,
    /// since users delete only what they added.
    var stableCount = 1

    private let connection: ClientConnection
    private let hostHeader: String
    private let language: String
    private var cookies = CookieJar()
    /// The page on screen; nil after a POST (the browser went on to the redirect's target).
    var screen: Screen?
    /// The item keys of the list page read last, and its number: rows are clicked on
    /// the page the user is looking at.
    var lastList: (page: Int, keys: [String]) = (1, [])
    /// The item this user added and has not deleted yet, with the page it landed on.
    var ownItem: (key: String, page: Int)?

    struct Screen {
        enum Kind { case list, editMode, dialog }
        var page: HTMLPage
        var kind: Kind
    }

    init(number: Int, host: String, port: Int, seed: UInt64, stats: StatsCell) {
        self.stats = stats
        random = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: number) &* 0x1000_0000_01)
        connection = ClientConnection(host: host, port: port, timeout: .seconds(10))
        hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        // One user in eight reads the app in Simplified Chinese, as the browser asks.
        language = number % 8 == 7 ? "zh-CN,zh;q=0.9,en;q=0.5" : "en-US,en;q=0.9"
    }

    /// Closes the connection, as a browser tab closed (the seeder's, before the users start:
    /// left open, it would be a 65th connection from the users' address).
    func leave() {
        connection.close()
    }

    /// Performs actions of the mix until `shouldStop` says so (checked between actions).
    func run(until shouldStop: () -> Bool) {
        while !shouldStop() {
            perform(Action.pick(using: &random))
        }
        connection.close()
    }

    /// The cookies to hand another user of the same session (the household's browser tabs).
    var cookieHeader: String? { cookies.header }

    /// Takes over cookies from `cookieHeader` of a user already signed in.
    func adoptCookies(_ header: String) {
        for pair in header.split(separator: ";") { cookies.store(String(pair)) }
    }

    /// How many connections this user opened (more than one means the server closed one).
    var connects: Int { connection.connects }

    // MARK: - Requests

    /// Sends one request as a browser would (Host, Origin on POST, cookies, language),
    /// records it, and returns the response — nil after a transport error.
    ///
    /// - Parameters:
    ///   - success: statuses that mean the step worked.
    ///   - expected: statuses that concurrent users on shared data explain, with why;
    ///     anything else is an error, and a 5xx always is.
    @discardableResult
    func request(
        _ route: Route, _ method: String, _ path: String, form: FormSubmission? = nil,
        success: Set<Int>, expected: [Int: String] = [:]
    ) -> ClientResponse? {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: SoakBenchmark\r\n"
        head += route == .photo ? "Accept: image/*\r\n" : "Accept: text/html\r\n"
        head += "Accept-Language: \(language)\r\n"
        if let cookie = cookies.header { head += "Cookie: \(cookie)\r\n" }
        var body: [UInt8] = []
        if let form {
            let boundary = "----SoakBoundary\(String(random.next(), radix: 36))"
            let encoded = form.encoded(boundary: boundary)
            body = encoded.body
            head += "Origin: http://\(hostHeader)\r\nContent-Type: \(encoded.contentType)\r\nContent-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        let message = Array(head.utf8) + body

        let started = shim_monotonic_ns()
        let response: ClientResponse
        do {
            response = try connection.exchange(message)
        } catch {
            let microseconds = (shim_monotonic_ns() - started) / 1000
            stats.update {
                $0.record(route: route, status: 0, microseconds: microseconds, outcome: .error(error.kind),
                          example: "\(method) \(path): \(error)")
            }
            return nil
        }
        let microseconds = (shim_monotonic_ns() - started) / 1000
        for field in response.setCookies { cookies.store(field) }

        let status = response.status
        let outcome: WindowStats.Outcome
        if status < 500, success.contains(status) {
            outcome = .success
        } else if status < 500, let reason = expected[status] {
            outcome = .expected(reason)
        } else {
            outcome = .error(status >= 500 ? "server error" : "unexpected status")
        }
        stats.update {
            $0.record(route: route, status: status, microseconds: microseconds, outcome: outcome,
                      example: "\(method) \(path) → \(status) \(Self.snippet(of: response))")
        }
        return response
    }

    /// A step that got the status it wanted but not what a browser needs to go on
    /// (a page without its form, a redirect without a Location): counted as an error.
    func flowError(_ route: Route, _ what: String, example: String = "") {
        stats.update { $0.flowError(route: route, what, example: example) }
    }

    /// An outcome of concurrent users that spans several responses.
    func flowExpected(_ route: Route, _ reason: String, example: String) {
        stats.update { $0.flowExpected(route: route, reason, example: example) }
    }

    /// A completed action, for the mix actually performed.
    func completed(_ name: String) {
        stats.update { $0.actions[name, default: 0] += 1 }
    }

    /// What an unexpected response said, for reports: its title and the text of the
    /// dialog or main content (tags dropped, spaces collapsed), or its Location.
    static func snippet(of response: ClientResponse) -> String {
        if let location = response.location { return "Location: \(location)" }
        let page = HTMLPage(bytes: response.body)
        let title = page.firstIndex(of: "<title>").map { text(of: page.bytes[$0...], limit: 80) } ?? ""
        let content = (page.firstIndex(of: "<dialog") ?? page.firstIndex(of: "<main")).map { text(of: page.bytes[$0...], limit: 200) }
            ?? text(of: page.bytes[...], limit: 200)
        return "“\(title)” “\(content)”"
    }

    private static func text(of html: ArraySlice<UInt8>, limit: Int) -> String {
        var text = ""
        var inTag = false
        var lastWasSpace = true
        for scalar in String(decoding: html.prefix(16_384), as: UTF8.self).unicodeScalars {
            if scalar == "<" { inTag = true; continue }
            if scalar == ">" {
                inTag = false
                if text.unicodeScalars.count > 0 && !lastWasSpace { text += " "; lastWasSpace = true }
                continue
            }
            if inTag { continue }
            let isSpace = scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
            if isSpace && lastWasSpace { continue }
            text.unicodeScalars.append(isSpace ? " " : scalar)
            lastWasSpace = isSpace
            if text.unicodeScalars.count >= limit { break }
        }
        return text.trimmingTrailingSpace
    }
}

extension String {
    var trimmingTrailingSpace: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
