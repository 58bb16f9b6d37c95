import ArgumentParser
import EMPlanner

/// `--if "MATCH SCORE"`, repeatable: results to assume instead of those recorded, for a what-if
/// that saves nothing.
struct WhatIfOptions: ParsableArguments {
    /// The results to assume, in the order given.
    @Option(
        name: .customLong("if"),
        help: ArgumentHelp(
            "Assume a result as em result takes it, e.g. \"GER-SCO 2:1\" (repeatable); nothing is saved.",
            valueName: "match score"),
        transform: AssumedResultArgument.parse)
    var assumptions: [Reports.AssumedResult] = []

    /// Whether any result is assumed.
    var isWhatIf: Bool { !assumptions.isEmpty }
}
