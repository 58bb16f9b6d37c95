import ArgumentParser

/// `--team TEAM`, the team an edit works on.
struct TeamOption: ParsableArguments {
    /// The team: German name, English name or FIFA code.
    @Option(help: ArgumentHelp("The team: German name, English name or FIFA code.", valueName: "team"))
    var team: String
}

extension TeamOption: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .option("team") { $0.team = $1 }
        ])
    }
}
