import Foundation

/// Concurrent `em init --force` on one store, beside the temporary files of killed writers:
/// round after round, N processes at once replace the tournament, half of them with EURO 2012,
/// half with EURO 2024.
///
/// Expected: every process exits 0 with nothing on standard error; the store passes
/// `integrity_check` and holds one whole tournament, as a lone `init --force` of EURO 2012 or
/// of EURO 2024 leaves it (the same rows in every table, keys aside); the abandoned `.new` and
/// `.tmp` files planted beside it are gone, the one a live writer holds is still there, and
/// nothing else is left but the backups `--force` keeps of what it replaces
/// (`store.sqlite.YYYYMMDD-HHMMSS.bak`).
struct ForcedInitPhase {
    /// The suite's context.
    let context: StressContext

    /// The bundled tournaments the processes seed, in turn.
    static let tournaments = ["2012", "2024"]

    /// Runs the rounds and checks each.
    ///
    /// - Parameter report: Where the counts and defects go.
    /// - Throws: ``StressFailure`` when the store or the references cannot be prepared.
    func run(into report: inout StressReport) throws {
        let folder = try context.workspace.folder("forced-inits")
        let store = folder.appending(path: "store.sqlite")
        try context.copyTemplate(to: store)
        let references = try Self.tournaments.map { try reference(seeding: $0) }
        let rounds = context.options.small ? 2 : 6
        for round in 1...rounds {
            report.add(try check(round: round, store: store, references: references))
        }
        report.notes.append(
            "forced inits: \(rounds) rounds of \(context.options.processes) concurrent init --force, "
                + "beside abandoned and held temporary files")
    }

    /// How many rows each table of a store holds after a lone `init --force --tournament
    /// year` of the template.
    ///
    /// - Throws: ``StressFailure`` when em fails or the store cannot be read.
    private func reference(seeding year: String) throws -> [String: Int] {
        let store = try context.workspace.folder("forced-init-references/\(year)").appending(path: "store.sqlite")
        try context.copyTemplate(to: store)
        let outcome = context.runner.run(["init", "--force", "--tournament", year, "--store", store.path])
        guard outcome.succeeded else {
            throw StressFailure(description: "a lone init --force failed: \(outcome.commandLine): \(outcome.summary)")
        }
        return try Self.rowCounts(of: store)
    }

    /// How many rows each table of the tournament holds, the key tables and the history left
    /// out.
    private static func rowCounts(of store: URL) throws -> [String: Int] {
        let dump = try StoreReader(path: store.path).dump()
        let tables = dump.rows.keys.filter {
            !["sqlite_master", "Z_PRIMARYKEY", "Z_METADATA"].contains($0) && !StoreDump.historyTables.contains($0)
        }
        return Dictionary(uniqueKeysWithValues: tables.map { ($0, dump.count($0)) })
    }

    /// Plants the temporary files, runs one round's processes at once, and checks the store
    /// and its folder.
    ///
    /// - Parameters:
    ///   - round: The round's number, from 1.
    ///   - store: The store.
    ///   - references: The row counts a lone `init --force` leaves, one per tournament.
    /// - Returns: The defects found.
    private func check(round: Int, store: URL, references: [[String: Int]]) throws -> [Defect] {
        let folder = store.deletingLastPathComponent()
        let label = "forced inits, round \(round)"
        let prefix = ".\(store.lastPathComponent).\(UUID().uuidString.prefix(8))"
        // A writer killed before renaming its file, one killed after, and one at work.
        let abandoned = ["\(prefix)-0000-0000-0000-000000000000.new", "\(prefix)-1111-1111-1111-111111111111.tmp"]
        let held = "\(prefix)-2222-2222-2222-222222222222.tmp"
        for name in abandoned + [held] {
            guard FileManager.default.createFile(atPath: folder.appending(path: name).path, contents: Data()) else {
                throw StressFailure(description: "\(label): cannot make \(name) in \(folder.path)")
            }
        }
        let descriptor = open(folder.appending(path: held).path, O_RDONLY)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
            throw StressFailure(description: "\(label): cannot lock \(held)")
        }
        defer {
            close(descriptor)
            unlink(folder.appending(path: held).path)
        }
        let runner = context.runner
        let outcomes = Parallel.map(context.options.processes, threads: context.options.processes) { index in
            let year = Self.tournaments[index % Self.tournaments.count]
            return runner.run(["init", "--force", "--tournament", year, "--store", store.path])
        }
        var defects: [Defect] = []
        for outcome in outcomes {
            if let crash = outcome.crash {
                defects.append(Defect(kind: .crashes, message: "\(label): \(crash): \(outcome.summary)"))
            } else if !outcome.succeeded || !outcome.stderr.isEmpty {
                defects.append(
                    Defect(kind: .badRefusals, message: "\(label): \(outcome.commandLine): \(outcome.summary)"))
            }
        }
        do {
            let integrity = try StoreReader(path: store.path).integrity()
            let counts = try Self.rowCounts(of: store)
            if integrity != "ok" {
                defects.append(Defect(kind: .tornStores, message: "\(label): integrity_check says \(integrity)"))
            }
            if !references.contains(counts) {
                let summary = try StoreReader(path: store.path).dump().summary
                defects.append(
                    Defect(kind: .tornStores, message: "\(label): the store holds no one whole tournament: \(summary)"))
            }
        } catch {
            defects.append(Defect(kind: .unreadableStores, message: "\(label): the store cannot be read: \(error)"))
        }
        let left = Workspace.leftovers(in: folder, besides: [store.lastPathComponent, held])
        if !left.isEmpty {
            defects.append(Defect(kind: .leftoverFiles, message: "\(label): left \(left.joined(separator: ", "))"))
        }
        if !FileManager.default.fileExists(atPath: folder.appending(path: held).path) {
            defects.append(Defect(kind: .removedLiveFiles, message: "\(label): removed \(held), which a writer held locked"))
        }
        return defects
    }
}
