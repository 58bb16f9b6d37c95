import ArgumentParser

/// `--dry-run` and `--format`, shared by every command that changes the tournament.
struct EditOptions: ParsableArguments {
    /// Whether to show the changes instead of keeping them.
    @Flag(help: "Show what would change, and save nothing.")
    var dryRun = false

    /// How to report what the command did.
    @Option(help: "How to report the changes: text, or json for scripts (ids, old and new values).")
    var format: EditFormat = .text
}

extension EditOptions: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .flag("dry-run") { $0.dryRun = $1 },
            .option("format", default: .text) { $0.format = $1 },
        ])
    }
}
