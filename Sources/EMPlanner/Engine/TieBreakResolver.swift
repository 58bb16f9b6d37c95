/// Orders teams by a list of criteria (RULES.md §1.5).
///
/// It splits the teams by the first criterion, then each block still level by the next;
/// head-to-head criteria count the matches among the teams level on points, and a
/// re-application step starts again on the matches among a smaller block. Shared by group
/// tables and the ranking of third-placed teams.
struct TieBreakResolver {
    /// Teams in order: one team per tier, or several the data leaves level; and the decisions
    /// between and within the tiers, in table order.
    struct Resolution {
        var tiers: [[String]] = []
        var decisions: [TieDecision] = []
        /// Every comparison of goals made, in order, where ``tracesGoalComparisons``.
        var goalComparisons: [GoalComparison] = []
    }

    private enum Evaluation {
        case skip
        case reapply
        case values([String: Int])
        case undecidable(LevelReason)
    }

    let ruleSet: RuleSet
    let criteria: [TieBreaker]
    /// Every team's record, including teams not being ordered (the penalty case looks at the
    /// whole group's points).
    let records: [String: TeamRecord]
    /// The played matches among the teams, for head-to-head and the penalty case; empty where
    /// teams never met (third-placed teams).
    let matches: [GroupMatch]
    /// The group's last matchday; `nil` where there is none.
    let lastMatchday: Int?
    let disciplinaryPoints: [String: Int]
    let ranking: [String: Int]
    let officialOrder: [String]?
    /// Whether resolutions list the comparisons of goals they made.
    var tracesGoalComparisons = false

    /// Orders `teams`; teams that stay level keep their order in `teams`.
    func resolve(_ teams: [String]) -> Resolution {
        resolve(teams, among: teams, from: 0)
    }

    private func resolve(_ block: [String], among: [String], from start: Int) -> Resolution {
        guard block.count > 1 else { return Resolution(tiers: [block]) }
        var traced: [GoalComparison] = []
        var index = start
        while index < criteria.count {
            let criterion = criteria[index]
            switch evaluate(criterion, block: block, among: among, traced: &traced) {
            case .skip:
                index += 1
            case .reapply:
                return resolve(block, among: block, from: 0).after(traced)
            case .undecidable(let reason):
                return level(block, reason: reason).after(traced)
            case .values(let values):
                trace(criterion, values: values, block: block, among: among, into: &traced)
                let parts = split(block, by: values, prefersLower: criterion.prefersLower)
                guard parts.count > 1 else {
                    index += 1
                    continue
                }
                var resolution = Resolution(goalComparisons: traced)
                for (offset, part) in parts.enumerated() {
                    // The teams level on points are the teams in question for head-to-head.
                    let partResolution = resolve(part, among: criterion == .points ? part : among, from: index + 1)
                    // Teams apart on points were never level: no decision to explain.
                    if offset > 0, criterion != .points {
                        resolution.decisions.append(
                            .separated(
                                ahead: resolution.tiers.last!, behind: partResolution.tiers.first!, by: criterion,
                                aheadValue: values[parts[offset - 1][0]]!, behindValue: values[part[0]]!,
                                among: criterion.isHeadToHead ? among : []))
                    }
                    resolution.tiers += partResolution.tiers
                    resolution.decisions += partResolution.decisions
                    resolution.goalComparisons += partResolution.goalComparisons
                }
                return resolution
            }
        }
        return level(block, reason: .criteriaExhausted).after(traced)
    }

    /// Lists the comparisons of goals `criterion`'s `values` make between the teams of
    /// `block`, each pair once, where ``tracesGoalComparisons``.
    private func trace(
        _ criterion: TieBreaker, values: [String: Int], block: [String], among: [String],
        into traced: inout [GoalComparison]
    ) {
        guard tracesGoalComparisons else { return }
        let count: GoalComparison.Count
        switch criterion {
        case .goalDifference, .headToHeadGoalDifference: count = .difference
        case .goalsScored, .headToHeadGoalsScored: count = .scored
        default: return
        }
        for (index, first) in block.enumerated() {
            for second in block[(index + 1)...] {
                traced.append(
                    GoalComparison(
                        count: count, among: criterion.isHeadToHead ? among : nil, first: first, second: second,
                        sign: (values[first]! - values[second]!).signum()))
            }
        }
    }

    private func evaluate(
        _ criterion: TieBreaker, block: [String], among: [String], traced: inout [GoalComparison]
    ) -> Evaluation {
        switch criterion {
        case .points:
            return .values(values(block) { records[$0]!.points })
        case .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsScored:
            if criterion != .headToHeadPoints, ruleSet.headToHeadGoalsNeedMoreThanTwoTeams, among.count <= 2 {
                return .skip
            }
            let miniTable = TeamRecord.records(
                of: among, matches: matches.filter { among.contains($0.home) && among.contains($0.away) }, ruleSet: ruleSet)
            return .values(
                values(block) {
                    let record = miniTable[$0]!
                    switch criterion {
                    case .headToHeadPoints: return record.points
                    case .headToHeadGoalDifference: return record.goalDifference
                    default: return record.goalsFor
                    }
                })
        case .reapplyHeadToHead:
            return block.count < among.count ? .reapply : .skip
        case .reapplyHeadToHeadToTwoTeams:
            return block.count == 2 && block.count < among.count ? .reapply : .skip
        case .goalDifference:
            return .values(values(block) { records[$0]!.goalDifference })
        case .goalsScored:
            return .values(values(block) { records[$0]!.goalsFor })
        case .wins:
            return .values(values(block) { records[$0]!.won })
        case .lastRoundPenalties:
            return lastRoundPenalties(block, traced: &traced)
        case .disciplinaryPoints:
            guard block.allSatisfy({ disciplinaryPoints[$0] != nil }) else { return .undecidable(.noCardsRecorded) }
            return .values(values(block) { disciplinaryPoints[$0]! })
        case .ranking:
            if block.contains(where: ruleSet.teamsDrawingLotsInsteadOfRanking.contains) {
                return .undecidable(.drawingOfLots)
            }
            guard block.allSatisfy({ ranking[$0] != nil }) else { return .undecidable(.noRankingGiven) }
            return .values(values(block) { ranking[$0]! })
        case .drawingOfLots:
            return .undecidable(.drawingOfLots)
        }
    }

    /// Two teams level on points, goals scored and goals conceded, with no other team on their
    /// points, who drew when they met in the last round: their shoot-out decides.
    private func lastRoundPenalties(_ block: [String], traced: inout [GoalComparison]) -> Evaluation {
        guard block.count == 2, let lastMatchday else { return .skip }
        let (one, other) = (records[block[0]]!, records[block[1]]!)
        if tracesGoalComparisons {
            traced.append(
                GoalComparison(
                    count: .scored, among: nil, first: block[0], second: block[1],
                    sign: (one.goalsFor - other.goalsFor).signum()))
            traced.append(
                GoalComparison(
                    count: .conceded, among: nil, first: block[0], second: block[1],
                    sign: (one.goalsAgainst - other.goalsAgainst).signum()))
        }
        guard records.values.filter({ $0.points == one.points }).count == 2, one.points == other.points,
            one.goalsFor == other.goalsFor, one.goalsAgainst == other.goalsAgainst,
            let match = matches.first(where: { $0.isBetween(block[0], block[1]) && $0.matchday == lastMatchday }),
            let score = match.score, score.isLevel
        else { return .skip }
        guard let penalties = match.penalties, !penalties.isLevel else { return .undecidable(.noShootOutRecorded) }
        return .values([match.home: penalties.home, match.away: penalties.away])
    }

    private func values(_ block: [String], _ value: (String) -> Int) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: block.map { ($0, value($0)) })
    }

    /// The block in parts of equal value, best first; each part keeps the block's order.
    private func split(_ block: [String], by values: [String: Int], prefersLower: Bool) -> [[String]] {
        let distinct = Set(values.values).sorted(by: prefersLower ? (<) : (>))
        return distinct.map { value in block.filter { values[$0] == value } }
    }

    private func level(_ block: [String], reason: LevelReason) -> Resolution {
        if let officialOrder, block.allSatisfy(officialOrder.contains) {
            let ordered = block.sorted { officialOrder.firstIndex(of: $0)! < officialOrder.firstIndex(of: $1)! }
            return Resolution(tiers: ordered.map { [$0] }, decisions: [.officialOrder(ordered, reason: reason)])
        }
        return Resolution(tiers: [block], decisions: [.level(block, reason: reason)])
    }
}

extension TieBreakResolver.Resolution {
    /// The resolution with `comparisons` made before its own.
    fileprivate func after(_ comparisons: [GoalComparison]) -> Self {
        var resolution = self
        resolution.goalComparisons = comparisons + goalComparisons
        return resolution
    }
}
