/// A small, fast pseudo-random generator (SplitMix64) for the random items' fields.
///
/// `SystemRandomNumberGenerator` makes a `getrandom` system call per number, which was the
/// largest cost of seeding 100,000 items; one system draw seeds this per item instead.
/// Item keys come from the system generator (`UUID.version4(using:)`).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Seeded from the system generator.
    init() {
        var system = SystemRandomNumberGenerator()
        self.init(seed: system.next())
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
