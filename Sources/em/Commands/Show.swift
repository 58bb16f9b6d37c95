import ArgumentParser

/// `em show`: one object in detail; for now a team's card.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one object in detail.",
        discussion: """
            Examples:
              em show team GER
              em show team spanien --format json
            """,
        subcommands: [ShowTeam.self])
}
