import ArgumentParser

/// `changes` in the shell: the unsaved inserts, updates and deletes.
struct Changes: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Show the unsaved inserts, updates and deletes.")

    func run(in shell: ShellLoop) throws {
        let changes = shell.session.tournament.unsavedChanges
        Terminal.write(ChangeReport(changes).text(under: "\(Count(changes.count, "unsaved change"))"))
    }
}
