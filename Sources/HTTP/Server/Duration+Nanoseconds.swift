extension Duration {
    /// Whole nanoseconds (negative durations count as zero; beyond ~584 years, the maximum,
    /// so `.seconds(.max)` can mean "no timeout").
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, overflowTotal) = whole.addingReportingOverflow(UInt64(max(0, attoseconds) / 1_000_000_000))
        return overflowTotal ? .max : total
    }
}
