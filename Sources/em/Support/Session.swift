import EMPlanner

/// The tournament that commands work on, opened once: by a one-shot `em` command, or by
/// `em shell` for all of its lines.
///
/// ``perform(_:)`` runs a command as one undo group: when the command fails, or is a dry run,
/// what it changed is undone, so a failed command leaves the context as it found it.
final class Session {
    /// How commands reach the session.
    enum Mode {
        /// One command per process; it is saved on success.
        case oneShot
        /// Many commands on one context; `save` keeps them.
        case shell
    }

    /// The tournament and its context.
    let tournament: Tournament
    /// How commands reach the session.
    let mode: Mode
    /// Whether opening the session made its store, seeded.
    let createdStore: Bool
    private var hasTournament = false

    /// Opens the store with an undo stack on its context.
    ///
    /// - Parameters:
    ///   - store: The `--store` option.
    ///   - mode: How commands reach the session.
    ///   - setup: The tournament to make a missing store with, all at once
    ///     (``Tournament/open(creatingAt:seededFrom:)``); `nil` to make it empty.
    /// - Throws: ``PlannerError`` when the file is not a planner store or cannot be opened,
    ///   and what `setup` throws.
    /// - Complexity: Opens (and may create) the store file.
    init(store: StoreOptions, mode: Mode, seedingWith setup: (() throws -> SetupData)? = nil) throws {
        if let setup {
            (tournament, createdStore) = try Tournament.open(creatingAt: store.url(), seededFrom: setup)
        } else {
            tournament = try Tournament(store: .file(store.url()))
            createdStore = false
        }
        tournament.enableUndo()
        self.mode = mode
    }

    /// Runs `command` as one undo group.
    ///
    /// It seeds an empty store first if the command needs a tournament. A failing command's
    /// changes are undone; a dry run's changes are printed, then undone.
    ///
    /// - Throws: What the command throws.
    /// - Complexity: Seeding writes one transaction; the command's own cost otherwise.
    func perform(_ command: some SessionCommand) throws {
        if type(of: command).needsTournament, !hasTournament {
            try tournament.seedIfNeeded()
            hasTournament = true
        }
        let before = tournament.unsavedChanges
        tournament.beginEdit()
        do {
            try command.run(in: self)
        } catch {
            if tournament.endEdit() { tournament.discardLastEdit() }
            throw error
        }
        let changed = tournament.endEdit()
        guard command.isDryRun else { return }
        Terminal.write(ChangeReport(tournament.unsavedChanges.changes(since: before)).text(heading: "dry run, nothing saved"))
        if changed { tournament.discardLastEdit() }
    }

    /// Takes back the changes of the last command.
    ///
    /// - Returns: What changed, or `nil` if there is nothing to undo.
    func undo() -> [UnsavedChanges.Change]? {
        tournament.undo()
    }

    /// Makes the changes of the last undone command again.
    ///
    /// - Returns: What changed, or `nil` if no command was undone since the last change.
    func redo() -> [UnsavedChanges.Change]? {
        tournament.redo()
    }

    /// Drops every unsaved change, and the undo history with them.
    func rollback() {
        tournament.rollback()
    }

    /// Prints what a command did to an object: `added player GER 19 Mario Götze`.
    func report(_ verb: String, _ object: TournamentObject) {
        Terminal.print("\(verb) \(tournament.label(of: object))")
    }
}
