import Foundation

/// em-stress: runs, bounded in count and time, the stress that finds em's concurrency and
/// crash defects (concurrent writers, concurrent forced inits, kills, malformed inputs), prints a table of what it ran
/// and found, and exits 1 when it found a defect (64 for a bad command line, 2 when it could
/// not start).
@main
enum EMStress {
    /// How many defects of each kind the report prints; the workspace keeps the full list.
    static let shown = 25

    /// Reads the command line, runs the phases, prints the report, exits.
    static func main() {
        let options: StressOptions
        do {
            options = try StressOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("em-stress: \(error)\n\n\(StressOptions.usage)\n".utf8))
            exit(64)
        }
        if options.help {
            print(StressOptions.usage)
            exit(0)
        }
        do {
            exit(try run(options) ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("em-stress: \(error)\n".utf8))
            exit(2)
        }
    }

    /// Runs the phases and prints the report.
    ///
    /// - Parameter options: The command line.
    /// - Returns: Whether no defect was found.
    /// - Throws: ``StressFailure`` when the suite cannot prepare a phase.
    static func run(_ options: StressOptions) throws -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(options.timeLimit * 1e9)
        print("em-stress: \(options.title)")
        let context = try StressContext(options: options)
        print("workspace \(context.workspace.root.path)")
        var report = StressReport()
        var phaseStart = DispatchTime.now().uptimeNanoseconds
        /// Notes how long `phase` took, and starts timing the next.
        func finished(_ phase: String) {
            let now = DispatchTime.now().uptimeNanoseconds
            report.notes.append("\(phase) took \(String(format: "%.1f", Double(now - phaseStart) / 1e9)) s")
            phaseStart = now
        }
        try WriterPhase(context: context).run(into: &report)
        finished("concurrent writers")
        try ForcedInitPhase(context: context).run(into: &report)
        finished("concurrent forced inits")
        // The kills get half the time left, the inputs the rest.
        let killDeadline = phaseStart + (deadline > phaseStart ? (deadline - phaseStart) / 2 : 0)
        try KillPhase(context: context).run(into: &report, until: killDeadline)
        finished("kills")
        try InputPhase(context: context).run(into: &report, until: deadline)
        finished("malformed inputs")
        if let script = options.postgresCluster {
            try ServerPhase(context: context, script: script).run(into: &report)
            finished("a PostgreSQL server")
        }
        let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        report.notes.append("total \(String(format: "%.1f", total)) s (limit \(Int(options.timeLimit)) s)")
        let fullList = context.workspace.root.appending(path: "defects.txt")
        let keep = options.keep || !report.passed
        if keep {
            try? report.fullText.write(to: fullList, atomically: true, encoding: .utf8)
        }
        print(report.text(shown: shown, fullList: keep ? fullList : nil), terminator: "")
        if keep {
            print("workspace kept: \(context.workspace.root.path) (seed \(options.seed))")
        } else {
            context.workspace.remove()
        }
        print(report.passed ? "PASSED" : "FAILED (seed \(options.seed))")
        return report.passed
    }
}
