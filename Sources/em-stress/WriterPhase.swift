import Foundation
import SeededRandom

/// Concurrent writers: N processes, each making M writes in turn on one store, with unique and
/// with colliding keys; then the store is read and every write accounted for.
///
/// Write i of every writer has the same kind (a team, a player, a result of GER-POR, in turn),
/// so that the writers' colliding writes race. A colliding team write shares its code (names
/// differ) or its name (codes differ) with the other writers'; a colliding player write shares
/// its team and shirt number. Every write is thus told apart in the store by its whole target.
///
/// Expected: no duplicates; every write that exited 0 is in the store; a refused write printed
/// nothing on standard output and exactly one line on standard error, exited 65, collided, and
/// left nothing in the store; every collision has exactly one winner; every result write
/// succeeds, and the final result is that of a successful write no other successful write
/// started after.
struct WriterPhase {
    /// The suite's context.
    let context: StressContext

    /// Plans, runs and checks the writes.
    ///
    /// - Parameter report: Where the counts and defects go.
    /// - Throws: ``StressFailure`` when the store cannot be prepared.
    func run(into report: inout StressReport) throws {
        let options = context.options
        let folder = try context.workspace.folder("writers")
        let store = folder.appending(path: "store.sqlite")
        try context.copyTemplate(to: store)
        let teams = try StoreReader(path: store.path).teams()
        try makeRoom(for: teams, in: store)
        let players = try StoreReader(path: store.path).players()
        var generator = SeededGenerator(seed: options.seed, stream: 1)
        let plans = Self.plan(
            processes: options.processes, writes: options.writes, teams: teams,
            taken: Set(players.map { "\($0.team) \($0.number)" }), generator: &generator)
        report.processes = options.processes
        report.writes = options.processes * options.writes
        let runner = context.runner
        let records = Parallel.map(options.processes, threads: options.processes) { worker in
            plans[worker].map { write in
                WriteRecord(write: write, outcome: runner.run(write.target.arguments + ["--store", store.path]))
            }
        }.flatMap { $0 }
        report.add(check(records, store: store))
        let contested = records.filter { $0.write.collision != nil }
        let keys = Set(contested.compactMap(\.write.collision)).count
        let refused = contested.filter { !$0.outcome.succeeded }.count
        report.notes.append(
            "concurrent writers: \(keys) keys contested by \(options.processes) writers each, \(refused) colliding writes "
                + "refused, \(records.filter(\.outcome.succeeded).count) of \(records.count) writes succeeded")
        for name in Workspace.leftovers(in: folder, besides: ["store.sqlite"]) {
            report.add(.leftoverFiles, "concurrent writers: \(name) left beside the store in \(folder.path)")
        }
    }

    /// Removes the players wearing ``freedNumbers`` from every team, so that writers have
    /// room in squads the rules keep at 23 players.
    ///
    /// - Throws: ``StressFailure`` when em refuses the removals.
    private func makeRoom(for teams: [(code: String, name: String)], in store: URL) throws {
        let script = teams.flatMap { team in Self.freedNumbers.map { "remove-player --team \(team.code) --number \($0)" } }
        let outcome = context.runner.run(["run", "-", "--store", store.path], stdin: script.joined(separator: "\n") + "\n")
        guard outcome.succeeded else { throw StressFailure(description: "cannot make room in the squads: \(outcome.stderr)") }
    }

    /// The shirt numbers writers add players with: those freed in every squad (number 1 is a
    /// goalkeeper's, and writers add midfielders).
    static let freedNumbers = 12...23

    /// The writes of each writer.
    ///
    /// - Parameters:
    ///   - processes: How many writers.
    ///   - writes: How many writes each makes.
    ///   - teams: The teams in the store (their codes and names are taken).
    ///   - taken: The shirt numbers taken, as "CODE NUMBER".
    ///   - generator: The random source.
    /// - Returns: One list of writes per writer.
    static func plan(
        processes: Int, writes: Int, teams: [(code: String, name: String)], taken: Set<String>,
        generator: inout SeededGenerator
    ) -> [[PlannedWrite]] {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let usedCodes = Set(teams.map(\.code))
        var codes = letters.flatMap { a in letters.flatMap { b in letters.map { c in String([a, b, c]) } } }
            .filter { !usedCodes.contains($0) }.shuffled(using: &generator)
        var slots = teams.flatMap { team in freedNumbers.map { (team.code, $0) } }
            .filter { !taken.contains("\($0.0) \($0.1)") }.shuffled(using: &generator)
        var plans = Array(repeating: [PlannedWrite](), count: processes)
        for index in 0..<writes {
            let colliding = Bool.random(using: &generator)
            let onCode = Bool.random(using: &generator)
            // When the free shirt numbers or codes run out, the write becomes a team or a result.
            let wanted = slots.count < processes && index % 3 == 1 ? 0 : index % 3
            let kind = codes.count < processes && wanted == 0 ? 2 : wanted
            let sharedCode = colliding && onCode && kind == 0 ? codes.popLast()! : ""
            let sharedSlot = colliding && kind == 1 ? slots.popLast()! : nil
            for worker in 0..<processes {
                let write: PlannedWrite
                switch kind {
                case 0 where colliding && onCode:
                    let target = WriteTarget.team(code: sharedCode, name: "Stress \(sharedCode) w\(worker)")
                    write = PlannedWrite(worker: worker, index: index, target: target, collision: "team code \(sharedCode)")
                case 0 where colliding:
                    let name = "Kollision \(index)"
                    let target = WriteTarget.team(code: codes.popLast()!, name: name)
                    write = PlannedWrite(worker: worker, index: index, target: target, collision: "team name \(name)")
                case 0:
                    let code = codes.popLast()!
                    write = PlannedWrite(
                        worker: worker, index: index, target: .team(code: code, name: "Stress \(code)"), collision: nil)
                case 1:
                    let slot = sharedSlot ?? slots.popLast()!
                    let target = WriteTarget.player(team: slot.0, number: slot.1, name: "W\(worker)-\(index)")
                    write = PlannedWrite(
                        worker: worker, index: index, target: target,
                        collision: sharedSlot.map { "shirt number \($0.0) #\($0.1)" })
                default:
                    write = PlannedWrite(
                        worker: worker, index: index, target: .result(home: worker, away: index % 100), collision: nil)
                }
                plans[worker].append(write)
            }
        }
        return plans
    }

    /// Reads the store after the writers and accounts for every write.
    ///
    /// - Parameters:
    ///   - records: Every write made.
    ///   - store: The store they wrote to.
    /// - Returns: The defects found.
    func check(_ records: [WriteRecord], store: URL) -> [Defect] {
        var defects: [Defect] = []
        let teams: [(code: String, name: String)]
        let players: [(team: String, number: Int, name: String)]
        let result: (home: Int, away: Int)?
        do {
            let reader = try StoreReader(path: store.path)
            let integrity = try reader.integrity()
            if integrity != "ok" {
                defects.append(
                    Defect(kind: .tornStores, message: "concurrent writers: integrity_check says \(integrity) (\(store.path))"))
            }
            teams = try reader.teams()
            players = try reader.players()
            result = try reader.result(home: WriteTarget.contestedMatch.home, away: WriteTarget.contestedMatch.away)
        } catch {
            return [
                Defect(kind: .unreadableStores, message: "concurrent writers: the store cannot be read: \(error) (\(store.path))")
            ]
        }
        let readBack = context.runner.run(["list", "teams", "--store", store.path])
        if !readBack.succeeded {
            defects.append(
                Defect(
                    kind: .unreadableStores,
                    message: "concurrent writers: em cannot read the store: \(readBack.commandLine): \(readBack.summary)"))
        }
        // Who claimed a colliding key successfully.
        let writers = { (key: String) in
            records.filter { $0.outcome.succeeded && $0.write.collision == key }.map { "writer \($0.write.worker)" }
        }
        for (code, rows) in Dictionary(grouping: teams, by: \.code) where rows.count > 1 {
            defects.append(
                Defect(
                    kind: .duplicates,
                    message:
                        "\(rows.count) teams with code \(code): \(rows.map(\.name)); successful writers: \(writers("team code \(code)"))"
                ))
        }
        for (name, rows) in Dictionary(grouping: teams, by: \.name) where rows.count > 1 {
            defects.append(
                Defect(
                    kind: .duplicates,
                    message:
                        "\(rows.count) teams named \"\(name)\": codes \(rows.map(\.code)); successful writers: \(writers("team name \(name)"))"
                ))
        }
        for (key, rows) in Dictionary(grouping: players, by: { "\($0.team) #\($0.number)" }) where rows.count > 1 {
            defects.append(
                Defect(
                    kind: .duplicates,
                    message:
                        "\(rows.count) players of \(key): \(rows.map(\.name)); successful writers: \(writers("shirt number \(key)"))"
                ))
        }
        let stored = Set(teams.map { WriteTarget.team(code: $0.code, name: $0.name) })
            .union(players.map { WriteTarget.player(team: $0.team, number: $0.number, name: $0.name) })
        for record in records {
            defects += check(record, present: stored.contains(record.write.target))
        }
        for (key, contenders) in Dictionary(grouping: records.filter { $0.write.collision != nil }, by: { $0.write.collision! }) {
            guard !contenders.contains(where: \.outcome.succeeded) else { continue }
            let answers = contenders.map { "writer \($0.write.worker): \($0.outcome.summary)" }
            defects.append(
                Defect(kind: .badRefusals, message: "nobody won the collision on \(key): \(answers.joined(separator: "; "))"))
        }
        defects += checkResults(records.filter { if case .result = $0.write.target { true } else { false } }, final: result)
        return defects
    }

    /// Checks one team or player write against the store; a result write only for crashes and
    /// refusals (the final result is checked once for all).
    ///
    /// - Parameters:
    ///   - record: The write.
    ///   - present: Whether its target is in the store.
    private func check(_ record: WriteRecord, present: Bool) -> [Defect] {
        let outcome = record.outcome
        if let crash = outcome.crash {
            return [Defect(kind: .crashes, message: "\(crash): \(record.label): \(outcome.summary)")]
        }
        let isResult = if case .result = record.write.target { true } else { false }
        if outcome.succeeded {
            return present || isResult
                ? [] : [Defect(kind: .lostWrites, message: "exited 0 but is not in the store: \(record.label)")]
        }
        var defects: [Defect] = []
        if !outcome.stdout.isEmpty {
            defects.append(
                Defect(
                    kind: .phantomSuccesses,
                    message: "printed \(EMOutcome.quoted(outcome.stdout)) but failed (\(outcome.summary)): \(record.label)"))
        }
        if present {
            defects.append(
                Defect(kind: .badRefusals, message: "failed but its write committed (\(outcome.summary)): \(record.label)"))
        }
        if record.write.collision == nil {
            defects.append(
                Defect(kind: .badRefusals, message: "refused without a collision (\(outcome.summary)): \(record.label)"))
        } else if outcome.status != 65 || !outcome.hasOneErrorLine {
            defects.append(
                Defect(
                    kind: .badRefusals,
                    message:
                        "a colliding write refused other than with exit 65 and one line (\(outcome.summary)): \(record.label)"))
        }
        return defects
    }

    /// Checks the contested match's final result against the result writes: it must be the
    /// score of a successful write, and no successful write of another score may have started
    /// after that write ended (its result would have been lost).
    ///
    /// - Parameters:
    ///   - records: The result writes.
    ///   - final: The match's result in the store.
    private func checkResults(_ records: [WriteRecord], final: (home: Int, away: Int)?) -> [Defect] {
        let successes = records.filter(\.outcome.succeeded)
        guard !successes.isEmpty else { return [] }
        guard let final else {
            return [Defect(kind: .lostWrites, message: "\(successes.count) result writes exited 0, but GER-POR has no result")]
        }
        let score = WriteTarget.result(home: final.home, away: final.away)
        let candidates = successes.filter { $0.write.target == score }
        guard !candidates.isEmpty else {
            return [
                Defect(
                    kind: .phantomSuccesses,
                    message: "the final result \(final.home):\(final.away) of GER-POR was written by no successful command")
            ]
        }
        let overtaking = candidates.compactMap { candidate in
            successes.first { $0.write.target != score && $0.outcome.start > candidate.outcome.end }
        }
        guard overtaking.count == candidates.count, let later = overtaking.first else { return [] }
        return [
            Defect(
                kind: .lostWrites,
                message:
                    "GER-POR ends \(final.home):\(final.away), but \(later.label) started after that write had exited 0, and exited 0 itself"
            )
        ]
    }
}
