import ArgumentParser
import EMPlanner

/// `em`, the UEFA EURO planner: the root command, configuration only.
///
/// Every subcommand is a small struct of its own in `Commands/`; `EM+Main.swift` starts it.
///
/// Every command names itself (`commandName:`): without it, swift-argument-parser derives the
/// name from the type's name by reflection, about 0.4 M instructions per command at every start.
@main
struct EM: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "em",
        abstract: "Plan a UEFA EURO: teams, squads, schedule and results.",
        discussion: """
            The tournament lives in a store file: --store PATH, else $EM_STORE, else \
            $XDG_DATA_HOME/em/em.sqlite, else ~/.local/share/em/em.sqlite. 'em init' and 'em \
            import FILE' make a store; only the default one (no --store, no $EM_STORE) is also made, holding the \
            bundled UEFA EURO 2012, by the first command that uses it. A store that holds a \
            tournament is never seeded again. Teams are accepted by German name, English name, \
            FIFA code or alias ('em team alias'), in any case.

            Examples:
              em schedule --team GER
              em standings --group A --explain
              em list players --team GER --where 'position == "DF"' --sort -number
              em add-team --name Österreich --english Austria --code AUT --group A
              em add-player --team AUT --given David --name Alaba --number 8 --position DF
              em result GER-POR 1:0
              em save --to euro2012.plist --as plist

            Shell completion: em --generate-completion-script bash|zsh|fish

            Exit status (an error is one line on standard error; nothing is saved):
              0   success
              1   refused: the shell would lose unsaved changes
              64  usage: unknown command or option, bad option value
              65  data: unknown team or match, shirt number taken or out of range,
                  invalid date, bad predicate, scheduling conflict, broken rule,
                  malformed setup
              66  input file or named store missing or unreadable
              70  internal error (a bug in em)
              73  output file exists or cannot be created
              74  store: not a planner store, other model, unreadable, I/O
              75  conflict: other programs kept changing what the command read (10 tries)
            """,
        version: "em 1.0 (ObjectGraph \(PlannerModel.frameworkVersion))",
        groupedSubcommands: [
            CommandGroup(name: "Looking", subcommands: lookingCommands),
            CommandGroup(name: "Editing", subcommands: editingCommands),
            CommandGroup(name: "Store", subcommands: [Init.self, Import.self, Save.self, Shell.self, Run.self, Log.self]),
        ]
    )

    /// Commands that print the tournament.
    static let lookingCommands: [any ParsableCommand.Type] = [
        List.self, Show.self, Schedule.self, Standings.self, Scenarios.self, Needs.self, KnockoutBracket.self, Stats.self,
        Suspensions.self, Report.self,
    ]

    /// Commands that change the tournament.
    static let editingCommands: [any ParsableCommand.Type] = [
        AddPlayer.self, RemovePlayer.self, UpdatePlayer.self, SetCoach.self, AddTeam.self, TeamCommand.self,
        GroupCommand.self, RecordResult.self, RecordGoal.self, RecordCard.self, SetOfficialOrder.self, Draw.self,
    ]
}
