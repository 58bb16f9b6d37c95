import FootballText
import Foundation

/// The squads of the tournament in openfootball's squad files, and what Football.TXT cannot
/// hold.
extension Interchange {
    /// A squad file: its name in a `squads` folder beside the match file, and its text.
    public struct SquadFile: Sendable, Equatable {
        /// The file's name, the team's English name in lower case with dashes (`czech-republic.txt`),
        /// as openfootball names them.
        public let name: String
        /// The file's text, as ``FootballTextSquadWriter`` writes it.
        public let text: String
    }

    /// The squad of every team with players, as openfootball keeps them beside a tournament's
    /// `euro.txt` (`squads/germany.txt`): the header `=  Germany - UEFA EURO 2024`, then a row per
    /// player with shirt number, name, position, year of birth and club, by position.
    ///
    /// Teams go by the English name the match file gives them, so that `em import --squads`
    /// finds each squad's team and, in the line-ups, its players.
    ///
    /// - Throws: ``PlannerError`` if the store cannot be read.
    /// - Complexity: Loads the whole tournament.
    public func footballTextSquads() throws -> [SquadFile] {
        let setup = try exportSetup()
        let writer = FootballTextSquadWriter()
        let order = ["GK": 0, "DF": 1, "MF": 2, "FW": 3]
        return setup.allTeams.filter { !$0.players.isEmpty }.map { team in
            let english = team.englishName ?? team.name
            let players = team.players.sorted { (order[$0.position] ?? 4, $0.number) < (order[$1.position] ?? 4, $1.number) }
            let squad = FootballTextSquad(
                team: english, tournament: setup.tournament,
                players: players.map { player in
                    SquadPlayer(
                        number: player.number, name: [player.givenname, player.name].compactMap { $0 }.joined(separator: " "),
                        position: player.position, birthYear: player.born.flatMap { Int($0.prefix(4)) }, club: player.club)
                })
            return SquadFile(name: Self.squadFileName(english), text: writer.write(squad))
        }
    }

    /// What the match file and the squad files cannot hold of the tournament, one sentence per
    /// kind, counted: head coaches, cards of players in no line-up and of officials, dates of
    /// birth (the squads keep the year), and where given names end (`Klaas Jan Huntelaar`);
    /// without `squads`, the players.
    ///
    /// - Parameter squads: Whether the squad files are written too.
    /// - Throws: ``PlannerError`` if the store cannot be read.
    /// - Complexity: Loads the whole tournament.
    public func footballTextLosses(squads: Bool) throws -> [String] {
        let setup = try exportSetup()
        let players = setup.allTeams.flatMap(\.players)
        let coaches = setup.allTeams.count { $0.coach != nil }
        let cards = setup.matches.reduce(0) { $0 + $1.cards.count }
        let writtenCards = setup.matches.reduce(0) { total, match in
            total
                + Self.lineups(of: match) { _, _, _ in "" }.flatMap(\.lines).joined().reduce(0) { count, player in
                    count + player.cards.count + player.substitutions.reduce(0) { $0 + $1.cards.count }
                }
        }
        let births = players.count { $0.born != nil }
        var losses: [String] = []
        if coaches > 0 { losses.append("Football.TXT has no place for head coaches: \(coaches) not written") }
        if cards > writtenCards {
            losses.append(
                "Football.TXT keeps cards in line-ups only: \(cards - writtenCards) of \(cards) cards (of players in no line-up, or of officials) not written"
            )
        }
        if !squads, !players.isEmpty {
            losses.append("squads are written as files beside a match file (--to FILE.txt): \(players.count) players not written")
            return losses
        }
        if births > 0 {
            losses.append(
                "squad files keep the year of birth only, which em import does not read: \(births) dates of birth not written")
        }
        let splits = players.count { $0.givenname?.contains(" ") == true }
        if splits > 0 {
            losses.append(
                "squad files write a player's names as one, which em import splits after the first word: \(splits) given names of several words not kept apart"
            )
        }
        return losses
    }

    /// `czech-republic.txt`: an English team name in lower-case ASCII, words joined by dashes.
    static func squadFileName(_ team: String) -> String {
        let folded = team.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-") + ".txt"
    }
}
