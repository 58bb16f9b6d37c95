import ObjectGraph

/// The what-if bracket: the knockout stage as it would be with some group and knockout results
/// assumed. Nothing is recorded: the store and the unsaved changes stay as they are.
extension Reports {
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
    /// assumptions give it, and its winner goes on; a knockout match named `HOME-AWAY` is the
    /// one those teams play under the assumptions (`GER-FRA` once Germany are assumed to win
    /// their quarter-final). A recorded knockout result counts while it is between the teams
    /// its match has under the assumptions, as in ``bracket()``.
    ///
    /// - Throws: The errors of ``standings(group:)``; ``PlannerError/Kind/unknownMatch(_:)``,
    ///   ``PlannerError/Kind/ambiguousMatch(_:ids:)``; ``PlannerError/Kind/invalidResult(_:)``
    ///   for a negative score, a result that breaks the rules of its round (a knockout match
    ///   has a winner), one match assumed twice, a knockout match outside the bracket, one
    ///   whose teams are not known under the assumptions, or teams that do not meet under them.
    /// - Complexity: Loads the schedule, the groups, their matches and cards; these once more
    ///   for each assumed knockout result.
    public func bracket(assuming results: [AssumedResult]) throws -> WhatIfBracket {
        let entries = try tournament.knockout.bracketMatches()
        let numbers = Dictionary(entries.map { ($0.match, $0.number) }, uniquingKeysWith: { first, _ in first })
        var scores: [ManagedObjectID: Score] = [:]
        var byNumber: [Int: Int] = [:]
        var byTeams: [TeamsReference] = []
        var words = [String](repeating: "", count: results.count)
        for (index, result) in results.enumerated() {
            let reference = result.match.trimmingWhitespace()
            let isPairing = Int(reference) == nil
            let match: Match
            do {
                match = try lookup.match(reference)
            } catch let error as PlannerError {
                // Teams may meet in a knockout match only under the assumptions.
                guard case .unknownMatch = error.kind, isPairing else { throw error }
                let teams = try codes(of: reference)
                guard !teams.isEmpty else { throw error }
                byTeams.append(TeamsReference(index: index, teams: teams, unknown: error, stored: nil))
                continue
            }
            guard match.isKnockout else {
                try checkAssumed(result, round: "group", label: lookup.label(of: match))
                guard scores.updateValue(result.score, forKey: match.objectID) == nil else {
                    throw PlannerError(.invalidResult("\(lookup.label(of: match)) is assumed twice"))
                }
                words[index] = "\(lookup.label(of: match)) \(Self.words(of: result))"
                continue
            }
            guard let number = numbers[match] else {
                throw PlannerError(
                    .invalidResult("\(lookup.label(of: match)) has no slots in the bracket: a what-if cannot tell its teams"))
            }
            if isPairing {
                byTeams.append(TeamsReference(index: index, teams: try codes(of: reference), unknown: nil, stored: number))
            } else if byNumber.updateValue(index, forKey: number) != nil {
                throw PlannerError(.invalidResult("match \(number) is assumed twice"))
            }
        }
        var decided: [Int: KnockoutResult] = [:]
        var bracket = try tournament.knockout.engineBracket(of: entries, scores: scores)
        // In match order: an assumed winner may play a later assumed match, named by its teams.
        for entry in entries {
            let state = bracket[match: entry.number]
            var indices = byNumber[entry.number].map { [$0] } ?? []
            if let home = state?.home.team, let away = state?.away.team {
                let named = byTeams.filter { $0.teams.contains { $0 == (home, away) } }.map(\.index)
                byTeams.removeAll { named.contains($0.index) }
                indices += named
            }
            guard let index = indices.min() else { continue }
            guard let home = state?.home.team, let away = state?.away.team else {
                throw PlannerError(.invalidResult(Self.teamsNotKnown(of: entry, in: state)))
            }
            let label = "match \(entry.number) \(home)-\(away)"
            guard indices.count == 1 else { throw PlannerError(.invalidResult("\(label) is assumed twice")) }
            let result = results[index]
            try checkAssumed(result, round: entry.round.rawValue, label: label)
            let outcome = MatchResult(final: result.score, afterExtraTime: result.afterExtraTime, penalties: result.penalties)
            do {
                decided[entry.number] = try KnockoutResult(
                    match: entry.number, home: home, away: away, result: outcome, round: entry.round)
            } catch {
                throw PlannerError(.invalidResult("\(label) \(result.score): \(error)"))
            }
            words[index] = "\(label) \(Self.words(of: result))"
            bracket = try tournament.knockout.engineBracket(of: entries, scores: scores, assumed: decided)
        }
        if let unmatched = byTeams.min(by: { $0.index < $1.index }) {
            guard let number = unmatched.stored, let entry = entries.first(where: { $0.number == number }) else {
                throw unmatched.unknown ?? PlannerError(.unknownMatch(results[unmatched.index].match))
            }
            let state = bracket[match: number]
            guard let home = state?.home.team, let away = state?.away.team else {
                throw PlannerError(.invalidResult(Self.teamsNotKnown(of: entry, in: state)))
            }
            throw PlannerError(
                .invalidResult(
                    "\(results[unmatched.index].match.trimmingWhitespace()) do not meet under the assumptions: match \(number) "
                        + "(\(entry.home) v \(entry.away)) is \(home)-\(away); give its id to assume its result"))
        }
        let knockout = tournament.knockout
        let replays = try knockout.replayMatches()
        let fixtures = zip(entries, bracket.matches).map { entry, state in
            // The recorded replay stands while the recorded result does.
            let stored = decided[entry.number] == nil && state.winner.team != nil
            let replay = stored ? knockout.replay(of: entry.match, among: replays) : nil
            return KnockoutFixture(
                number: entry.number, round: entry.round, home: entry.home, away: entry.away, homeTeam: state.home.team,
                awayTeam: state.away.team, result: decided[entry.number]?.result ?? (stored ? entry.match.result : nil),
                winner: state.winner.team, isAssumed: decided[entry.number] != nil,
                replay: replay.flatMap { match in match.result.map { .init(number: lookup.matchID(match), result: $0) } })
        }
        return WhatIfBracket(matches: fixtures, assumptions: words)
    }

    /// An assumed knockout result named by its teams, `HOME-AWAY`, found once the assumptions
    /// before it in the bracket are applied.
    private struct TeamsReference {
        /// Its place among the assumed results.
        var index: Int
        /// The codes of the teams it may name, home first.
        var teams: [(String, String)]
        /// The error to give if no knockout match has these teams, when the store has no match
        /// of theirs either.
        var unknown: PlannerError?
        /// The number of the knockout match the store has for these teams, if any.
        var stored: Int?
    }

    /// The team codes `HOME-AWAY` may name, home first.
    private func codes(of reference: String) throws -> [(String, String)] {
        try lookup.pairings(reference, orClosest: false).map { ($0.0.code ?? "", $0.1.code ?? "") }
    }

    /// An assumed result as ``Match/resultText`` words a recorded one: `1:1 aet, 4:3 pens`.
    private static func words(of result: AssumedResult) -> String {
        Match.resultText(
            goals: (Int16(clamping: result.score.home), Int16(clamping: result.score.away)),
            afterExtraTime: result.afterExtraTime,
            penalties: (result.penalties.map { Int16(clamping: $0.home) }, result.penalties.map { Int16(clamping: $0.away) })
        ) ?? ""
    }

    /// Why the teams of a bracket match are not known under the assumptions: `the teams of
    /// match 51 (W49 v W50) are not known under the assumptions: W49: …`.
    private static func teamsNotKnown(of entry: Knockout.BracketEntry, in state: KnockoutMatchState?) -> String {
        "the teams of match \(entry.number) (\(entry.home) v \(entry.away)) are not known under the assumptions: "
            + Knockout.unknownSides(of: entry, in: state)
    }

}
