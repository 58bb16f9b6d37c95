import ArgumentParser

/// `--dry-run` and `--format`, shared by every command that changes the tournament.
struct EditOptions: ParsableArguments {
    /// Whether to show the changes instead of keeping them.
    @Flag(help: "Show what would change, and save nothing.")
    var dryRun = false

    /// How to report what the command did, as given; `nil` for the default, which
    /// ``chosenFormat`` applies.
    @Option(help: "How to report the changes: text, or json for scripts (ids, old and new values); default: text.")
    var format: EditFormat?

    /// How to report what the command did: `--format`, else in words.
    var chosenFormat: EditFormat { format ?? .text }
}
