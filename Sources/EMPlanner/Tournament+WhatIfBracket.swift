import ObjectGraph

/// The what-if bracket: the knockout stage as it would be with some group and knockout results
/// assumed. Nothing is recorded: the store and the unsaved changes stay as they are.
extension Tournament {
    /// The knockout stage as it would be with some results assumed.
    public struct WhatIfBracket: Hashable, Sendable {
        /// The bracket's matches, by number, with the teams, results and winners the
        /// assumptions give them; none waits.
        public var matches: [KnockoutFixture]
        /// Each assumed result in words, in the order given: `match 25 SUI-GER 3:0`; a knockout
        /// match with the teams the assumptions give it, `match 49 GER-FRA 1:1 aet, 4:3 pens`.
        public var assumptions: [String]
    }

    /// The bracket as ``bracket()`` fills it, with the assumed results in place of what is
    /// recorded for their matches (played or not).
    ///
    /// Assumed group results change the tables, and so who fills the group and the
    /// third-placed slots. An assumed knockout result decides its match between the teams the
    /// assumptions give it, and its winner goes on. A recorded knockout result counts while it
    /// is between the teams its match has under the assumptions, as in ``bracket()``.
    ///
    /// - Throws: The errors of ``standings(group:)``; ``PlannerError/Kind/unknownMatch(_:)``,
    ///   ``PlannerError/Kind/ambiguousMatch(_:ids:)``; ``PlannerError/Kind/invalidResult(_:)``
    ///   for a negative score, a result that breaks the rules of its round (a knockout match
    ///   has a winner), one match assumed twice, a knockout match outside the bracket, or one
    ///   whose teams are not known under the assumptions.
    /// - Complexity: Loads the schedule, the groups, their matches and cards; these once more
    ///   for each assumed knockout result.
    public func bracket(assuming results: [AssumedResult]) throws -> WhatIfBracket {
        let entries = try bracketMatches()
        let numbers = Dictionary(entries.map { ($0.match, $0.number) }, uniquingKeysWith: { first, _ in first })
        let assumed = try resolved(results, knockout: true)
        var scores: [ManagedObjectID: Score] = [:]
        var knockout: [Int: AssumedResult] = [:]
        for (match, result) in assumed {
            guard match.isKnockout else {
                scores[match.objectID] = result.score
                continue
            }
            guard let number = numbers[match] else {
                throw PlannerError(
                    .invalidResult("\(label(of: match)) has no slots in the bracket: a what-if cannot tell its teams"))
            }
            knockout[number] = result
        }
        var decided: [Int: KnockoutResult] = [:]
        var bracket = try engineBracket(of: entries, scores: scores)
        // In match order: an assumed winner may play a later assumed match.
        for entry in entries {
            guard let result = knockout[entry.number] else { continue }
            let state = bracket[match: entry.number]
            guard let home = state?.home.team, let away = state?.away.team else {
                throw PlannerError(
                    .invalidResult(
                        "the teams of match \(entry.number) (\(entry.home) v \(entry.away)) are not known under the assumptions: "
                            + Self.unknownSides(of: entry, in: state)))
            }
            let outcome = MatchResult(final: result.score, afterExtraTime: result.afterExtraTime, penalties: result.penalties)
            do {
                decided[entry.number] = try KnockoutResult(
                    match: entry.number, home: home, away: away, result: outcome, round: entry.round)
            } catch {
                throw PlannerError(.invalidResult("match \(entry.number) \(home)-\(away) \(result.score): \(error)"))
            }
            bracket = try engineBracket(of: entries, scores: scores, assumed: decided)
        }
        let fixtures = zip(entries, bracket.matches).map { entry, state in
            KnockoutFixture(
                number: entry.number, round: entry.round, home: entry.home, away: entry.away, homeTeam: state.home.team,
                awayTeam: state.away.team,
                result: decided[entry.number]?.result ?? (state.winner.team == nil ? nil : entry.match.result),
                winner: state.winner.team, isAssumed: decided[entry.number] != nil)
        }
        let words = assumed.map { match, result in
            let text =
                Match.resultText(
                    goals: (Int16(result.score.home), Int16(result.score.away)), afterExtraTime: result.afterExtraTime,
                    penalties: (result.penalties.map { Int16($0.home) }, result.penalties.map { Int16($0.away) })) ?? ""
            guard let fixture = numbers[match].flatMap({ number in fixtures.first { $0.number == number } }),
                let home = fixture.homeTeam, let away = fixture.awayTeam
            else { return "\(label(of: match)) \(text)" }
            return "match \(fixture.number) \(home)-\(away) \(text)"
        }
        return WhatIfBracket(matches: fixtures, assumptions: words)
    }

    /// The sides of a bracket match that `state` leaves without a team, each with its slot and
    /// why: `W49: the teams of match 49 are not known yet; W50: match 50 has no result`.
    static func unknownSides(of entry: BracketEntry, in state: KnockoutMatchState?) -> String {
        var reasons: [String] = []
        for (slot, side) in [(entry.home, state?.home), (entry.away, state?.away)] where side?.team == nil {
            if case .pending(let reason) = side {
                reasons.append("\(slot): \(reason)")
            } else {
                reasons.append("\(slot) is not filled in")
            }
        }
        return reasons.joined(separator: "; ")
    }
}
