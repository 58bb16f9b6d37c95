import EMPlanner
import Foundation

/// The tournament that commands work on, opened once: by a one-shot `em` command, or by
/// `em shell` for all of its lines.
///
/// ``perform(_:)`` runs a command as one undo group: when the command fails, or is a dry run,
/// what it changed is undone, so a failed command leaves the context as it found it; a command
/// that changed nothing leaves no undo step.
final class Session {
    /// How commands reach the session.
    enum Mode {
        /// One command per process; it is saved on success.
        case oneShot
        /// Many commands on one context; `save` keeps them.
        case shell
        /// The lines of a script as one transaction (`em run`), saved at its end, or never in a
        /// dry run; `save` keeps nothing early.
        case script(dryRun: Bool)
    }

    /// The tournament and its context.
    let tournament: Tournament
    /// How commands reach the session.
    let mode: Mode
    /// Whether opening the session made its store, seeded.
    let createdStore: Bool
    /// The setup given to ``init(store:mode:creatingWith:)`` that a store it made was seeded
    /// from, so that `em init` reports it without reading its file again.
    private(set) var newStoreSetup: SetupData?
    /// The store file, and whether it is the default one, which em seeds on first use.
    let location: StoreOptions.Location
    private var hasTournament = false

    /// Opens the store with an undo stack on its context.
    ///
    /// A store is made only by `em init` (`setup`), or, for the default store (see
    /// ``StoreOptions/Location/isDefault``), on first use, holding the bundled EURO 2012, which
    /// a line on standard error reports. Either is made all at once
    /// (``Tournament/open(creatingAt:seededFrom:)``). The temporary files that killed em
    /// processes left beside a store file are removed first.
    ///
    /// - Parameters:
    ///   - store: The `--store` option.
    ///   - mode: How commands reach the session.
    ///   - setup: The tournament `em init` makes a missing store with; `nil` for other commands.
    /// - Throws: ``EMError/noStore(path:)`` for a store the user named that does not exist
    ///   (``EMError/noStoreFolder(path:folder:)`` when its folder does not either),
    ///   ``PlannerError`` when the file is not a planner store or cannot be opened, and what
    ///   `setup` throws.
    /// - Complexity: Opens (and may create) the store file.
    init(store: StoreOptions, mode: Mode, creatingWith setup: (() throws -> SetupData)? = nil) throws {
        let location = try store.location()
        self.location = location
        self.mode = mode
        if case .file(let url) = location.store {
            // An em killed while making a file under this name left its temporaries beside it.
            NewFile(url: url).removeAbandonedTemporaries()
        }
        if let setup {
            var used: SetupData?
            let seeding = {
                used = try setup()
                return used!
            }
            switch location.store {
            case .file(let url): (tournament, createdStore) = try Tournament.open(creatingAt: url, seededFrom: seeding)
            default: (tournament, createdStore) = try Tournament.open(creatingOn: location.store, seededFrom: seeding)
            }
            newStoreSetup = used
        } else if location.isDefault, case .file(let url) = location.store {
            (tournament, createdStore) = try Tournament.open(creatingAt: url) { try SetupData.bundled }
        } else if case .file(let url) = location.store {
            var status = stat()
            guard stat(url.path, &status) == 0 else {
                let folder = url.deletingLastPathComponent().path
                guard FileManager.default.fileExists(atPath: folder) else {
                    throw EMError.noStoreFolder(path: url.path, folder: folder)
                }
                throw EMError.noStore(path: url.path)
            }
            // An empty file would become a store when opened: only `em init` may do that.
            guard status.st_size > 0 else { throw EMError.noTournament(path: url.path) }
            tournament = try Tournament(store: location.store)
            createdStore = false
        } else {
            // Only `em init` and `em import` make a store on a server.
            do {
                tournament = try Tournament(store: location.store, createsStore: false)
            } catch let error as PlannerError {
                guard case .noStore = error.kind else { throw error }
                throw EMError.noServerStore(name: location.name)
            }
            createdStore = false
        }
        tournament.enableUndo()
        if createdStore, setup == nil { try reportSeeding() }
    }

    /// Puts the tournament of `setup` into the store, as `em init` and `em import` do: a store
    /// opening made holds it already; one holding a tournament is replaced only with `force`.
    ///
    /// A tournament that `force` replaces is first copied to a backup (see ``backUp()``),
    /// which a line names.
    ///
    /// - Returns: The setup the store now holds (the one it was made with, if it was made), or
    ///   `nil` when it holds another tournament and `force` is not given; then this says so,
    ///   naming the tournament it holds and what `--force` would do.
    func seed(_ setup: () throws -> SetupData, force: Bool) throws -> SetupData? {
        let setup = try newStoreSetup ?? setup()
        if createdStore {
            // Made holding this setup's tournament.
        } else if force {
            // A setup refused outright leaves no backup behind; one refused while seeding, the
            // backup file is removed again.
            try setup.validate(source: "setup")
            let held = try tournament.isInitialised ? try tournament.title ?? "the tournament" : nil
            let backup = try held.map { _ in try backUp() }
            do {
                try tournament.interchange.replace(with: setup)
            } catch {
                if case .file(let url) = backup?.location { try? FileManager.default.removeItem(at: url) }
                throw error
            }
            if let held, let backup { Terminal.print("kept a backup of \(held) in \(backup.name)") }
        } else if try !tournament.interchange.seedIfNeeded(from: setup) {
            let held = try tournament.title ?? "a tournament"
            let replacing =
                held == setup.tournament ? "--force seeds it afresh" : "--force replaces it with \(setup.tournament)"
            Terminal.print("the store holds \(held) already; nothing changed (\(replacing))")
            return nil
        }
        return setup
    }

    /// Says on standard error that em seeded the default store by itself.
    private func reportSeeding() throws {
        Terminal.diagnose("seeded \(try tournament.title ?? "a tournament") into \(location.name)")
    }

    /// Runs `command` as one undo group.
    ///
    /// If the command needs a tournament and the store holds none, the default store is seeded
    /// with the bundled EURO 2012 first; a store the user named is refused. A failing command's
    /// changes are undone.
    ///
    /// An editing command (``SessionCommand/editOptions``) is reported from what its group
    /// changed: its own words when it changed something; `nothing changed: already as asked`,
    /// and no undo step, when it did not; in a dry run, what would change (then undone); with
    /// `--format json`, one JSON object instead of any words (``ChangeReport/json(dryRun:)``).
    ///
    /// - Throws: ``EMError/noTournament(path:)``, and what the command throws.
    /// - Complexity: Seeding writes one transaction; the command's own cost otherwise, and
    ///   O(*n*) in the changes it made (never in the changes pending before it, which would make
    ///   a script's cost grow with the square of its length).
    func perform(_ command: some SessionCommand) throws {
        if type(of: command).needsTournament, !hasTournament {
            if location.isDefault {
                if try tournament.interchange.seedIfNeeded() { try reportSeeding() }
            } else if try !tournament.isInitialised {
                throw EMError.noTournament(path: location.name)
            }
            hasTournament = true
        }
        tournament.beginEdit()
        var words = ""
        do {
            if command.editOptions != nil {
                words = try Terminal.capturingOutput { try command.run(in: self) }
            } else {
                try command.run(in: self)
            }
        } catch {
            tournament.abandonEdit()
            throw error
        }
        let changes = tournament.endEdit()
        guard let options = command.editOptions else { return }
        if options.dryRun, !changes.isEmpty { tournament.discardLastEdit() }
        let report = ChangeReport(changes)
        switch options.format {
        case .json: Terminal.write(report.json(dryRun: options.dryRun))
        case .text where options.dryRun: Terminal.write(report.dryRunText)
        case .text: Terminal.write(changes.isEmpty ? "nothing changed: already as asked\n" : words)
        }
    }

    /// Takes back the changes of the last command.
    ///
    /// - Returns: What changed, or `nil` if there is nothing to undo.
    func undo() -> [TournamentChange]? {
        tournament.undo()
    }

    /// Makes the changes of the last undone command again.
    ///
    /// - Returns: What changed, or `nil` if no command was undone since the last change.
    func redo() -> [TournamentChange]? {
        tournament.redo()
    }

    /// Drops every unsaved change, and the undo history with them.
    func rollback() {
        tournament.rollback()
    }

    /// Prints what a command did to an object, by its label: `added player GER 19 Mario Götze`.
    func report(_ verb: String, _ label: String) {
        Terminal.print("\(verb) \(label)")
    }

    /// Prints what filling the bracket did, a line each; when results were cleared, then how
    /// to have them back: `undo` in the shell, the earlier result again and the cleared ones
    /// re-entered otherwise (a script's lines are one transaction: it may be left unsaved).
    func report(_ update: BracketUpdate) {
        for line in update.lines { Terminal.print(line) }
        guard !update.clearedResults.isEmpty else { return }
        let numbers = update.clearedResults.map { String($0.match) }
        let matches =
            numbers.count == 1
            ? "match \(numbers[0])" : "matches \(numbers.dropLast().joined(separator: ", ")) and \(numbers.last!)"
        switch mode {
        case .shell:
            Terminal.print("undo brings back the results of \(matches)")
        case .oneShot, .script:
            Terminal.print("to have them back, record the earlier result again, then the results of \(matches) (em result)")
        }
    }
}
