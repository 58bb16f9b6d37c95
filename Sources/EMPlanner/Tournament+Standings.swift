import Foundation
import ObjectGraph

/// The group tables, computed by the tournament's rule set from the results and cards recorded
/// so far (unplayed matches do not count).
extension Tournament {
    /// The rule set the tournament plays by: the one its competition names (EURO 2012's in a
    /// store that names none).
    ///
    /// - Throws: ``PlannerError/Kind/unknownRuleSet(_:known:)``.
    public func ruleSet() throws -> RuleSet {
        let name = try storeAccess { try context.fetch(Competition.fetchRequest()).first?.ruleSet } ?? RuleSet.euro2012.identifier
        guard let ruleSet = RuleSet.named(name) else {
            throw PlannerError(.unknownRuleSet(name, known: RuleSet.all.map(\.identifier)))
        }
        return ruleSet
    }

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
        let groups = try group.map { [try self.group($0)] } ?? groups()
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

    /// Records a group's final order as published, or forgets it.
    ///
    /// The order decides the ties the results and the cards recorded cannot (no cards, no
    /// ranking, lots), and nothing else. Then fills the knockout bracket (``fillBracket()``),
    /// whose group slots may follow.
    ///
    /// - Parameters:
    ///   - group: The group's name.
    ///   - teams: Team references (see ``team(_:)``), first to last, each a team of the group
    ///     at most once; `nil` forgets the order.
    /// - Returns: What moved in the bracket (unsaved).
    /// - Throws: ``PlannerError`` of kind `unknownGroup`, `unknownTeam`, `ambiguousTeam`,
    ///   `teamNotInGroup` or `teamListedTwice`.
    /// - Complexity: Loads the group and the bracket.
    @discardableResult
    public func setOfficialOrder(group name: String, teams: [String]?) throws -> BracketUpdate {
        let group = try self.group(name)
        var codes: [String] = []
        for reference in teams ?? [] {
            let team = try self.team(reference)
            guard team.group == group else {
                throw PlannerError(.teamNotInGroup(team: team.name ?? "", group: group.name ?? ""))
            }
            let code = team.code ?? ""
            guard !codes.contains(code) else {
                throw PlannerError(.teamListedTwice(team: team.name ?? "", group: group.name ?? ""))
            }
            codes.append(code)
        }
        group.officialOrder = teams == nil ? nil : codes.joined(separator: ",")
        return try fillBracket()
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
            ($0.kickoff ?? .distantPast, matchID($0)) < ($1.kickoff ?? .distantPast, matchID($1))
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
