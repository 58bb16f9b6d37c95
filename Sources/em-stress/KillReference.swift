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

    /// Runs `scenario` uninterrupted in a fresh folder and records what it did.
    ///
    /// - Parameters:
    ///   - scenario: The command.
    ///   - context: The suite's context.
    /// - Throws: ``StressFailure`` when the command fails or its results cannot be read.
    init(_ scenario: KillScenario, context: StressContext) throws {
        let folder = try context.workspace.folder("kills/reference-\(scenario)")
        if scenario.startsFromTemplate {
            try context.copyTemplate(to: scenario.store(in: folder))
        }
        let outcome = context.runner.run(
            scenario.arguments(in: folder), stdin: scenario.stdin, variables: scenario.variables(in: folder))
        guard outcome.succeeded else {
            throw StressFailure(description: "the uninterrupted run failed: \(outcome.commandLine): \(outcome.summary)")
        }
        seconds = outcome.seconds
        before = scenario.startsFromTemplate ? context.templateDump : nil
        do {
            after = try StoreReader(path: scenario.store(in: folder).path).dump()
            let target = scenario.target(in: folder)
            exportedStore = try target.flatMap { $0.pathExtension == "sqlite" ? try StoreReader(path: $0.path).dump() : nil }
            exportedPlist = try target.flatMap { $0.pathExtension == "plist" ? try Data(contentsOf: $0) : nil }
        } catch {
            throw StressFailure(description: "the uninterrupted run's files cannot be read: \(error) (\(folder.path))")
        }
    }
}
