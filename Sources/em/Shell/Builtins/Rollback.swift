import ArgumentParser

/// `rollback` in the shell: drops every unsaved change.
struct Rollback: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Drop all unsaved changes.")

    func run(in shell: ShellLoop) throws {
        let count = shell.unsavedChangeCount
        shell.session.rollback()
        Terminal.print("rolled back \(Count(count, "unsaved change"))")
    }
}
