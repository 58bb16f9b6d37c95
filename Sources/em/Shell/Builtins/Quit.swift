import ArgumentParser

/// `quit` (or `exit`) in the shell: ends it, unless that would lose unsaved changes.
struct Quit: ShellBuiltin {
    static let configuration = CommandConfiguration(
        commandName: "quit",
        abstract: "End the shell; refused with unsaved changes unless --force.",
        aliases: ["exit"])

    /// Whether to end even with unsaved changes, dropping them.
    @Flag(help: "End even with unsaved changes, dropping them.")
    var force = false

    func run(in shell: ShellLoop) throws {
        let count = shell.unsavedChangeCount
        guard count == 0 || force else { throw EMError.unsavedChanges(count: count) }
        shell.hasQuit = true
    }
}
