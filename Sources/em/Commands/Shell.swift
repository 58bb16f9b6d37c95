import ArgumentParser

/// `em shell`: many commands on one context, from a person or a script.
struct Shell: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Run many commands on one unsaved context.",
        discussion: """
            Reads commands line by line from standard input: the em commands without 'em' \
            (except init and shell), with shell-like quoting, plus:
              changes          the unsaved changes, values before and after
              undo, redo       step back or forward one command (not one that
                               changed nothing)
              rollback         drop all unsaved changes
              refresh          after a save refused over another program's change,
                               reload that object, keeping the other unsaved changes
              save             keep the changes (save --to FILE exports as usual)
              quit, exit       end (Ctrl-D too); refused with unsaved changes unless --force
            Nothing is saved until 'save'. On a terminal, lines can be edited, the arrow keys \
            recall earlier ones (kept in $XDG_STATE_HOME/em/history, else \
            ~/.local/state/em/history), Tab completes commands, options, team codes and \
            match ids, and Ctrl-C drops the line being typed (it does not end the shell). \
            From a script, the shell stops at the first failing \
            line with its exit status; at the end of input with unsaved changes it warns and \
            exits with status 1, saving nothing.

            Examples:
              em shell
              em shell --store euro.sqlite < edits.em
              printf 'set-coach --team GER --given Hansi --name Flick\\nsave\\n' | em shell
            """)

    @OptionGroup var store: StoreOptions

    func run() throws {
        let session = try Session(store: store, mode: .shell)
        let status = ShellLoop(session: session).run()
        guard status == .success else { throw ExitCode(status.rawValue) }
    }
}
