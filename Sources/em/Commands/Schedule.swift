import ArgumentParser

/// `em schedule`: shows the match schedule (the default), or adds, moves or removes a match.
struct Schedule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show the match schedule, or add, move or remove a match.",
        discussion: """
            Without a subcommand, shows the schedule ('em schedule show').

            Examples:
              em schedule --team GER
              em schedule move 1 --on 2012-06-09
              em schedule remove 31
              em schedule add --home GER --away ESP --round final \\
                --at 2012-07-01T20:45+02:00 --venue Olympiastadion --city Berlin
            """,
        subcommands: [ScheduleShow.self, ScheduleAdd.self, ScheduleMove.self, ScheduleRemove.self],
        defaultSubcommand: ScheduleShow.self)
}
