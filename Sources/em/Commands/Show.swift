import ArgumentParser

/// `em show`: one object in detail: a team's card, or a match with its goals and cards.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one object in detail.",
        discussion: """
            Examples:
              em show team GER
              em show team spanien --format json
              em show match 1
            """,
        subcommands: [ShowTeam.self, ShowMatch.self])
}
