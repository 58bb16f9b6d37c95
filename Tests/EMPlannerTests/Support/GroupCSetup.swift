import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// EURO 2024 Group C as a small tournament: England, Denmark, Slovenia and Serbia with seven
/// players each (numbers 1 to 7), the six group matches with their real results (ids 1 to 6, in
/// kick-off order), and an invented knockout path for England — round of 16 against Slovenia (7),
/// quarter-final against Denmark (8), semi-final against Serbia (9), final against Slovenia (10)
/// — without results; the
/// competition plays by EURO 2024's rules.
enum GroupCSetup {
    /// Team codes and German names, in the group's order.
    static let teams = [
        ("ENG", "England", "England"), ("DEN", "Dänemark", "Denmark"), ("SVN", "Slowenien", "Slovenia"),
        ("SRB", "Serbien", "Serbia"),
    ]

    /// The six group matches in kick-off order: home, away, kick-off, venue, city.
    static let groupMatches = [
        ("SVN", "DEN", "2024-06-16T18:00:00+02:00", "Stuttgart Arena", "Stuttgart"),
        ("SRB", "ENG", "2024-06-16T21:00:00+02:00", "Arena AufSchalke", "Gelsenkirchen"),
        ("SVN", "SRB", "2024-06-20T15:00:00+02:00", "Allianz Arena", "Munich"),
        ("DEN", "ENG", "2024-06-20T18:00:00+02:00", "Waldstadion", "Frankfurt"),
        ("ENG", "SVN", "2024-06-25T21:00:00+02:00", "RheinEnergieStadion", "Cologne"),
        ("DEN", "SRB", "2024-06-25T21:00:00+02:00", "Allianz Arena", "Munich"),
    ]

    /// England's knockout matches: round, opponent, kick-off, venue, city.
    static let knockoutMatches = [
        ("round16", "SVN", "2024-06-30T18:00:00+02:00", "Arena AufSchalke", "Gelsenkirchen"),
        ("quarterfinal", "DEN", "2024-07-06T18:00:00+02:00", "Merkur Spiel-Arena", "Düsseldorf"),
        ("semifinal", "SRB", "2024-07-10T21:00:00+02:00", "Signal Iduna Park", "Dortmund"),
        ("final", "SVN", "2024-07-14T21:00:00+02:00", "Olympiastadion", "Berlin"),
    ]

    /// The setup, with the group results of `euro2024.json`.
    static func setup() throws -> SetupData {
        let fixture = try EuroFixture.load(2024)
        let name = { (code: String) in teams.first { $0.0 == code }!.1 }
        let kickoff = { (text: String) in KickoffFormat.parse(text)!.0 }
        var matches: [SetupData.MatchEntry] = []
        for (home, away, time, venue, city) in groupMatches {
            let real = try #require(
                try fixture.matches.first { try fixture.code($0.home) == home && fixture.code($0.away) == away })
            matches.append(
                .init(
                    home: name(home), away: name(away), kickoff: kickoff(time), timeZone: "Europe/Berlin", venue: venue,
                    city: city, round: "group", group: "C", homeGoals: real.homeGoals, awayGoals: real.awayGoals))
        }
        for (round, opponent, time, venue, city) in knockoutMatches {
            matches.append(
                .init(
                    home: "England", away: name(opponent), kickoff: kickoff(time), timeZone: "Europe/Berlin", venue: venue,
                    city: city, round: round, group: nil))
        }
        let squad = (1...7).map { number in
            SetupData.PlayerEntry(
                number: number, givenname: nil, name: "Player \(number)", position: number == 1 ? "GK" : "MF", club: nil,
                born: nil)
        }
        return SetupData(
            tournament: "EURO 2024 Group C",
            groups: [
                .init(
                    name: "C",
                    teams: teams.map { .init(name: $0.1, englishName: $0.2, code: $0.0, coach: nil, players: squad) })
            ],
            matches: matches)
    }

    /// A tournament seeded from the setup, playing by EURO 2024's rules, saved.
    static func tournament(_ kind: StoreKind = .inMemory) throws -> TestTournament {
        let test = try TestTournament.seeded(kind, from: try setup())
        let competition = try #require(try test.tournament.context.fetch(Competition.fetchRequest()).first)
        competition.ruleSet = RuleSet.euro2024.identifier
        try test.tournament.save()
        return test
    }
}
