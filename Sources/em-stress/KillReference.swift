import Foundation

/// What a kill scenario's command does when nobody kills it: the states a kill may leave, and
/// how long it takes (the kills are spread over that span).
struct KillReference: Sendable {
    /// The store before the command; `nil` when there is none yet (the first use).
    let before: StoreDump?
    /// The store after the command.
    let after: StoreDump
    /// The exported store, for `save --to FILE.sqlite`.
    let exportedStore: StoreDump?
    /// The exported setup's bytes, for `save --to FILE.plist`.
    let exportedPlist: Data?
    /// How long the uninterrupted command took, in seconds.
    let seconds: Double

    /// How many times the command runs uninterrupted: its time is the median, and every run
    /// must leave the same files.
    static let runs = 3

    /// Runs `scenario` uninterrupted in fresh folders and records what it did.
    ///
    /// - Parameters:
    ///   - scenario: The command.
    ///   - context: The suite's context.
    /// - Throws: ``StressFailure`` when the command fails, its results cannot be read, or two
    ///   runs leave different files.
    init(_ scenario: KillScenario, context: StressContext) throws {
        var times: [Double] = []
        var results: [(after: StoreDump, store: StoreDump?, plist: Data?)] = []
        for run in 0..<Self.runs {
            let folder = try context.workspace.folder("kills/reference-\(scenario)-\(run)")
            if scenario.startsFromTemplate {
                try context.copyTemplate(to: scenario.store(in: folder))
            }
            let outcome = context.runner.run(
                scenario.arguments(in: folder), stdin: scenario.stdin, variables: scenario.variables(in: folder))
            guard outcome.succeeded else {
                throw StressFailure(description: "the uninterrupted run failed: \(outcome.commandLine): \(outcome.summary)")
            }
            times.append(outcome.seconds)
            do {
                let target = scenario.target(in: folder)
                results.append(
                    (
                        try StoreReader(path: scenario.store(in: folder).path).dump(),
                        try target.flatMap { $0.pathExtension == "sqlite" ? try StoreReader(path: $0.path).dump() : nil },
                        try target.flatMap { $0.pathExtension == "plist" ? try Data(contentsOf: $0) : nil }
                    ))
            } catch {
                throw StressFailure(description: "the uninterrupted run's files cannot be read: \(error) (\(folder.path))")
            }
            guard results[0] == results[run] else {
                throw StressFailure(description: "two uninterrupted runs left different files: \(outcome.commandLine)")
            }
        }
        seconds = times.sorted()[Self.runs / 2]
        before = scenario.startsFromTemplate ? context.templateDump : nil
        (after, exportedStore, exportedPlist) = results[0]
    }
}
