/// Latencies in log-linear buckets (HdrHistogram's idea): exact below 256 µs, then 128
/// buckets per power of two, so any percentile is within 0.8 % of the true value, in a
/// fixed 15 KB however many requests are recorded.
struct LatencyHistogram {
    private static let subBuckets = 128
    /// Up to 2^36 µs (19 hours): shifts 0…28.
    private static let bucketCount = subBuckets * 28 + 2 * subBuckets

    private(set) var counts = [UInt32](repeating: 0, count: bucketCount)
    private(set) var total = 0
    private(set) var maximum: UInt64 = 0

    mutating func record(microseconds value: UInt64) {
        counts[Self.index(of: value)] &+= 1
        total += 1
        maximum = max(maximum, value)
    }

    mutating func merge(_ other: LatencyHistogram) {
        guard other.total > 0 else { return }
        for index in counts.indices where other.counts[index] != 0 { counts[index] += other.counts[index] }
        total += other.total
        maximum = max(maximum, other.maximum)
    }

    /// The latency at `fraction` (0.99 for p99) in milliseconds: the bucket's upper
    /// edge, so it never understates; nil when empty.
    func percentile(_ fraction: Double) -> Double? {
        guard total > 0 else { return nil }
        let rank = max(1, Int((Double(total) * fraction).rounded(.up)))
        var seen = 0
        for index in counts.indices {
            seen += Int(counts[index])
            if seen >= rank { return Double(min(Self.upperEdge(of: index), maximum)) / 1000 }
        }
        return Double(maximum) / 1000
    }

    /// How many latencies were at most `milliseconds` (to the bucket's precision).
    func count(atMost milliseconds: Double) -> Int {
        let limit = UInt64(milliseconds * 1000)
        var seen = 0
        for index in counts.indices where Self.upperEdge(of: index) <= limit { seen += Int(counts[index]) }
        return seen
    }

    var maximumMilliseconds: Double { Double(maximum) / 1000 }

    // Bucket index = 128·s + (value >> s), where s = max(0, bit length − 8): values
    // below 256 µs map to themselves, and each later octave has 128 buckets.
    private static func index(of value: UInt64) -> Int {
        let shift = max(0, (64 - value.leadingZeroBitCount) - 8)
        return min(subBuckets * shift + Int(value >> UInt64(shift)), bucketCount - 1)
    }

    private static func upperEdge(of index: Int) -> UInt64 {
        let shift = max(0, index / subBuckets - 1)
        let mantissa = UInt64(index - subBuckets * shift)
        return ((mantissa + 1) << UInt64(shift)) - 1
    }
}
