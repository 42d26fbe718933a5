import Glibc

extension HTTPServer {
    /// Descriptors kept aside from connections and streams: the listener, epoll and wake-up
    /// descriptors, database files, spooled bodies and files being sent.
    static let reservedDescriptors = 256

    /// What the descriptor limit allows, worked out by ``start()``.
    struct DescriptorBudget: Equatable {
        /// RLIMIT_NOFILE's soft limit after raising it, and its hard limit.
        var soft: Int
        var hard: Int
        /// Event streams held at once: `maxEventStreams`, or what the limit leaves.
        var eventStreams: Int
        /// Said at start when the limit cannot hold everything configured.
        var warning: String?
    }

    /// Raises RLIMIT_NOFILE's soft limit to its hard limit: each connection and each event
    /// stream is a descriptor, and a soft limit of 1,024 (a common default) could not hold
    /// 5,000 idle pages. Returns the budget for `configuration`.
    static func raiseDescriptorLimit(for configuration: Configuration) -> DescriptorBudget {
        var limit = rlimit()
        guard getrlimit(resourceNOFILE, &limit) == 0 else {
            return DescriptorBudget(soft: .max, hard: .max, eventStreams: configuration.maxEventStreams, warning: nil)
        }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resourceNOFILE, &raised) == 0 { limit = raised }
        }
        let cap = UInt64(Int.max / 2)
        return budget(soft: Int(min(UInt64(limit.rlim_cur), cap)), hard: Int(min(UInt64(limit.rlim_max), cap)), for: configuration)
    }

    /// The budget under a soft limit of `soft` descriptors: ordinary connections and the
    /// reserve come first; event streams get what is left, but never less than a quarter of
    /// the limit (so pages still hear of changes on a small machine).
    static func budget(soft: Int, hard: Int, for configuration: Configuration) -> DescriptorBudget {
        let wanted = max(0, configuration.maxEventStreams)
        let needed = configuration.maxConnections + reservedDescriptors + wanted
        guard soft < needed else { return DescriptorBudget(soft: soft, hard: hard, eventStreams: wanted, warning: nil) }
        let left = soft - configuration.maxConnections - reservedDescriptors
        let streams = min(wanted, max(left, soft / 4))
        let warning = """
            the open-file limit is \(soft) (hard limit \(hard)), under the \(needed) that \(configuration.maxConnections) \
            connections and \(wanted) event streams need: at most \(streams) pages can hear of changes at once\
            \(left < 0 ? ", and ordinary requests may be refused when descriptors run out" : ""). Raise the hard \
            limit (`ulimit -Hn \(needed)` as root, LimitNOFILE=\(needed) in a systemd unit, nofile in \
            /etc/security/limits.conf) and restart.
            """
        return DescriptorBudget(soft: soft, hard: hard, eventStreams: streams, warning: warning)
    }

    private static let resourceNOFILE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
}
