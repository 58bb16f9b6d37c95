import ArgumentParser

/// `em schedule`: shows the match schedule (the default) or adds a match to it.
struct Schedule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show the match schedule, or add a match to it.",
        discussion: """
            Without a subcommand, shows the schedule ('em schedule show').

            Examples:
              em schedule --team GER
              em schedule add --home GER --away ESP --round final \\
                --at 2012-07-01T20:45+02:00 --venue Olympiastadion --city Berlin
            """,
        subcommands: [ScheduleShow.self, ScheduleAdd.self],
        defaultSubcommand: ScheduleShow.self)
}
