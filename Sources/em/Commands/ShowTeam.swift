import ArgumentParser

/// `em show team TEAM`: a team's card — group, coach, and the squad by position.
struct ShowTeam: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Show a team: group, coach, and the squad by position.",
        discussion: """
            The squad is ordered goalkeepers, defenders, midfielders, forwards, each by shirt \
            number. --format csv prints the squad alone; --format json the whole card.

            Examples:
              em show team GER
              em show team Spanien --format json
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions

    /// The team: German name, English name or FIFA code.
    @Argument(help: "The team: German name, English name or FIFA code.")
    var team: String

    func run(in session: Session) throws {
        let card = TeamCard(team: try session.tournament.lookup.teamProfile(team))
        Terminal.write(card.rendered(as: output.format))
    }
}
