import Foundation
import HTTP
import HTTPTestSupport
import Testing
@testable import App
@testable import Storage

/// Issue 21 row 7: the sign-in throttle counts an IPv6 client by its /64 and slows guessing
/// of one account from many addresses, but not from where the member signed in before.
@Suite("Sign-in throttle by client block and account")
struct SignInThrottleTests {
    /// A browser behind the trusted proxy (127.0.0.1) whose client address is `address`.
    static func client(_ browser: Browser, at address: String) throws -> Browser {
        let client = Browser(client: browser.client.makeClient())
        client.extraHeaders = ["X-Forwarded-For": address]
        _ = try client.get("/sign-in")
        return client
    }

    /// Row 7: five addresses of one IPv6 /64 each got the full sign-in allowance.
    @Test("Sign-in throttling counts an IPv6 client by its /64")
    func ipv6Blocks() throws {
        try withApp(behindProxy: true) { browser, app in
            try app.addMember("bob", role: .editor)
            for host in 1...5 {
                let guesser = try Self.client(browser, at: "2001:db8:1:2::\(host)")
                #expect(try guesser.post("/sign-in", ["username": "bob", "password": "guess \(host)"]).status == 401)
            }
            let sixth = try Self.client(browser, at: "2001:db8:1:2:ffff::6")
            let slowed = try sixth.post("/sign-in", ["username": "bob", "password": testPassword])
            #expect(slowed.status == 429 && slowed.headers[.retryAfter] != nil)
            // Another /64 is another client.
            let neighbour = try Self.client(browser, at: "2001:db8:1:3::1")
            #expect(try neighbour.post("/sign-in", ["username": "bob", "password": testPassword, "next": "/items"]).status == 303)
        }
    }

    /// Row 7: guessing one member's password from many addresses; the member's own devices
    /// are not locked out.
    @Test("Many addresses guessing one account are slowed, but not where the member signed in before")
    func accountWideThrottle() throws {
        try withApp(behindProxy: true) { browser, app in
            try app.addMember("bob", role: .editor)
            // Bob signs in from home once.
            let home = try Self.client(browser, at: "198.51.100.7")
            #expect(try home.post("/sign-in", ["username": "bob", "password": testPassword, "next": "/items"]).status == 303)
            for host in 1...SignInThrottle.freeFailuresPerAccount {
                let guesser = try Self.client(browser, at: "203.0.113.\(host)")
                #expect(try guesser.post("/sign-in", ["username": "bob", "password": "guess \(host)"]).status == 401)
            }
            let next = try Self.client(browser, at: "203.0.113.200")
            #expect(try next.post("/sign-in", ["username": "bob", "password": testPassword]).status == 429)
            // From home, with the right password, Bob still gets in.
            let again = try Self.client(browser, at: "198.51.100.7")
            #expect(try again.post("/sign-in", ["username": "bob", "password": testPassword, "next": "/items"]).status == 303)
            // Another member is not held back by Bob's guessers.
            try app.addMember("carol", role: .viewer)
            let carol = try Self.client(browser, at: "192.0.2.44")
            #expect(try carol.post("/sign-in", ["username": "carol", "password": testPassword, "next": "/items"]).status == 303)
        }
    }

    @Test("A full-width spelling of a name is the same name to the throttle")
    func throttleNames() throws {
        let throttle = SignInThrottle()
        let client = IPAddress("192.0.2.1")
        for _ in 0..<SignInThrottle.freeFailuresPerName { try throttle.recordFailure(username: "ｂｏｂ", client: client) }
        #expect(try throttle.wait(username: "BOB", client: client) != nil)
        #expect(try throttle.wait(username: "bob", client: IPAddress("192.0.2.2")) == nil)
    }

    @Test("A client has at most two sign-in attempts in flight; a member one long job at a time")
    func placesInFlight() throws {
        let throttle = SignInThrottle()
        let client = IPAddress("192.0.2.1")
        #expect(throttle.beginAttempt(client: client) && throttle.beginAttempt(client: client))
        #expect(!throttle.beginAttempt(client: client))
        #expect(throttle.beginAttempt(client: IPAddress("192.0.2.2")))
        throttle.endAttempt(client: client)
        #expect(throttle.beginAttempt(client: client))
        let jobs = MemberJobs()
        #expect(jobs.begin(7) && !jobs.begin(7) && jobs.begin(8))
        jobs.end(7)
        #expect(jobs.begin(7))
    }
}
