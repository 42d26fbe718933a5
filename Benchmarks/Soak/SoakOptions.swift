import Foundation

/// Command-line options of `SoakBenchmark`.
struct SoakOptions: Sendable {
    var host = "127.0.0.1"
    var port = 0
    /// The server's process id, for its RSS and CPU time from /proc.
    var serverPID: Int32?
    var connections = 64
    var duration: Duration = .seconds(600)
    var interval: Duration = .seconds(10)
    /// Items given a photo before the run starts.
    var photos = 12
    /// Seeds each virtual user's random generator, so runs repeat the same choices.
    var randomSeed: UInt64 = 1
    /// The member the virtual users sign in as (soak.sh creates it with `homepwner users add`);
    /// the password comes from the environment, never the command line.
    var username = "owner"
    var password = ProcessInfo.processInfo.environment["SOAK_PASSWORD"] ?? ""
    var showHelp = false

    static let usage = """
        Usage: SoakBenchmark --port PORT [options]

          --host HOST         server address (default 127.0.0.1)
          --port PORT         server port (required)
          --pid PID           server process, for RSS and CPU from /proc/PID
          --connections N     virtual users, one keep-alive connection each (default 64)
          --minutes M         how long to run (default 10); or --seconds S
          --interval S        seconds per report line (default 10)
          --photos N          items given a photo before the run (default 12)
          --random-seed N     seed of the virtual users' choices (default 1)
          --username NAME     the member to sign in as (default owner); the password
                              is read from the environment variable SOAK_PASSWORD
          --help              show this help
        """

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) throws(ParseError) -> SoakOptions {
        var options = SoakOptions()
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            func number(_ range: ClosedRange<Int>) throws(ParseError) -> Int {
                guard let text = remaining.popFirst() else { throw ParseError(description: "\(flag) needs a value") }
                guard let value = Int(text), range.contains(value) else {
                    throw ParseError(description: "\(flag) needs a number in \(range.lowerBound)…\(range.upperBound), not \(text)")
                }
                return value
            }
            switch flag {
            case "--host":
                guard let value = remaining.popFirst() else { throw ParseError(description: "--host needs a value") }
                options.host = value
            case "--port": options.port = try number(1...65535)
            case "--pid": options.serverPID = Int32(try number(1...Int(Int32.max)))
            case "--connections": options.connections = try number(1...4096)
            case "--minutes": options.duration = .seconds(try number(1...24 * 60) * 60)
            case "--seconds": options.duration = .seconds(try number(1...24 * 3600))
            case "--interval": options.interval = .seconds(try number(1...3600))
            case "--photos": options.photos = try number(0...1000)
            case "--random-seed": options.randomSeed = UInt64(try number(0...Int.max))
            case "--username":
                guard let value = remaining.popFirst() else { throw ParseError(description: "--username needs a value") }
                options.username = value
            case "--help", "-h": options.showHelp = true
            default: throw ParseError(description: "unknown option \(flag)")
            }
        }
        guard options.showHelp || options.port != 0 else { throw ParseError(description: "--port is required") }
        return options
    }
}
