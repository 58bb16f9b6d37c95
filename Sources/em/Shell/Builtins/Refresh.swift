import ArgumentParser

/// `refresh` in the shell: after a save refused over an object another program changed or
/// deleted, reloads that object, dropping the unsaved changes to it only.
struct Refresh: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Reload the object a save was refused over, keeping the other unsaved changes.")

    func run(in shell: ShellLoop) throws {
        guard let label = shell.session.tournament.refreshConflictingObject() else {
            Terminal.print("nothing to refresh: no save was refused over another program's change")
            return
        }
        Terminal.print(
            "reloaded \(label) as saved, dropping your changes to it; \(Count(shell.unsavedChangeCount, "unsaved change")) kept")
    }
}
