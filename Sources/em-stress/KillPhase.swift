import Foundation
import SeededRandom

/// Kills: SIGKILL at a random moment of each scenario's command, the scenarios in turn; after
/// each kill the store and any export are read.
///
/// Expected after every kill: `PRAGMA integrity_check` says ok; the store holds the state
/// before the command or the state after it (never empty, partial or two tournaments), or for
/// a first use no store at all; em still opens and reads it (exit 0); an export's target is
/// absent or complete (the uninterrupted export's contents). Files left beside the store or
/// target are counted: as defects when em ended by itself, as a shown count when it was killed.
struct KillPhase {
    /// The suite's context.
    let context: StressContext

    /// The longest delay before a kill, as a multiple of the uninterrupted command's time: a
    /// little past its end, so that the kills spread over the whole command.
    static let reach = 1.25

    /// Sends the kills until their count or `deadline`.
    ///
    /// - Parameters:
    ///   - report: Where the counts and defects go.
    ///   - deadline: When to stop, in nanoseconds of uptime.
    func run(into report: inout StressReport, until deadline: UInt64) throws {
        var references: [KillScenario: KillReference] = [:]
        for scenario in KillScenario.allCases {
            do {
                references[scenario] = try KillReference(scenario, context: context)
            } catch {
                report.add(.badRefusals, "kill scenario \(scenario.title): \(error)")
            }
        }
        let scenarios = KillScenario.allCases.filter { references[$0] != nil }
        guard !scenarios.isEmpty else { return }
        var generator = SeededGenerator(seed: context.options.seed, stream: 2)
        var landed: [KillScenario: (sent: Int, landed: Int)] = [:]
        for number in 0..<context.options.kills {
            guard DispatchTime.now().uptimeNanoseconds < deadline else {
                report.notes.append("kills stopped by the time limit after \(number) of \(context.options.kills)")
                break
            }
            let scenario = scenarios[number % scenarios.count]
            let reference = references[scenario]!
            let delay = Double.random(in: 0...(Self.reach * reference.seconds), using: &generator)
            let hit = try kill(number, scenario, after: delay, reference: reference, into: &report)
            landed[scenario, default: (0, 0)].sent += 1
            landed[scenario, default: (0, 0)].landed += hit ? 1 : 0
        }
        let counts = scenarios.compactMap { scenario in
            landed[scenario].map { "\(scenario.title) \($0.landed)/\($0.sent) (\(Int(references[scenario]!.seconds * 1000)) ms)" }
        }
        report.notes.append("kills that landed, by command (its uninterrupted time): " + counts.joined(separator: ", "))
    }

    /// Runs one scenario, kills it after `delay` seconds, and checks what it left.
    ///
    /// - Parameters:
    ///   - number: The kill's number, from 0.
    ///   - scenario: The command.
    ///   - delay: Seconds from the launch to the kill.
    ///   - reference: What the command does uninterrupted.
    ///   - report: Where the counts and defects go.
    /// - Returns: Whether the kill landed while em was still working.
    private func kill(
        _ number: Int, _ scenario: KillScenario, after delay: Double, reference: KillReference,
        into report: inout StressReport
    ) throws -> Bool {
        let folder = try context.workspace.folder("kills/\(number)")
        let store = scenario.store(in: folder)
        if scenario.startsFromTemplate {
            try context.copyTemplate(to: store)
        }
        let variables = scenario.variables(in: folder)
        let outcome = context.runner.run(
            scenario.arguments(in: folder), stdin: scenario.stdin, variables: variables, killAfter: delay)
        report.kills += 1
        if outcome.killed { report.killsLanded += 1 }
        let milliseconds = Int((delay * 1000).rounded())
        let label =
            "kill #\(number) (\(scenario.title), SIGKILL after \(milliseconds) ms, "
            + (outcome.killed ? "while em worked" : "after em had exited") + ")"
        let repeating = "repeat: \(outcome.commandLine), killed after \(milliseconds) ms; kept in \(folder.path)"
        // Listed before em reads the store again, which might tidy up.
        let expected: Set<String> = [
            store.lastPathComponent, scenario.target(in: folder)?.lastPathComponent ?? store.lastPathComponent,
        ]
        let left = Workspace.leftovers(in: store.deletingLastPathComponent(), besides: expected)
        var problems: [(DefectKind, String)] = []
        if !outcome.killed {
            if let crash = outcome.crash {
                problems.append((.crashes, "\(crash): \(outcome.summary)"))
            } else if !outcome.succeeded {
                problems.append((.badRefusals, "failed without being killed: \(outcome.summary)"))
            }
        }
        problems += checkStore(store, reference: reference)
        let readBack = context.runner.run(scenario.readArguments(in: folder), variables: variables)
        if !readBack.succeeded {
            problems.append(
                (.unreadableStores, "em cannot read the store afterwards: \(readBack.commandLine): \(readBack.summary)"))
        }
        if let target = scenario.target(in: folder) {
            problems += checkTarget(target, reference: reference)
        }
        if !left.isEmpty {
            if outcome.killed {
                report.killLeftovers.append(
                    "\(label): \(left.joined(separator: ", ")) in \(store.deletingLastPathComponent().path)")
                // The next writer to the same name removes what a killed one left (the read
                // back above is that writer for a default store's first use).
                if scenario.target(in: folder) != nil {
                    _ = context.runner.run(scenario.arguments(in: folder), stdin: scenario.stdin, variables: variables)
                }
                let remaining = Workspace.leftovers(in: store.deletingLastPathComponent(), besides: expected)
                if !remaining.isEmpty {
                    problems.append(
                        (.leftoverFiles, "the next \(scenario.title) left \(remaining.joined(separator: ", ")) in place"))
                }
            } else {
                problems.append((.leftoverFiles, "left \(left.joined(separator: ", "))"))
            }
        }
        for (kind, problem) in problems {
            report.add(kind, "\(label): \(problem); \(repeating)")
        }
        if problems.isEmpty && left.isEmpty && !context.options.keep {
            try? FileManager.default.removeItem(at: folder)
        }
        return outcome.killed
    }

    /// What is wrong with the store after a kill: it is damaged, unreadable, or in neither the
    /// state before nor the state after the command.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - reference: The states it may be in.
    private func checkStore(_ store: URL, reference: KillReference) -> [(DefectKind, String)] {
        guard FileManager.default.fileExists(atPath: store.path) else {
            return reference.before == nil ? [] : [(.tornStores, "the store file is gone")]
        }
        let integrity: String
        let dump: StoreDump
        do {
            let reader = try StoreReader(path: store.path)
            integrity = try reader.integrity()
            dump = try reader.dump()
        } catch {
            return [(.unreadableStores, "SQLite cannot read the store: \(error)")]
        }
        var problems: [(DefectKind, String)] = []
        if integrity != "ok" {
            problems.append((.tornStores, "integrity_check says \(integrity)"))
        }
        if dump != reference.after && dump != reference.before {
            let before = reference.before.map { "; against before: \(dump.differences(from: $0))" } ?? ""
            problems.append(
                (
                    .tornStores,
                    "the store is neither before nor after: \(dump.summary)\(before); against after: \(dump.differences(from: reference.after))"
                ))
        }
        return problems
    }

    /// What is wrong with an export's target after a kill: it exists but is not the complete
    /// export.
    ///
    /// - Parameters:
    ///   - target: The export's file.
    ///   - reference: The uninterrupted export.
    private func checkTarget(_ target: URL, reference: KillReference) -> [(DefectKind, String)] {
        guard FileManager.default.fileExists(atPath: target.path) else { return [] }
        if let expected = reference.exportedPlist {
            let bytes = (try? Data(contentsOf: target)) ?? Data()
            return bytes == expected
                ? [] : [(.tornStores, "the exported plist is not the complete export: \(bytes.count) of \(expected.count) bytes")]
        }
        guard let expected = reference.exportedStore else { return [] }
        do {
            let reader = try StoreReader(path: target.path)
            let integrity = try reader.integrity()
            let dump = try reader.dump()
            guard integrity == "ok", dump == expected else {
                return [
                    (
                        .tornStores,
                        "the exported store is not the complete export: integrity \(integrity), \(dump.summary), against the export: \(dump.differences(from: expected))"
                    )
                ]
            }
        } catch {
            return [(.unreadableStores, "SQLite cannot read the exported store: \(error)")]
        }
        let readBack = context.runner.run(["list", "teams", "--store", target.path])
        return readBack.succeeded
            ? [] : [(.unreadableStores, "em cannot read the exported store: \(readBack.commandLine): \(readBack.summary)")]
    }
}
