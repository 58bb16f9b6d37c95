import ArgumentParser
import EMPlanner

/// A command that works on the tournament of a ``Session``: one line of the shell, or a whole
/// `em` invocation (then it is also a ``StoreCommand``).
///
/// A command only does its domain work in ``run(in:)``; the session decides about seeding,
/// undo groups, dry runs and saving.
protocol SessionCommand: ParsableCommand {
    /// Whether the store must hold a tournament before the command runs; an empty store is
    /// seeded with the bundled EURO 2012 first. `true` unless a command says otherwise.
    static var needsTournament: Bool { get }

    /// `--dry-run` and `--format` of a command that changes the tournament; `nil` for the
    /// others.
    var editOptions: EditOptions? { get }

    /// Does the command's work on the session's tournament and prints its result.
    ///
    /// - Throws: Whatever the planner throws; the session then discards the changes made.
    func run(in session: Session) throws
}

extension SessionCommand {
    static var needsTournament: Bool { true }
    var editOptions: EditOptions? { nil }
}

/// A command that, run from the command line, opens the store given by `--store` and lives
/// its whole life through ``CommandRunner``.
protocol StoreCommand: SessionCommand {
    /// `--store PATH`.
    var store: StoreOptions { get }

    /// The tournament a store the command makes holds (`em init`'s); `nil` for the others,
    /// which make no store but the default one (see ``Session``).
    var setupOfNewStore: (() throws -> SetupData)? { get }
}

extension StoreCommand {
    var setupOfNewStore: (() throws -> SetupData)? { nil }

    /// Runs the command through ``CommandRunner``: open, run, save.
    func run() throws {
        try CommandRunner.run(self)
    }
}

/// A command that changes the tournament and takes `--dry-run` and `--format`; its session
/// reports what it changed (see ``Session/perform(_:)``).
protocol EditCommand: StoreCommand {
    /// `--dry-run` and `--format`.
    var edit: EditOptions { get }
}

extension EditCommand {
    var editOptions: EditOptions? { edit }
}
