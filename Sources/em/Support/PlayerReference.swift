import ArgumentParser

/// `--team TEAM --number N`: a player, by team and shirt number.
struct PlayerReference: ParsableArguments {
    @OptionGroup var team: TeamOption

    /// The player's shirt number.
    @Option(help: ArgumentHelp("The player's shirt number.", valueName: "n"))
    var number: Int
}

extension PlayerReference: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.team = $1 },
            .option("number") { $0.number = $1 },
        ])
    }
}
