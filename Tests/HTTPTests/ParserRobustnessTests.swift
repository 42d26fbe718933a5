import Testing
@testable import HTTP

@Suite("Parser robustness")
struct ParserRobustnessTests {
    /// A small deterministic generator (SplitMix64), so failures are reproducible.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let seeds: [[UInt8]] = [
        Array("POST /a?b=c HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello".utf8),
        Array("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nT: 1\r\n\r\n".utf8),
        Array("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /x HTTP/1.1\r\nHost: y\r\n\r\n".utf8),
    ]

    @Test("Random mutations of valid requests never crash or hang the parser")
    func mutations() {
        var random = SplitMix(state: 2026)
        for round in 0..<3000 {
            var bytes = Self.seeds[round % Self.seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                }
                if bytes.isEmpty { bytes = [0x47] }
            }
            let split = Int.random(in: 0...bytes.count, using: &random)
            var parser = HTTPRequestParser()
            parser.feed(Array(bytes[..<split]))
            var events = 0
            do {
                while try parser.next() != nil { events += 1 }
                parser.feed(Array(bytes[split...]))
                while try parser.next() != nil { events += 1 }
            } catch {
                #expect(error.status.rawValue >= 400)
            }
            #expect(events < 10)
        }
    }

    @Test("Random bytes never crash the parser")
    func noise() {
        var random = SplitMix(state: 7)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...2000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var parser = HTTPRequestParser()
            parser.feed(bytes)
            do {
                while try parser.next() != nil {}
            } catch {
                #expect(error.status.rawValue >= 400)
            }
        }
    }
}
