import ArgumentParser

/// `em run`: a script of em commands as one transaction.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a script of em commands as one transaction.",
        discussion: """
            The script holds the lines 'em shell' reads (em commands without 'em', with \
            shell-like quoting). Every line runs on one context; the script's changes are \
            saved together at its end, or, at the first failing line, not at all: the error \
            names the script and the line, and em exits with that line's status. 'save' \
            lines keep nothing early. With --dry-run, em prints what the script would change \
            and saves nothing. This is the fast way to seed or edit a tournament from a \
            script: a line costs about as much as its work, however long the script.

            Examples:
              em run --dry-run squads.em
              em run squads.em
              printf 'result 1 2:0\\nresult 2 1:1\\n' | em run -
            """)

    @OptionGroup var store: StoreOptions

    /// Whether to show the script's changes instead of keeping them.
    @Flag(help: "Show what the script would change, and save nothing.")
    var dryRun = false

    /// The script.
    @Argument(help: ArgumentHelp("The script file; - reads standard input.", valueName: "script"))
    var script: String

    func run() throws {
        let file = try ScriptFile(path: script)
        try CommandRunner.run(store: store, mode: .script(dryRun: dryRun)) { session in
            let status = ShellLoop(session: session, script: file).run()
            guard status == .success else { throw ExitCode(status.rawValue) }
            guard dryRun else { return }
            Terminal.write(ChangeReport(session.tournament.unsavedChanges).dryRunText)
            session.rollback()
        }
    }
}
