import Foundation
import Synchronization
import Testing
@testable import App

@Suite("Database-unavailable log lines")
struct UnavailableLogTests {
    @Test("An outage is one line per ten seconds, saying how many requests met it in between")
    func oneLinePerInterval() {
        let lines = Mutex<[String]>([])
        let log = UnavailableLog { line in lines.withLock { $0.append(line) } }
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        for second in 0..<25 {
            for _ in 0..<100 { log.record("GET /items", "connection refused", at: start.addingTimeInterval(Double(second))) }
        }
        let written = lines.withLock { $0 }
        #expect(written.count == 3)  // at 0, 10 and 20 s
        #expect(written[0] == "error: GET /items: database unavailable, answered 503: connection refused")
        #expect(written[1].hasSuffix("(and 999 more requests answered 503 since the last line)"))
    }
}
