import FootballText
import TestSupport
import Testing

@testable import EMPlanner

/// Every EURO from 1960 to 2024 in openfootball's files, computed by the engine under its
/// edition's rules: the final group tables against the official ones, every knockout winner,
/// the bracket's pairings against the matches played, and the champion.
///
/// The expected orders are the final standings that Wikipedia's "UEFA Euro YYYY" articles
/// give (2012 and 2024 also UEFA's, `standings-2012-2024.json` of the shared data). Two
/// editions' decisive ties were checked against a second source, as Resources/RULES.md §6
/// cites: 1996 Group C (Czech Republic above Italy on the head-to-head win; The Independent,
/// "Rules of engagement: laying down the law in Euro 96", and The Irish Times, "How
/// qualification is decided") and 2004 Group C (Sweden, Denmark and Italy on 5 points, split by
/// head-to-head goals, 3, 2, 1; the regulations' list quoted in June 2004). Two more tables are
/// checked whole against a second source in ``FootballTextImportTests/secondSource(_:)``: 1992
/// Group 1 and 2008 Group A. 1980 Group 2 (Belgium above Italy on goals scored, both +1) rests
/// on Wikipedia's group article alone.
@Suite("Engine: every EURO from 1960 to 2024")
struct HistoricEditionTests {
    /// What one edition's file must give.
    struct Edition: Sendable, CustomTestStringConvertible {
        /// The fixture's directory, such as `1968--italy`.
        var directory: String
        /// The edition's rules.
        var ruleSet: RuleSet
        /// The champion's code.
        var champion: String
        /// The teams that went through in each knockout round.
        var winners: [KnockoutRound: Set<String>]
        /// Each group's final order, by code, groups in order.
        var groups: [[String]] = []
        /// The official order of groups whose teams the file's data leaves level (by group).
        var officialOrders: [String: [String]] = [:]
        /// The official order of the third-placed teams, where the file's data leaves some level.
        var thirdPlacedOrder: [String]?

        var testDescription: String { directory }
    }

    static let editions: [Edition] = [
        Edition(
            directory: "1960--france", ruleSet: .euro1960, champion: "URS",
            winners: [.semifinal: ["YUG", "URS"], .thirdPlace: ["TCH"], .final: ["URS"]]),
        Edition(
            directory: "1964--spain", ruleSet: .euro1964, champion: "ESP",
            winners: [.semifinal: ["ESP", "URS"], .thirdPlace: ["HUN"], .final: ["ESP"]]),
        Edition(
            directory: "1968--italy", ruleSet: .euro1968, champion: "ITA",
            winners: [.semifinal: ["ITA", "YUG"], .thirdPlace: ["ENG"], .final: ["ITA"]]),
        Edition(
            directory: "1972--belgium", ruleSet: .euro1972, champion: "FRG",
            winners: [.semifinal: ["URS", "FRG"], .thirdPlace: ["BEL"], .final: ["FRG"]]),
        Edition(
            directory: "1976--yugoslavia", ruleSet: .euro1976, champion: "TCH",
            winners: [.semifinal: ["TCH", "FRG"], .thirdPlace: ["NED"], .final: ["TCH"]]),
        Edition(
            directory: "1980--italy", ruleSet: .euro1980, champion: "FRG",
            winners: [.thirdPlace: ["TCH"], .final: ["FRG"]],
            groups: [["FRG", "TCH", "NED", "GRE"], ["BEL", "ITA", "ENG", "ESP"]]),
        Edition(
            directory: "1984--france", ruleSet: .euro1984, champion: "FRA",
            winners: [.semifinal: ["FRA", "ESP"], .final: ["FRA"]],
            groups: [["FRA", "DEN", "BEL", "YUG"], ["ESP", "POR", "FRG", "ROU"]]),
        Edition(
            directory: "1988--west-germany", ruleSet: .euro1988, champion: "NED",
            winners: [.semifinal: ["NED", "URS"], .final: ["NED"]],
            groups: [["FRG", "ITA", "ESP", "DEN"], ["URS", "NED", "IRL", "ENG"]]),
        Edition(
            directory: "1992--sweden", ruleSet: .euro1992, champion: "DEN",
            winners: [.semifinal: ["GER", "DEN"], .final: ["DEN"]],
            groups: [["SWE", "DEN", "FRA", "ENG"], ["NED", "GER", "SCO", "CIS"]]),
        Edition(
            directory: "1996--england", ruleSet: .euro1996, champion: "GER",
            winners: [.quarterfinal: ["ENG", "FRA", "GER", "CZE"], .semifinal: ["CZE", "GER"], .final: ["GER"]],
            groups: [
                ["ENG", "NED", "SCO", "SUI"], ["FRA", "ESP", "BUL", "ROU"], ["GER", "CZE", "ITA", "RUS"],
                ["POR", "CRO", "DEN", "TUR"],
            ]),
        Edition(
            directory: "2000--belgium-netherlands", ruleSet: .euro2000, champion: "FRA",
            winners: [.quarterfinal: ["POR", "ITA", "NED", "FRA"], .semifinal: ["FRA", "ITA"], .final: ["FRA"]],
            groups: [
                ["POR", "ROU", "ENG", "GER"], ["ITA", "TUR", "BEL", "SWE"], ["ESP", "YUG", "NOR", "SVN"],
                ["NED", "FRA", "CZE", "DEN"],
            ]),
        Edition(
            directory: "2004--portugal", ruleSet: .euro2004, champion: "GRE",
            winners: [.quarterfinal: ["POR", "GRE", "NED", "CZE"], .semifinal: ["POR", "GRE"], .final: ["GRE"]],
            groups: [
                ["POR", "GRE", "ESP", "RUS"], ["FRA", "ENG", "CRO", "SUI"], ["SWE", "DEN", "ITA", "BUL"],
                ["CZE", "NED", "GER", "LVA"],
            ]),
        Edition(
            directory: "2008--austria-switzerland", ruleSet: .euro2008, champion: "ESP",
            winners: [.quarterfinal: ["GER", "TUR", "RUS", "ESP"], .semifinal: ["GER", "ESP"], .final: ["ESP"]],
            groups: [
                ["POR", "TUR", "CZE", "SUI"], ["CRO", "GER", "AUT", "POL"], ["NED", "ITA", "ROU", "FRA"],
                ["ESP", "RUS", "SWE", "GRE"],
            ]),
        Edition(
            directory: "2012--poland-ukraine", ruleSet: .euro2012, champion: "ESP",
            winners: [.quarterfinal: ["POR", "GER", "ESP", "ITA"], .semifinal: ["ESP", "ITA"], .final: ["ESP"]],
            groups: [
                ["CZE", "GRE", "RUS", "POL"], ["GER", "POR", "DEN", "NED"], ["ESP", "ITA", "CRO", "IRL"],
                ["ENG", "FRA", "UKR", "SWE"],
            ]),
        Edition(
            directory: "2016--france", ruleSet: .euro2016, champion: "POR",
            winners: [
                .round16: ["POL", "WAL", "POR", "FRA", "GER", "BEL", "ITA", "ISL"],
                .quarterfinal: ["POR", "WAL", "GER", "FRA"], .semifinal: ["POR", "FRA"], .final: ["POR"],
            ],
            groups: [
                ["FRA", "SUI", "ALB", "ROU"], ["WAL", "ENG", "SVK", "RUS"], ["GER", "POL", "NIR", "UKR"],
                ["CRO", "ESP", "TUR", "CZE"], ["ITA", "BEL", "IRL", "SWE"], ["HUN", "ISL", "POR", "AUT"],
            ]),
        // Played in 2021; openfootball's file is "Euro 2021".
        Edition(
            directory: "2021--europe", ruleSet: .euro2020, champion: "ITA",
            winners: [
                .round16: ["DEN", "ITA", "CZE", "BEL", "ESP", "SUI", "ENG", "UKR"],
                .quarterfinal: ["ESP", "ITA", "DEN", "ENG"], .semifinal: ["ITA", "ENG"], .final: ["ITA"],
            ],
            groups: [
                ["ITA", "WAL", "SUI", "TUR"], ["BEL", "DEN", "FIN", "RUS"], ["NED", "AUT", "UKR", "MKD"],
                ["ENG", "CRO", "CZE", "SCO"], ["SWE", "ESP", "SVK", "POL"], ["FRA", "GER", "POR", "HUN"],
            ]),
        Edition(
            directory: "2024--germany", ruleSet: .euro2024, champion: "ESP",
            winners: [
                .round16: ["SUI", "GER", "ENG", "ESP", "FRA", "POR", "NED", "TUR"],
                .quarterfinal: ["ESP", "FRA", "ENG", "NED"], .semifinal: ["ESP", "ENG"], .final: ["ESP"],
            ],
            groups: [
                ["GER", "SUI", "HUN", "SCO"], ["ESP", "ITA", "CRO", "ALB"], ["ENG", "DEN", "SVN", "SRB"],
                ["AUT", "FRA", "NED", "POL"], ["ROU", "BEL", "SVK", "UKR"], ["POR", "TUR", "GEO", "CZE"],
            ],
            // Decided by disciplinary points (Denmark 6, Slovenia 7; Netherlands ahead of Georgia),
            // which count the officials' cards too; the file shows few line-ups and no officials.
            officialOrders: ["C": ["ENG", "DEN", "SVN", "SRB"]],
            thirdPlacedOrder: ["NED", "GEO", "SVK", "SVN", "HUN", "CRO"]),
    ]

    @Test("Group tables, knockout winners, bracket and champion", arguments: editions)
    func edition(_ expected: Edition) throws {
        let text = try OpenfootballFixture.text("\(expected.directory)/euro.txt")
        let document = try FootballTextParser().parse(text, fileName: "\(expected.directory)/euro.txt").document
        func code(_ name: String) throws -> String {
            try #require(KnownTeam.named(name), "unknown team \(name)").code
        }
        let ruleSet = expected.ruleSet

        // The group stage, under the edition's rules; declared groups in order.
        var tables: [GroupTable] = []
        for (index, declaration) in document.groups.enumerated() {
            let matches = document.matches.filter { $0.stage == .group && $0.group == declaration.name }
            var groupMatches: [GroupMatch] = []
            var points: [String: Int] = [:]
            var matchesWithCards: [String: Int] = [:]
            for (number, match) in matches.enumerated() {
                let result = try #require(match.result, "\(match.home) v \(match.away) has no score")
                let home = try code(match.home)
                let away = try code(match.away)
                groupMatches.append(
                    GroupMatch(home: home, away: away, matchday: number / 2 + 1, score: result.regularTime, penalties: nil))
                for (side, team) in [(MatchSide.home, home), (.away, away)] {
                    if let cards = match.cards(of: side) {
                        points[team, default: 0] += ruleSet.disciplinaryScheme.points(players: cards)
                        matchesWithCards[team, default: 0] += 1
                    }
                }
            }
            #expect(matches.count == 6, "group \(declaration.name)")
            let name = ruleSet.groupNames[index]
            // Points count only for a team whose every match shows its cards.
            var groupResults = GroupResults(
                name: name, teams: try declaration.teams.map(code), matches: groupMatches,
                disciplinaryPoints: points.filter { matchesWithCards[$0.key] == 3 },
                officialOrder: expected.officialOrders[name])
            let table = GroupTable(groupResults, ruleSet: ruleSet)
            #expect(table.isComplete)
            if expected.officialOrders[name] != nil {
                #expect(table.decisions.contains { if case .officialOrder = $0 { true } else { false } })
                groupResults.officialOrder = nil
                #expect(
                    GroupTable(groupResults, ruleSet: ruleSet).decisions.contains { if case .level = $0 { true } else { false } })
            }
            #expect(table.rows.map(\.team) == expected.groups[index], "group \(name): \(table.decisions)")
            tables.append(table)
        }
        #expect(tables.count == expected.groups.count)

        // The knockout matches in the order played: each is the bracket match of its round that
        // the bracket, filled in from the tables and the results so far, gives these teams; a
        // replay decides its match again.
        let knockout = document.matches.filter { $0.stage != .group }
        let semifinals = knockout.filter { $0.stage == .knockout(.semifinal) }
        let qualifiers = ruleSet.groupNames.isEmpty ? try semifinals.flatMap { [try code($0.home), try code($0.away)] } : []
        func bracket(_ results: [KnockoutResult]) -> Bracket {
            Bracket(
                ruleSet: ruleSet, groups: tables, results: results, thirdPlacedOrder: expected.thirdPlacedOrder,
                qualifiers: qualifiers)
        }
        var results: [KnockoutResult] = []
        var numbers: [Int] = []
        for match in knockout {
            guard case .knockout(let round)? = match.stage else {
                Issue.record("round \(match.round) is no stage")
                continue
            }
            let home = try code(match.home)
            let away = try code(match.away)
            let state = bracket(results).matches.first { state in
                state.match.round == round && Set([state.home.team, state.away.team]) == Set([home, away])
                    && (match.isReplay || !numbers.contains(state.number))
            }
            let number = try #require(state?.number, "no bracket match of the \(round) pairs \(home) and \(away)")
            numbers.append(number)
            let result = try #require(match.result)
            if result.winner != nil || !knockout.contains(where: \.isReplay) {
                results.removeAll { $0.match == number }
                results.append(try KnockoutResult(match: number, home: home, away: away, result: result, round: round))
            }
        }
        #expect(Set(numbers) == Set(ruleSet.bracket.map(\.number)), "every bracket match is played")
        var winners: [KnockoutRound: Set<String>] = [:]
        for result in results {
            winners[try #require(ruleSet.bracketMatch(result.match)).round, default: []].insert(result.winner)
        }
        #expect(winners == expected.winners)
        let bracket = bracket(results)
        #expect(bracket.matches.last?.winner.team == expected.champion)
    }

    @Test("Every fixture edition but the planned 2028 is covered")
    func everyEdition() {
        #expect(Set(Self.editions.map(\.directory)) == Set(OpenfootballFixture.editions.filter { !$0.hasPrefix("2028") }))
    }
}

extension MatchEntry {
    /// The cards each side's line-up shows, as the tie-breakers count them, or `nil` for a side
    /// without a line-up.
    fileprivate func cards(of side: MatchSide) -> DisciplinaryScheme.Cards? {
        guard let lineup = lineups.first(where: { $0.team == team(side) }) else { return nil }
        var cards = DisciplinaryScheme.Cards()
        for player in lineup.players {
            for kinds in [player.cards.map(\.kind)] + player.substitutions.map({ $0.cards.map(\.kind) }) {
                if kinds.contains(.yellowRed) {
                    cards.secondYellow += 1
                } else if kinds.contains(.red) {
                    if kinds.contains(.yellow) { cards.yellowThenDirectRed += 1 } else { cards.directRed += 1 }
                } else if kinds.contains(.yellow) {
                    cards.yellow += 1
                }
            }
        }
        return cards
    }
}
