import ArgumentParser

/// `--dry-run`, shared by every command that changes the tournament.
struct EditOptions: ParsableArguments {
    /// Whether to show the changes instead of keeping them.
    @Flag(help: "Show what would change, and save nothing.")
    var dryRun = false
}

extension EditOptions: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .flag("dry-run") { $0.dryRun = $1 }
        ])
    }
}
