import Foundation
import ObjectGraph

/// The knockout bracket kept in the store, filled from the results, and the knockout results that
/// wait for their teams.
///
/// Reached through ``Tournament/knockout``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Knockout: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

/// The knockout bracket kept in the store: knockout matches with slot labels (`1A`, `3A/C/D`,
/// `W25`) get their teams from the engine's ``Bracket`` as the results decide them.
///
/// The bracket's matches are the knockout matches with both slots, by their match numbers
/// (``Lookup/matchID(_:)``), which slot labels refer to: `W25` is the winner of match 25, as a setup
/// numbers its matches in its order. Knockout matches without slots (scheduled by hand with
/// their teams) are left as they are.
extension Knockout {
    /// The bracket as the engine fills it from the results recorded so far: the group tables,
    /// and each knockout result between the teams the match has now.
    ///
    /// - Throws: The errors of ``Reports/standings(group:)``.
    /// - Complexity: Loads the groups, their matches and cards, and the knockout matches.
    public func bracket() throws -> Bracket {
        try engineBracket(of: try bracketMatches())
    }

    /// Fills the knockout matches' teams from the results, as ``Reports/bracket()`` says: a group's
    /// `1A`/`2A` slots once the group is complete, third-placed slots once every group is,
    /// `W25` once match 25 has a result.
    ///
    /// A knockout match's result, goals and cards belong to the two teams that played it. When
    /// a correction leaves a side of the match unknown, the match keeps them, and those teams,
    /// and *waits* (``waitingMatches()``): the result counts neither in the bracket nor in the
    /// statistics, and counts again once the same two teams are its teams again. Only when other
    /// teams take a side is its result cleared and are its goals and cards deleted (they belong
    /// to people no longer in the match), and so on down the bracket. Changes the context only;
    /// ``Results/recordResult(match:home:away:afterExtraTime:penalties:)`` and ``Results/clearResult(match:)``
    /// call it.
    ///
    /// - Returns: What moved, which results wait or count again, and which results, goals and
    ///   cards went; empty when nothing changed.
    /// - Throws: The errors of ``Reports/standings(group:)``.
    /// - Complexity: Loads the groups, their matches and cards, and the knockout matches; once
    ///   more for every round of cleared results. Loads the goals and cards of the knockout
    ///   matches whose teams change.
    @discardableResult
    public func fillBracket() throws -> BracketUpdate {
        try fillBracket(since: try storedStates(of: try bracketMatches()))
    }

    /// Fills the bracket as ``fillBracket()`` does, reporting what moved since `before` (taken
    /// before a result changed, so that the changed match's own winner counts too).
    func fillBracket(since before: [Int: StoredState]) throws -> BracketUpdate {
        let matches = try bracketMatches()
        guard !matches.isEmpty else { return .nothing }
        let teams = Dictionary(
            try fetch(Team.fetchRequest()).compactMap { team in team.code.map { ($0, team) } },
            uniquingKeysWith: { first, _ in first })
        var cleared: [BracketUpdate.ClearedResult] = []
        // A cleared result can free a later slot, so repeat until nothing moves; each round
        // clears at least one result, so this ends.
        while true {
            let bracket = try engineBracket(of: matches)
            var clearedNow = false
            for (entry, state) in zip(matches, bracket.matches) {
                let match = entry.match
                let home = state.home.team.flatMap { teams[$0] }
                let away = state.away.team.flatMap { teams[$0] }
                guard match.homeTeam != home || match.awayTeam != away else { continue }
                let result = match.resultText
                let hasOutcome = result != nil || !match.goals.isEmpty || !match.cards.isEmpty
                if hasOutcome, Self.waits(match, home: state.home.team, away: state.away.team) { continue }
                if hasOutcome {
                    cleared.append(
                        .init(
                            match: entry.number, home: match.homeTeam?.code, away: match.awayTeam?.code, result: result,
                            goals: tournament.results.removeGoals(of: match), cards: tournament.results.removeCards(of: match)))
                    clearResultValues(of: match)
                    clearedNow = clearedNow || result != nil
                }
                match.homeTeam = home
                match.awayTeam = away
            }
            if !clearedNow { break }
        }
        let after = try storedStates(of: matches)
        var waiting: [BracketUpdate.WaitingResult] = []
        for entry in matches {
            guard let home = entry.match.homeTeam?.code, let away = entry.match.awayTeam?.code,
                let result = entry.match.resultText, let old = before[entry.number], let new = after[entry.number],
                old.waits != new.waits
            else { continue }
            waiting.append(.init(match: entry.number, home: home, away: away, result: result, countsAgain: !new.waits))
        }
        return BracketUpdate(
            changes: Self.changes(from: before, to: after), waitingResults: waiting,
            clearedResults: cleared.sorted { $0.match < $1.match })
    }

    /// The knockout matches that wait for their teams (see ``waitingMatchIDs()``).
    func waitingMatches() throws -> Set<Match> {
        Set(try waitingStates(of: try bracketMatches()).keys)
    }

    /// The ids (``MatchSummary/id``) of the knockout matches that wait for their teams.
    ///
    /// Such a match keeps a result (or goals and cards) and the two teams that played it while
    /// a side of the match is not known (``fillBracket()``). Its result counts neither in the
    /// bracket nor in the statistics until the same teams are back.
    ///
    /// - Throws: The errors of ``Reports/standings(group:)``.
    /// - Complexity: As ``fixtures()``.
    public func waitingMatchIDs() throws -> Set<Int> {
        Set(try waitingMatches().map(lookup.matchID))
    }

    /// The knockout matches with both slots, as a bracket shows them, by number.
    ///
    /// - Throws: The errors of ``Reports/standings(group:)``.
    /// - Complexity: Loads the knockout matches; while one has a result, the groups, their
    ///   matches and cards too.
    public func fixtures() throws -> [KnockoutFixture] {
        let entries = try bracketMatches()
        let waiting = Set(try waitingStates(of: entries).keys)
        let replays = try replayMatches()
        return entries.map { entry in
            let replay = self.replay(of: entry.match, among: replays).flatMap { match in
                match.result.map { KnockoutFixture.Replay(number: lookup.matchID(match), result: $0) }
            }
            return KnockoutFixture(entry, isWaiting: waiting.contains(entry.match), replay: replay)
        }
    }

    /// The matches that replay a drawn knockout match, by kick-off.
    func replayMatches() throws -> [Match] {
        try fetch(
            FetchRequest<Match>(
                entityName: "Match", predicate: try predicate("replay == YES"), sortOrderings: [FetchOrdering("kickoff")]))
    }

    /// The replay of `match` among `replays`: the last match of the same teams; `nil` for none.
    func replay(of match: Match, among replays: [Match]) -> Match? {
        guard let home = match.homeTeam?.code, let away = match.awayTeam?.code else { return nil }
        return replays.last { $0 != match && $0.homeTeam?.code == home && $0.awayTeam?.code == away }
    }

    /// The waiting matches among `matches`, each with its state in the bracket as the results
    /// decide it.
    private func waitingStates(of matches: [BracketEntry]) throws -> [Match: KnockoutMatchState] {
        // Without a knockout outcome nothing waits: no need for the group tables.
        guard
            matches.contains(where: {
                $0.match.resultText != nil || !$0.match.goals.isEmpty || !$0.match.cards.isEmpty
            })
        else { return [:] }
        var waiting: [Match: KnockoutMatchState] = [:]
        for (entry, state) in zip(matches, try engineBracket(of: matches).matches)
        where Self.waits(entry.match, home: state.home.team, away: state.away.team) {
            waiting[entry.match] = state
        }
        return waiting
    }

    /// Whether `match`, whose sides the bracket now says are `home` and `away`, keeps the teams
    /// it has and waits: it has both, a side is not known, and each side known is the one it has.
    private static func waits(_ match: Match, home: String?, away: String?) -> Bool {
        guard let storedHome = match.homeTeam?.code, let storedAway = match.awayTeam?.code,
            home == nil || away == nil
        else { return false }
        return (home == nil || home == storedHome) && (away == nil || away == storedAway)
    }

    /// Why a knockout match's teams are not both known, or `nil` when they are (or the match is
    /// not in the bracket).
    func pendingTeamsReason(of match: Match) throws -> String? {
        let matches = try bracketMatches()
        let waiting = match.homeTeam == nil || match.awayTeam == nil ? nil : try waitingStates(of: matches)[match]
        guard match.homeTeam == nil || match.awayTeam == nil || waiting != nil else { return nil }
        guard let entry = matches.first(where: { $0.match == match }) else { return "its teams are not known" }
        let state = try waiting ?? engineBracket(of: matches)[match: entry.number]
        let kept = waiting == nil ? "" : "; it keeps the result \(match.pairing) \(match.resultText ?? "") until they are"
        return
            "the teams of match \(entry.number) (\(entry.home) v \(entry.away)) are not known yet: \(Self.unknownSides(of: entry, in: state))\(kept)"
    }

    // MARK: The bracket's matches

    /// A knockout match of the bracket: its number, the match, its round and its parsed slots.
    struct BracketEntry {
        /// The match number (``Lookup/matchID(_:)``), which slot labels refer to and users
        /// see and type.
        public var number: Int
        /// The match.
        public var match: Match
        /// The knockout round.
        public var round: KnockoutRound
        /// Who plays as the home side.
        public var home: SlotLabel
        /// Who plays as the away side.
        public var away: SlotLabel

        /// The code of the team that went through, once the match has a result.
        public var winner: String? {
            guard let side = match.result?.winner else { return nil }
            return side == .home ? match.homeTeam?.code : match.awayTeam?.code
        }
    }

    /// The knockout matches with both slots, by number; a slot label that does not parse (only
    /// a store edited behind the planner's back has one) leaves its match out.
    ///
    /// - Complexity: Loads the schedule.
    func bracketMatches() throws -> [BracketEntry] {
        let all = try fetch(Match.fetchRequest())
        let ids = lookup.matchIDs(all)
        let ordered = all.sorted { ids[ObjectIdentifier($0)]! < ids[ObjectIdentifier($1)]! }
        return ordered.compactMap { match -> BracketEntry? in
            guard let round = match.round.flatMap(KnockoutRound.init(rawValue:)),
                let homeText = match.homeSlot, let awayText = match.awaySlot,
                let home = try? SlotLabel(parsing: homeText), let away = try? SlotLabel(parsing: awayText)
            else { return nil }
            return BracketEntry(
                number: ids[ObjectIdentifier(match)]!, match: match, round: round, home: home, away: away)
        }
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
    /// The engine's bracket of `matches`, from the group tables and the knockout results; with
    /// `scores` in place of the recorded results of their group matches, and `assumed` in place
    /// of the recorded results of their knockout matches (by number).
    func engineBracket(
        of matches: [BracketEntry], scores: [ManagedObjectID: Score] = [:], assumed: [Int: KnockoutResult] = [:]
    ) throws -> Bracket {
        var ruleSet = try ruleSet()
        ruleSet.bracket = matches.map { BracketMatch(number: $0.number, round: $0.round, home: $0.home, away: $0.away) }
        // A match drawn and replayed (EURO 1968's final) is decided by its replay, a match of the
        // same teams outside the bracket.
        let replays = try replayMatches()
        let results = matches.compactMap { entry -> KnockoutResult? in
            if let result = assumed[entry.number] { return result }
            guard let home = entry.match.homeTeam?.code, let away = entry.match.awayTeam?.code else { return nil }
            let replay = self.replay(of: entry.match, among: replays)
            guard let result = (replay ?? entry.match).result else { return nil }
            return try? KnockoutResult(match: entry.number, home: home, away: away, result: result, round: entry.round)
        }
        // A format without groups names its qualified teams in its first matches (`Q1`).
        var qualifiers: [Int: String] = [:]
        for entry in matches {
            for (slot, team) in [(entry.home, entry.match.homeTeam), (entry.away, entry.match.awayTeam)] {
                if case .qualifier(let number) = slot, let code = team?.code { qualifiers[number] = code }
            }
        }
        let qualified = (1...).lazy.prefix { qualifiers[$0] != nil }.map { qualifiers[$0]! }
        return Bracket(
            ruleSet: ruleSet, groups: try tournament.reports.standings(group: nil, scores: scores), results: results,
            qualifiers: Array(qualified))
    }

    /// A bracket match's teams and winner as the store holds them, and whether it waits (then
    /// its teams and winner are the ones the bracket knows).
    typealias StoredState = (home: String?, away: String?, winner: String?, waits: Bool)

    /// Teams and winners as the store holds them now.
    ///
    /// - Throws: The errors of ``Reports/standings(group:)``.
    func storedStates(of matches: [BracketEntry]) throws -> [Int: StoredState] {
        let waiting = try waitingStates(of: matches)
        var states: [Int: StoredState] = [:]
        for entry in matches {
            if let state = waiting[entry.match] {
                states[entry.number] = (state.home.team, state.away.team, nil, true)
                continue
            }
            let home = entry.match.homeTeam?.code
            let away = entry.match.awayTeam?.code
            states[entry.number] = (home, away, home != nil && away != nil ? entry.winner : nil, false)
        }
        return states
    }

    /// The changes between two states keyed by match number.
    private static func changes(from before: [Int: StoredState], to after: [Int: StoredState]) -> [BracketChange] {
        var changes: [BracketChange] = []
        for number in after.keys.sorted() {
            let old = before[number]
            let new = after[number]
            for (part, oldTeam, newTeam) in [
                (BracketChange.Part.home, old?.home, new?.home), (.away, old?.away, new?.away),
                (.winner, old?.winner, new?.winner),
            ] where oldTeam != newTeam {
                changes.append(BracketChange(match: number, part: part, before: oldTeam, after: newTeam))
            }
        }
        return changes
    }

    /// Forgets a match's result values, and what went with them (lots, the score after 90
    /// minutes and at half time).
    func clearResultValues(of match: Match) {
        match.lotsWinner = nil
        match.homeFullTimeGoals = nil
        match.awayFullTimeGoals = nil
        match.homeHalfTimeGoals = nil
        match.awayHalfTimeGoals = nil
        match.homeGoals = nil
        match.awayGoals = nil
        match.afterExtraTime = false
        match.homePenalties = nil
        match.awayPenalties = nil
    }
}

extension Match {
    /// The recorded result as the engine reads it, or `nil` until played.
    ///
    /// A match that went to extra time reads as level after 90 minutes at the score kept for
    /// them, or, when none is (as `em result` records it), at the lower side's final goals,
    /// which only the winner depends on. Lots decide a draw they were drawn for.
    public var result: MatchResult? {
        guard let homeGoals, let awayGoals else { return nil }
        var penalties: Score?
        if let homePenalties, let awayPenalties { penalties = Score(Int(homePenalties), Int(awayPenalties)) }
        var regularTime: Score?
        if let homeFullTimeGoals, let awayFullTimeGoals { regularTime = Score(Int(homeFullTimeGoals), Int(awayFullTimeGoals)) }
        let lots: MatchResult.Side? =
            switch lotsWinner {
            case "home": .home
            case "away": .away
            default: nil
            }
        return MatchResult(
            final: Score(Int(homeGoals), Int(awayGoals)), afterExtraTime: afterExtraTime == true, regularTime: regularTime,
            penalties: penalties, wonByLots: lots)
    }
}
