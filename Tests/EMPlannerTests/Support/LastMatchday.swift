import Testing

@testable import EMPlanner

/// A group of a EURO as it stood before its last matchday, read through the planner:
/// its scenarios (`Reports.scenarios(group:)`) and its what-if tables
/// (`Reports.standings(group:assuming:)`), in the words a "who needs what" uses: a team wins,
/// draws or loses its last match.
struct LastMatchday {
    /// A team's result in its own last match.
    enum Result: Hashable, Sendable {
        case win, draw, loss
    }

    /// The tournament; kept for its context.
    let test: TestTournament
    /// The group's name.
    let group: String
    /// The group's scenarios.
    let scenarios: Reports.Scenarios

    /// The edition with its real results but those of the group matchday 3 (every group's but
    /// those of the groups `settled`), looked at from `group`.
    init(_ edition: StatementEdition, group: String, settled: Set<String> = []) throws {
        let test = try edition.tournamentBeforeLastMatchday(settled: settled)
        self.test = test
        self.group = group
        scenarios = try #require(try test.tournament.reports.scenarios(group: group).first)
    }

    /// The outlook of `team` over every scoreline.
    func outlook(of team: String) throws -> TeamOutlook {
        try #require(scenarios.group.outlook(of: team), "\(team) is not in group \(group)")
    }

    /// Checks that exactly the teams `certain` are sure to go through and exactly the teams
    /// `out` cannot, over every scoreline: what the source settles, em settles, and no more.
    func expectSettled(certain: Set<String>, out: Set<String>) {
        let teams = scenarios.group.teams
        #expect(Set(teams.filter { $0.qualification == .certain }.map(\.team)) == certain)
        #expect(Set(teams.filter { $0.qualification == .impossible }.map(\.team)) == out)
    }

    /// The home/draw/away combinations in which every team named has one of the results given
    /// for it; at least one, or the condition names no possible combination.
    func outcomes(_ conditions: [String: Set<Result>]) throws -> [OutcomeScenario] {
        let matching = try scenarios.group.outcomes.filter { outcome in
            try conditions.allSatisfy { team, results in results.contains(try result(of: team, in: outcome)) }
        }
        try #require(!matching.isEmpty, "no combination where \(conditions)")
        return matching
    }

    /// The positions `team` can reach over every scoreline of the combinations `conditions`
    /// select.
    func positions(of team: String, when conditions: [String: Set<Result>]) throws -> Set<Int> {
        Set(try outcomes(conditions).flatMap { $0.positions(of: team) })
    }

    /// The qualification of `team` over the combinations `conditions` select: certain or
    /// impossible only if it is in each of them.
    func qualification(of team: String, when conditions: [String: Set<Result>]) throws -> Qualification {
        let verdicts = Set(
            try outcomes(conditions).map { outcome in
                try #require(outcome.teams.first { $0.team == team }, "\(team) is not in group \(group)").qualification
            })
        return verdicts.count == 1 ? verdicts.first! : .possible
    }

    /// The group's order with these scores assumed for its open matches, as blocks of teams
    /// sharing a rank: `["GER"], ["SUI", "SCO"], …`.
    ///
    /// - Parameter scores: `"HOME-AWAY": (home, away)` in either orientation of the match.
    func order(_ scores: [String: (Int, Int)]) throws -> [[String]] {
        let assumed = try scores.map { key, goals in
            let teams = key.split(separator: "-").map(String.init)
            let index = try #require(
                scenarios.group.remaining.firstIndex { Set([$0.home, $0.away]) == Set(teams) }, "\(key) is not open")
            let reversed = scenarios.group.remaining[index].home != teams[0]
            return Reports.AssumedResult(
                match: String(scenarios.matchIDs[index]),
                score: reversed ? Score(goals.1, goals.0) : Score(goals.0, goals.1))
        }
        let table = try #require(try test.tournament.reports.standings(group: group, assuming: assumed).first)
        var blocks: [[String]] = []
        for (index, row) in table.rows.enumerated() {
            if index > 0, table.rows[index - 1].rank == row.rank {
                blocks[blocks.count - 1].append(row.team)
            } else {
                blocks.append([row.team])
            }
        }
        return blocks
    }

    /// How the other groups' thirds stand against `team` as a third under the combinations
    /// `conditions` select (``Reports/Needs/thirdPlaceCases``), one per distinct case; none
    /// where a third place settles it.
    func rivals(of team: String, when conditions: [String: Set<Result>] = [:]) throws -> [ThirdPlaceRivals] {
        let needs = try test.tournament.reports.needs(team: team)
        let order = try needs.needs.remaining.map { match in try #require(scenarios.group.remaining.firstIndex(of: match)) }
        var rivals: [ThirdPlaceRivals] = []
        for outcome in try outcomes(conditions) {
            let results = order.map { outcome.results[$0] }
            guard let found = needs.thirdPlaceCases.first(where: { $0.outcomes.combinations.contains(results) })?.rivals,
                !rivals.contains(found)
            else { continue }
            rivals.append(found)
        }
        return rivals
    }

    /// The open match of `team`, as `HOME-AWAY`.
    func openMatch(of team: String) throws -> String {
        let match = try #require(
            scenarios.group.remaining.first { $0.home == team || $0.away == team }, "\(team) has no open match")
        return "\(match.home)-\(match.away)"
    }

    /// The score, home first, by which `team` wins its open match `winner`-`loser`.
    func score(_ team: String, wins winner: Int, _ loser: Int) throws -> (Int, Int) {
        try openMatch(of: team).hasPrefix(team) ? (winner, loser) : (loser, winner)
    }

    /// Whether `team` finishes ahead of `other`, not level with it, with these scores.
    func isAhead(_ team: String, of other: String, _ scores: [String: (Int, Int)]) throws -> Bool {
        let blocks = try order(scores)
        let place = { (code: String) in blocks.firstIndex { $0.contains(code) } ?? blocks.count }
        return place(team) < place(other)
    }

    /// The result `team` has in its open match under `outcome`.
    private func result(of team: String, in outcome: OutcomeScenario) throws -> Result {
        let index = try #require(
            scenarios.group.remaining.firstIndex { $0.home == team || $0.away == team }, "\(team) has no open match")
        switch (outcome.results[index], scenarios.group.remaining[index].home == team) {
        case (.draw, _): return .draw
        case (.home, true), (.away, false): return .win
        default: return .loss
        }
    }
}

extension Set where Element == LastMatchday.Result {
    /// A win or a draw.
    static let notLoss: Self = [.win, .draw]
    /// A draw or a loss.
    static let notWin: Self = [.draw, .loss]
}
