import ArgumentParser

/// `em stats scorers|cards`: the scorers' list or the cards' list.
struct Stats: StoreCommand {
    /// Which list.
    enum Kind: String, CaseIterable, ExpressibleByArgument {
        /// Goals per player.
        case scorers
        /// Cards per player or official.
        case cards
    }

    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show the scorers' list or the cards' list.",
        discussion: """
            scorers: every player with a goal, most goals first (fewer penalties first among \
            equals); own goals are not the scorer's goals: a table lists them apart, JSON and CSV \
            in their own column (a player with own goals only has no rank). cards: every \
            player or team official with a card, most red cards first.

            Examples:
              em stats scorers
              em stats cards --format csv
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions

    /// Which list.
    @Argument(help: "Which list: scorers or cards.")
    var kind: Kind

    func run(in session: Session) throws {
        let tournament = session.tournament
        let listing: Listing
        switch kind {
        case .scorers:
            let scorers = try tournament.reports.scorers()
            guard output.format != .table else { return Terminal.write(StatisticsReport.scorersTable(scorers)) }
            listing = StatisticsReport.scorers(scorers)
        case .cards: listing = StatisticsReport.cards(try tournament.reports.cardStatistics())
        }
        Terminal.write(listing.rendered(as: output.format))
    }
}
