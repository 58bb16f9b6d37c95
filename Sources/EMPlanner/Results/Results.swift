import Foundation
import ObjectGraph

/// What happened on the pitch: results, goals and cards, and the official orders of groups that
/// results could not decide.
///
/// Reached through ``Tournament/results``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Results: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

/// Recording results and the official orders of groups. Like all edits, they change the context
/// only.
extension Results {
    /// Records or corrects a match's result; a correction overwrites the old result entirely.
    ///
    /// Then fills the knockout bracket (``Knockout/fillBracket()``): teams whose slots the result
    /// decides move in, and a correction moves everything that depended on the old result.
    ///
    /// - Parameters:
    ///   - match: A match reference (see ``Lookup/match(_:)``).
    ///   - home: Goals of the home team after extra time (penalties not counted), 0...99.
    ///   - away: Goals of the away team.
    ///   - afterExtraTime: Whether the match went to extra time (knockout rounds only).
    ///   - penalties: The shoot-out, only after extra time ended in a draw; it has a winner.
    /// - Returns: The match (unsaved), the result it replaced and what moved in the bracket.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch` or `invalidResult`
    ///   (also for a knockout match whose teams are not known yet).
    /// - Complexity: Loads the schedule, the groups and their results.
    @discardableResult
    public func recordResult(
        match: String, home: Int, away: Int, afterExtraTime: Bool, penalties: (home: Int, away: Int)?
    ) throws -> RecordedResult {
        let match = try lookup.match(match)
        if match.isKnockout, let reason = try tournament.knockout.pendingTeamsReason(of: match) {
            throw PlannerError(.invalidResult(reason))
        }
        if let problem = TournamentRules.resultProblem(
            round: match.round ?? "group", home: home, away: away, afterExtraTime: afterExtraTime, penalties: penalties)
        {
            throw PlannerError(.invalidResult(problem))
        }
        try checkScoreCoversGoals(of: match, home: home, away: away)
        let before = try tournament.knockout.storedStates(of: try tournament.knockout.bracketMatches())
        let previous = match.resultText
        if match.resultText
            != Match.resultText(
                goals: (Int16(home), Int16(away)), afterExtraTime: afterExtraTime,
                penalties: (penalties.map { Int16($0.home) }, penalties.map { Int16($0.away) }))
        {
            // What the old result's details said no longer holds.
            tournament.knockout.clearResultValues(of: match)
        }
        match.homeGoals = Int16(home)
        match.awayGoals = Int16(away)
        match.afterExtraTime = afterExtraTime
        match.homePenalties = penalties.map { Int16($0.home) }
        match.awayPenalties = penalties.map { Int16($0.away) }
        return RecordedResult(
            match: match, matchLabel: lookup.label(of: match), result: match.resultText, previousResult: previous,
            removedGoals: 0, removedCards: 0,
            bracket: try tournament.knockout.fillBracket(since: before))
    }

    /// Forgets a match's result: the match is unplayed again.
    ///
    /// Its goals and cards are deleted (a match takes them only once it has a result).
    /// Then fills the knockout bracket (``Knockout/fillBracket()``): teams that depended on the result
    /// move out, and their results, goals and cards are cleared.
    ///
    /// - Returns: The match (unsaved), the result cleared, how many goals and cards went, and
    ///   what moved in the bracket.
    /// - Throws: ``PlannerError`` of kind `unknownMatch` or `ambiguousMatch`.
    /// - Complexity: Loads the schedule, the groups and their results, and the match's goals.
    @discardableResult
    public func clearResult(match: String) throws -> RecordedResult {
        let match = try lookup.match(match)
        let before = try tournament.knockout.storedStates(of: try tournament.knockout.bracketMatches())
        let previous = match.resultText
        let goals = removeGoals(of: match)
        let cards = removeCards(of: match)
        tournament.knockout.clearResultValues(of: match)
        return RecordedResult(
            match: match, matchLabel: lookup.label(of: match), result: nil, previousResult: previous,
            removedGoals: goals, removedCards: cards,
            bracket: try tournament.knockout.fillBracket(since: before))
    }
    /// Records a group's final order as published, or forgets it.
    ///
    /// The order decides the ties the results and the cards recorded cannot (no cards, no
    /// ranking, lots), and nothing else. Then fills the knockout bracket (``Knockout/fillBracket()``),
    /// whose group slots may follow.
    ///
    /// - Parameters:
    ///   - group: The group's name.
    ///   - teams: Team references (see ``Lookup/team(_:)``), first to last, each a team of the group
    ///     at most once; `nil` forgets the order.
    /// - Returns: What moved in the bracket (unsaved).
    /// - Throws: ``PlannerError`` of kind `unknownGroup`, `unknownTeam`, `ambiguousTeam`,
    ///   `teamNotInGroup` or `teamListedTwice`.
    /// - Complexity: Loads the group and the bracket.
    @discardableResult
    public func setOfficialOrder(group name: String, teams: [String]?) throws -> BracketUpdate {
        let group = try lookup.group(name)
        var codes: [String] = []
        for reference in teams ?? [] {
            let team = try lookup.team(reference)
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
        return try tournament.knockout.fillBracket()
    }

}

@available(*, unavailable)
extension RecordedResult: Sendable {}
