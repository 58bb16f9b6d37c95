import ArgumentParser

/// `undo` in the shell: takes back the last command's changes.
struct Undo: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back the changes of the last command.")

    func run(in shell: ShellLoop) throws {
        guard let changes = shell.session.undo() else {
            Terminal.print("nothing to undo")
            return
        }
        Terminal.write(ChangeReport(changes).text(under: "undone: \(Count(changes.count, "change"))"))
    }
}
