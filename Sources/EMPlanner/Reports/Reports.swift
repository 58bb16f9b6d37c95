import Foundation
import ObjectGraph

/// What the results say: the group tables, the third-placed ranking, what-if tables, statistics and
/// suspensions.
///
/// Reached through ``Tournament/reports``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Reports: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

/// The group tables, computed by the tournament's rule set from the results and cards recorded
/// so far (unplayed matches do not count).
extension Reports {
    /// Each group's table, in group order, with the tie-breaker that decided every tie.
    ///
    /// - Parameter group: One group's name, or `nil` for all.
    /// - Throws: ``PlannerError/Kind/unknownGroup(_:)``, and the errors of ``ruleSet()``.
    /// - Complexity: Loads the groups, their teams, matches and cards.
    public func standings(group: String? = nil) throws -> [GroupTable] {
        try standings(group: group, scores: [:])
    }

    /// Each group's table as ``standings(group:)`` computes it, with `scores` in place of the
    /// recorded results of their matches.
    func standings(group: String?, scores: [ManagedObjectID: Score]) throws -> [GroupTable] {
        let ruleSet = try ruleSet()
        let groups = try group.map { [try lookup.group($0)] } ?? lookup.groups()
        let disciplinary = try disciplinaryPoints(scheme: ruleSet.disciplinaryScheme)
        return groups.map {
            GroupTable(results(of: $0, disciplinaryPoints: disciplinary, scores: scores), ruleSet: ruleSet)
        }
    }

    /// The ranking of the third-placed teams, in formats where the best of them go through:
    /// provisional, of the results so far, while groups are still playing (see
    /// ``ThirdPlacedTable/current(groups:ruleSet:)``).
    ///
    /// - Throws: ``PlannerError/Kind/rankingUnavailable(_:)`` in a format without (16 teams),
    ///   or once every group is complete if a group's third place is undecided.
    /// - Complexity: Loads the groups, their teams, matches and cards.
    public func thirdPlacedTable() throws -> ThirdPlacedTable {
        try thirdPlacedTable(scores: [:])
    }

    /// The ranking of the third-placed teams as ``thirdPlacedTable()`` computes it, with
    /// `scores` in place of the recorded results of their matches.
    func thirdPlacedTable(scores: [ManagedObjectID: Score]) throws -> ThirdPlacedTable {
        let ruleSet = try ruleSet()
        guard ruleSet.bestThirdPlacedAdvancing > 0 else {
            throw PlannerError(.rankingUnavailable("\(ruleSet.displayName) sends no third-placed team through"))
        }
        do {
            return try ThirdPlacedTable.current(groups: try standings(group: nil, scores: scores), ruleSet: ruleSet)
        } catch let error as PlannerError {
            throw error
        } catch {
            throw PlannerError(.rankingUnavailable("\(error)"))
        }
    }

    /// A group's teams and recorded results as the engine takes them: matchdays follow the
    /// kick-offs (half the teams play on each), rankings and the official order come from
    /// the teams and the group; a match in `scores` counts with that score instead.
    func results(of group: Group, disciplinaryPoints: [String: Int], scores: [ManagedObjectID: Score]) -> GroupResults {
        let teams = group.teams.compactMap(\.code).sorted()
        let matches = matchesInOrder(of: group)
        let perMatchday = max(1, teams.count / 2)
        let played = matches.enumerated().compactMap { index, match -> GroupMatch? in
            guard let home = match.homeTeam?.code, let away = match.awayTeam?.code else { return nil }
            var score: Score?
            if let homeGoals = match.homeGoals, let awayGoals = match.awayGoals { score = Score(Int(homeGoals), Int(awayGoals)) }
            var penalties: Score?
            if let assumed = scores[match.objectID] {
                return GroupMatch(home: home, away: away, matchday: index / perMatchday + 1, score: assumed, penalties: nil)
            }
            if let homePenalties = match.homePenalties, let awayPenalties = match.awayPenalties {
                penalties = Score(Int(homePenalties), Int(awayPenalties))
            }
            return GroupMatch(home: home, away: away, matchday: index / perMatchday + 1, score: score, penalties: penalties)
        }
        var ranking: [String: Int] = [:]
        for team in group.teams {
            if let code = team.code, let rank = team.ranking { ranking[code] = Int(rank) }
        }
        let order = group.officialOrder.map { $0.split(separator: ",").map { $0.trimmingWhitespace() } }
        return GroupResults(
            name: group.name ?? "", teams: teams, matches: played,
            disciplinaryPoints: disciplinaryPoints.filter { teams.contains($0.key) }, ranking: ranking,
            officialOrder: order)
    }

    /// A group's matches by kick-off, then id: the order of ``GroupResults/matches``, which
    /// leaves out the matches whose teams are not known yet.
    func matchesInOrder(of group: Group) -> [Match] {
        group.matches.sorted {
            ($0.kickoff ?? .distantPast, lookup.matchID($0)) < ($1.kickoff ?? .distantPast, lookup.matchID($1))
        }
    }

    /// Each team's disciplinary points from the cards of the group stage, by the rule set's
    /// scheme; empty when no card is recorded at all (the tie-breaker then cannot decide).
    func disciplinaryPoints(scheme: DisciplinaryScheme) throws -> [String: Int] {
        let cards = try storeAccess {
            try context.fetch(Card.fetchRequest()).filter { $0.match?.round == "group" }
        }
        guard !cards.isEmpty else { return [:] }
        // One offence per person and match: two yellows, or a yellow and then a red, count as one.
        struct Offender: Hashable {
            var team: String
            var match: ManagedObjectID?
            var person: String
            var isOfficial: Bool
        }
        var kinds: [Offender: Set<String>] = [:]
        for card in cards {
            guard let team = card.team?.code, let kind = card.kind else { continue }
            let person =
                card.player.map { "player \($0.objectID)" }
                ?? card.playerName.map { "player \($0.lowercased())" } ?? "official \(card.official ?? "")"
            kinds[Offender(team: team, match: card.match?.objectID, person: person, isOfficial: card.isOfficials), default: []]
                .insert(kind)
        }
        var players: [String: DisciplinaryScheme.Cards] = [:]
        var officials: [String: DisciplinaryScheme.Cards] = [:]
        for (offender, shown) in kinds {
            var tally = (offender.isOfficial ? officials : players)[offender.team] ?? DisciplinaryScheme.Cards()
            if shown.contains("secondYellow") {
                tally.secondYellow += 1
            } else if shown.contains("red") {
                if shown.contains("yellow") { tally.yellowThenDirectRed += 1 } else { tally.directRed += 1 }
            } else {
                tally.yellow += 1
            }
            if offender.isOfficial { officials[offender.team] = tally } else { players[offender.team] = tally }
        }
        var points: [String: Int] = [:]
        for team in try storeAccess({ try context.fetch(Team.fetchRequest()) }).compactMap(\.code) {
            points[team] = scheme.points(players: players[team] ?? .init(), officials: officials[team] ?? .init())
        }
        return points
    }
}
