import Foundation

/// The command line of em-stress: which em to stress, how hard, and with which seed.
struct StressOptions: Sendable {
    /// The em binary under test.
    var em = ""
    /// Whether this is the small configuration, for CI.
    var small = false
    /// The seed of every random choice.
    var seed = UInt64.random(in: 0...UInt64(UInt32.max))
    /// How many processes write at once.
    var processes = 8
    /// How many writes each process makes.
    var writes = 200
    /// How many kills to send.
    var kills = 500
    /// How long the whole run may take, in seconds: the kills and the inputs stop when their
    /// share of it is used up, and say so.
    var timeLimit = 1500.0
    /// How long one em command may run before it counts as hung, in seconds.
    var commandLimit = 60.0
    /// How many malformed inputs run at once.
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The setup property list the malformed setups are made from.
    var setup = "Resources/euro2012.plist"
    /// Where to make the workspace; the temporary directory when `nil`.
    var work: String?
    /// Whether to keep the workspace even when nothing failed.
    var keep = false
    /// Whether only the usage was asked for.
    var help = false
    /// `Scripts/postgres-cluster`, when em is stressed on a PostgreSQL server too.
    var postgresCluster: String?

    /// What `--help` prints.
    static let usage = """
        USAGE: em-stress --em PATH [--small] [--seed N] [--processes N] [--writes N] [--kills N]
                         [--time-limit SECONDS] [--command-limit SECONDS] [--jobs N] [--setup PLIST]
                         [--work DIR] [--keep] [--postgres-cluster SCRIPT]

        Stresses em: N processes × M writes at once (unique and colliding team codes and names,
        shirt numbers, results of one match), N processes at once running init --force on one
        store beside killed writers' temporary files, SIGKILL at random moments of init
        --force, shell save, add-team, result, save --to (store and plist) and a default
        store's first use, and a table of malformed setups, predicates, arguments and store
        files. Prints the counts and every defect; exits 1 when there is one.

        OPTIONS:
          --em PATH               The em binary to stress (required).
          --small                 The configuration for CI: 4 processes × 10 writes, 30 kills,
                                  under 2 minutes (the options after it change it further).
          --seed N                The seed of every random choice (default: random, printed).
          --processes N           Processes writing at once (default 8, at most 99).
          --writes N              Writes per process (default 200).
          --kills N               Kills to send (default 500).
          --time-limit SECONDS    The whole run's time (default 1500; 110 with --small).
          --command-limit SECONDS When one em command counts as hung (default 60; 20 with --small).
          --jobs N                Malformed inputs run at once (default: the processor count).
          --setup PLIST           The setup the malformed setups are made from
                                  (default Resources/euro2012.plist).
          --work DIR              Where to make the workspace (default: the temporary directory);
                                  it is kept when a defect is found, for the stores and inputs.
          --keep                  Keep the workspace even when nothing failed.
          --postgres-cluster SCRIPT
                                  Also stress em on a PostgreSQL server that SCRIPT
                                  (Scripts/postgres-cluster) starts, stops and restarts:
                                  writers at once, em killed mid-save, the server stopped
                                  (fast and immediate) in the middle of saves.
        """

    /// Reads the command line.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Throws: ``UsageError`` for an unknown option, a missing or bad value, or no `--em`.
    static func parse(_ arguments: [String]) throws -> StressOptions {
        var options = StressOptions()
        var remaining = arguments[...]
        /// The value after `option`.
        func value(_ option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        /// The number after `option`, at least `least`.
        func number<N: LosslessStringConvertible & Comparable>(_ option: String, _ least: N) throws -> N {
            let text = try value(option)
            guard let number = N(text), number >= least else {
                throw UsageError(description: "\(option) needs a number of at least \(least), not '\(text)'")
            }
            return number
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--em": options.em = try value(option)
            case "--small":
                options.small = true
                (options.processes, options.writes, options.kills, options.timeLimit) = (4, 10, 30, 110)
                options.commandLimit = 20
            case "--seed": options.seed = try number(option, 0)
            case "--processes": options.processes = try number(option, 1)
            case "--writes": options.writes = try number(option, 1)
            case "--kills": options.kills = try number(option, 0)
            case "--time-limit": options.timeLimit = try number(option, 1.0)
            case "--command-limit": options.commandLimit = try number(option, 1.0)
            case "--jobs": options.jobs = try number(option, 1)
            case "--setup": options.setup = try value(option)
            case "--work": options.work = try value(option)
            case "--keep": options.keep = true
            case "--postgres-cluster": options.postgresCluster = try value(option)
            case "-h", "--help": options.help = true
            default: throw UsageError(description: "unknown option '\(option)'")
            }
        }
        guard options.help || !options.em.isEmpty else { throw UsageError(description: "--em PATH is required") }
        guard options.processes <= 99 else { throw UsageError(description: "--processes must be at most 99") }
        return options
    }

    /// The configuration's name and sizes, for the report's first line.
    var title: String {
        "\(small ? "small" : "full") configuration, seed \(seed), em \(em)"
    }
}
