import ArgumentParser
import EMPlanner

/// `em log`: who changed the tournament, when, with which command, and what it changed.
struct Log: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show who changed the tournament, when, and with which command.",
        discussion: """
            Every save to the store, the newest first, as the store's history keeps it: its \
            number, the time (ISO 8601, local), who saved (user@host), the command (a server's \
            password left out) and what it changed, by kind of object: how many were added, \
            changed (and which of their properties) and removed. Saves by em before it kept a \
            history, and by programs that keep none, are not listed. CSV has the same columns; \
            JSON has the changes as objects too.

            Examples:
              em log
              em log --limit 5
              em log --format json
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions

    /// Only the newest saves.
    @Option(help: ArgumentHelp("Only the newest saves, this many.", valueName: "count"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit needs a count of 1 or more") }
    }

    func run(in session: Session) throws {
        let entries = try session.tournament.history.log(limit: limit)
        Terminal.write(ChangeLogReport(entries: entries).listing.rendered(as: output.format))
    }
}
