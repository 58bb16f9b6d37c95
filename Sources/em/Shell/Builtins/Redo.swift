import ArgumentParser

/// `redo` in the shell: makes the last undone command's changes again.
struct Redo: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Make the changes of the last undone command again.")

    func run(in shell: ShellLoop) throws {
        guard let changes = shell.session.redo() else {
            Terminal.print("nothing to redo")
            return
        }
        Terminal.write(ChangeReport(changes).text(under: "redone: \(Count(changes.count, "change"))"))
    }
}
