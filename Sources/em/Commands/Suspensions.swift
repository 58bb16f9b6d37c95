import ArgumentParser
import EMPlanner

/// `em suspensions`: who is suspended for which match by the cards recorded.
struct Suspensions: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "suspensions",
        abstract: "Show who is suspended for which match.",
        discussion: """
            The automatic suspensions of the recorded cards, for players and team officials \
            (the disciplinary body may add more; em does not know of those):
              - a red card, or a second yellow card in one match: the team's next match;
              - cautions in different matches: the 2nd and the 4th suspend for the team's \
            next match; the cautions of a second-yellow sending-off count only as the \
            sending-off, a caution before a direct red card stands;
              - single cautions expire on completion of the quarter-finals.
            Source: UEFA EURO 2020 regulations, Art. 52.02 (b) and 52.05 (UEFA.com, 29 June \
            2021); the same rule in EURO 2012 (after UEFA moved the expiry from the group stage \
            to the quarter-finals in 2008), 2016 and 2024.

            FIXTURE is "next match" when the team has no further match known yet; SERVED \
            tells whether the match to miss has been played.

            Examples:
              em suspensions
              em suspensions --format json
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions

    func run(in session: Session) throws {
        let tournament = session.tournament
        Terminal.write(
            SuspensionReport(suspensions: try tournament.reports.suspensions()).listing.rendered(
                as: output.format))
    }
}
