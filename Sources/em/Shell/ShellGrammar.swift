import ArgumentParser

/// What a line of `em shell` may say: the tournament commands of `em` (without `init` and
/// `shell`), and the shell's own `changes`, `undo`, `redo`, `rollback` and `quit`.
struct ShellGrammar: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "",
        abstract: "Commands of the em shell; 'help COMMAND' or 'COMMAND --help' explains one.",
        groupedSubcommands: [
            CommandGroup(name: "Looking", subcommands: EM.lookingCommands),
            CommandGroup(name: "Editing", subcommands: EM.editingCommands),
            CommandGroup(
                name: "Session",
                subcommands: [Changes.self, Undo.self, Redo.self, Rollback.self, Refresh.self, Save.self, Quit.self]),
        ])
}

/// A command only the shell knows: it works on the shell's session as a whole, outside undo
/// groups.
protocol ShellBuiltin: ParsableCommand {
    /// Does the command's work on `shell`.
    func run(in shell: ShellLoop) throws
}
