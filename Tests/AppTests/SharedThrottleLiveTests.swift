import Foundation
import HTTP
import HTTPTestSupport
import PostgreSQL
import Testing
@testable import App

/// Issue 25 point 2 and its acceptance ("throttling counts across A and B"): two instances on one
/// PostgreSQL database count one guesser's failures together, so taking turns over them gains nothing.
@Suite("Sign-in throttle across instances on PostgreSQL", .enabled(if: PostgresApps.isConfigured, PostgresApps.missing))
struct SharedThrottleLiveTests {
    /// The attempt (1-based) at which `browsers`, taking turns, are first answered 429.
    static func attemptsUntilThrottled(_ browsers: [Browser], username: String) throws -> Int? {
        for attempt in 1...30 {
            let browser = browsers[attempt % browsers.count]
            _ = try browser.get("/sign-in")
            let page = try browser.post("/sign-in", ["username": username, "password": "guess \(attempt)"])
            if page.status == 429 { return attempt }
            #expect(page.status == 401, "attempt \(attempt)")
        }
        return nil
    }

    @Test("Wrong passwords taking turns over two instances get 429 at the same attempt as on one")
    func alternating() throws {
        try PostgresApps.withInstances(2) { instances, _ in
            let (a, b) = (instances[0], instances[1])
            try a.app.addMember("bob", role: .editor)
            try a.app.addMember("carol", role: .editor)
            let alone = try Self.attemptsUntilThrottled([a.browser], username: "bob")
            #expect(alone == SignInThrottle.freeFailuresPerName + 1)
            #expect(try Self.attemptsUntilThrottled([a.browser, b.browser], username: "carol") == alone)
            // The right password, on either instance, waits too.
            for browser in [a.browser, b.browser] {
                _ = try browser.get("/sign-in")
                let page = try browser.post("/sign-in", ["username": "carol", "password": testPassword])
                #expect(page.status == 429 && page.headers[.retryAfter] != nil)
            }
        }
    }

    /// The throttle's tables are held by another session past the apps' `lock_timeout`: what
    /// an overloaded or unreachable database looks like to the throttle alone. Counting in
    /// memory, this sign-in went through.
    @Test("A sign-in whose throttle cannot be read is answered 503, not let through unthrottled")
    func failsClosed() throws {
        try PostgresApps.withInstances(1, settings: ["lock_timeout": "200"]) { instances, database in
            let browser = instances[0].browser
            try instances[0].app.addMember("bob", role: .editor)
            _ = try browser.get("/sign-in")
            let holder = try PostgresConnection(configuration: database)
            defer { holder.close() }
            try holder.executeScript("BEGIN; LOCK TABLE sign_in_failures, sign_in_known_clients IN ACCESS EXCLUSIVE MODE")
            let page = try browser.post("/sign-in", ["username": "bob", "password": testPassword, "next": "/items"])
            #expect(page.status == 503 && page.headers[.retryAfter] != nil)
            try holder.executeScript("ROLLBACK")
            _ = try browser.get("/sign-in")
            #expect(try browser.post("/sign-in", ["username": "bob", "password": testPassword, "next": "/items"]).status == 303)
        }
    }

    struct HostileName: CustomTestStringConvertible, Sendable {
        let username: String
        let testDescription: String
    }

    /// A name PostgreSQL text cannot hold (a NUL), or too long for a key, is a wrong name like
    /// any other: 401, then 429 at the same attempt, never a 500.
    @Test("Hostile names over two instances are refused and throttled like any other", arguments: [
        HostileName(username: "bob\u{0}", testDescription: "a NUL"),
        // Random, so that PostgreSQL cannot compress it under its key's size limit.
        HostileName(username: String((0..<4_000).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! }),
                    testDescription: "4,000 random letters"),
    ])
    func hostileNames(_ hostile: HostileName) throws {
        let username = hostile.username
        try PostgresApps.withInstances(2) { instances, _ in
            try instances[0].app.addMember("bob", role: .editor)
            let browsers = instances.map(\.browser)
            #expect(try Self.attemptsUntilThrottled(browsers, username: username) == SignInThrottle.freeFailuresPerName + 1)
        }
    }
}
