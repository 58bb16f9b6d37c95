import ArgumentParser

/// `changes` in the shell: the unsaved changes, each value before and after.
struct Changes: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Show the unsaved changes, each value before and after.")

    func run(in shell: ShellLoop) throws {
        let changes = shell.session.tournament.unsavedChanges
        Terminal.write(ChangeReport(changes).text(under: "\(Count(changes.count, "unsaved change"))"))
    }
}
