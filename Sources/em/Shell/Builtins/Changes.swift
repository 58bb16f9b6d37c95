import ArgumentParser

/// `changes` in the shell: the unsaved inserts, updates and deletes.
struct Changes: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Show the unsaved inserts, updates and deletes.")

    func run(in shell: ShellLoop) throws {
        Terminal.write(ChangeReport(shell.session.tournament.unsavedChanges.all).text(heading: "unsaved changes"))
    }
}
