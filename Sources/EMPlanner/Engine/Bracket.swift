/// The knockout bracket of a rule set filled in from the group tables and the knockout results:
/// who plays in each match and who went through.
public struct Bracket: Hashable, Sendable {
    /// The rule set's bracket matches, in its order, with their teams and winners.
    public var matches: [KnockoutMatchState]

    /// Fills in the bracket.
    ///
    /// A group's slots (`1A`, `2A`) are filled once the group is complete and the position is
    /// held by one team; third-placed slots once every group is complete and the qualified
    /// groups are known, through the rule set's allocation table (a third-placed slot's
    /// opponent is a group winner, whose group is the table's column). A match's winner is
    /// known once both its teams are and its result is between them; a result for other teams
    /// (after an earlier result changed) does not count.
    ///
    /// - Parameters:
    ///   - ruleSet: The edition's rules and bracket.
    ///   - groups: The group tables.
    ///   - results: The knockout results; of several for one match number, the last counts.
    ///   - thirdPlacedOrder: The official order of the third-placed teams, if recorded.
    ///   - qualifiers: The qualified teams a format without groups pairs (``SlotLabel/qualifier(_:)``),
    ///     in order; a slot beyond them is pending.
    public init(
        ruleSet: RuleSet, groups: [GroupTable], results: [KnockoutResult], thirdPlacedOrder: [String]? = nil,
        qualifiers: [String] = []
    ) {
        let tables = Dictionary(groups.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let results = Dictionary(results.map { ($0.match, $0) }, uniquingKeysWith: { _, last in last })
        let thirds: Result<ThirdPlacedTable, ThirdPlacedError>? =
            ruleSet.bracket.contains {
                if case .thirdPlaced = $0.home { true } else if case .thirdPlaced = $0.away { true } else { false }
            }
            ? Result { () throws(ThirdPlacedError) in
                try ThirdPlacedTable(groups: groups, ruleSet: ruleSet, officialOrder: thirdPlacedOrder)
            } : nil
        var states: [Int: KnockoutMatchState] = [:]
        var matches: [KnockoutMatchState] = []

        func assignment(_ slot: SlotLabel, opposite: SlotLabel) -> SlotAssignment {
            switch slot {
            case .groupPosition(let position, let group):
                guard let table = tables[group], table.isComplete else { return .pending(.groupIncomplete(group)) }
                let teams = table.teams(atPosition: position)
                return teams.count == 1 ? .team(teams[0]) : .pending(.levelInGroup(group: group, teams: teams))
            case .thirdPlaced(let choices):
                switch thirds {
                case nil:
                    return .pending(.thirdPlacedUnavailable(.notInFormat(ruleSet.identifier)))
                case .failure(let error):
                    return .pending(.thirdPlacedUnavailable(error))
                case .success(let table):
                    guard let qualified = table.qualifiedGroups else { return .pending(.thirdPlacedCutUndecided) }
                    guard case .groupPosition(1, let winnerGroup) = opposite,
                        let group = table.allocation?.opponent(ofWinnerOf: winnerGroup), choices.contains(group),
                        let team = table.team(ofGroup: group)
                    else { return .pending(.noAllocation(qualifiedGroups: qualified)) }
                    return .team(team)
                }
            case .winner(let number):
                return states[number]?.winner ?? .pending(.unknownMatch(number))
            case .loser(let number):
                return states[number]?.loser ?? .pending(.unknownMatch(number))
            case .qualifier(let number):
                return qualifiers.indices.contains(number - 1)
                    ? .team(qualifiers[number - 1]) : .pending(.qualifierUnknown(number))
            }
        }

        for match in ruleSet.bracket {
            let home = assignment(match.home, opposite: match.away)
            let away = assignment(match.away, opposite: match.home)
            let winner: SlotAssignment
            if let homeTeam = home.team, let awayTeam = away.team {
                if let result = results[match.number] {
                    winner =
                        Set([result.home, result.away]) == Set([homeTeam, awayTeam])
                        ? .team(result.winner)
                        : .pending(.resultForOtherTeams(match: match.number, home: result.home, away: result.away))
                } else {
                    winner = .pending(.noResult(match: match.number))
                }
            } else {
                winner = .pending(.teamsUnknown(match: match.number))
            }
            let state = KnockoutMatchState(match: match, home: home, away: away, winner: winner)
            states[match.number] = state
            matches.append(state)
        }
        self.matches = matches
    }

    /// The state of the match with this number, if the bracket has it.
    public subscript(match number: Int) -> KnockoutMatchState? {
        matches.first { $0.number == number }
    }

    /// What moved since an earlier bracket.
    ///
    /// Returns every home side, away side and winner whose team differs, in match order. A
    /// reason changing while the team stays unknown is no change.
    public func changes(since earlier: Bracket) -> [BracketChange] {
        let numbers = Set(matches.map(\.number)).union(earlier.matches.map(\.number)).sorted()
        var changes: [BracketChange] = []
        for number in numbers {
            let before = earlier[match: number]
            let after = self[match: number]
            for (part, path) in [(BracketChange.Part.home, \KnockoutMatchState.home), (.away, \.away), (.winner, \.winner)] {
                let old = before?[keyPath: path].team
                let new = after?[keyPath: path].team
                if old != new { changes.append(BracketChange(match: number, part: part, before: old, after: new)) }
            }
        }
        return changes
    }
}
