/// Cuts an input into pieces of pseudo-random sizes, decided by the input itself (FNV-1a
/// of its bytes seeds a xorshift generator), so a crash reproduces from its file alone
/// while different inputs are fed in different splits.
struct FuzzSplits {
    private var state: UInt64

    init(_ bytes: some Collection<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = hash | 1
    }

    mutating func next(below bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(max(bound, 1)))
    }

    /// Piece lengths mostly 1–8 bytes, sometimes up to 64, covering `count`.
    mutating func pieces(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let length = next(below: 4) == 0 ? 1 + next(below: 64) : 1 + next(below: 8)
            let end = min(bytes.count, start + length)
            result.append(bytes[start..<end])
            start = end
        }
        return result
    }
}

/// Stops the run with a message libFuzzer reports as a crash (a property did not hold).
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}
