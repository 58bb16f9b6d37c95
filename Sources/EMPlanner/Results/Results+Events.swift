import Foundation
import ObjectGraph

/// Goals and cards of a match. Like all edits, they change the context only, and every check runs
/// before the first change.
///
/// The recorded score is the truth the goals detail: a match takes goals (and cards) once it has a result,
/// never more for a team than its score (``recordResult(match:home:away:afterExtraTime:penalties:)``
/// in turn refuses a score below the goals recorded, and ``clearResult(match:)`` deletes them).
/// Cards follow the laws of the game per person and match: at most one yellow, then a second
/// yellow or a red; nothing after a sending-off. A player or official suspended for a match (see
/// ``SuspensionRule``) neither scores nor is booked in it: he is not there.
extension Results {
    /// The minutes a goal or card can have: 1 to 130, stoppage time and extra time included.
    public static let eventMinutes = 1...130

    /// Records a goal.
    ///
    /// - Parameters:
    ///   - match: A match reference (see ``Lookup/match(_:)``); the match has a result.
    ///   - team: The scorer's team (see ``Lookup/team(_:)``), which plays the match.
    ///   - number: The scorer's shirt number in that team's squad.
    ///   - minute: 1...130.
    ///   - penalty: Whether it was a penalty kick (not a shoot-out: those are not goals).
    ///   - ownGoal: Whether the scorer put the ball into his own net: the goal is credited to the
    ///     opponent.
    /// - Returns: The new goal (unsaved) and its label.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch`, `unknownTeam`,
    ///   `teamNotInMatch`, `teamsNotKnown`, `noSuchPlayer`, `minuteOutOfRange`, `invalidGoal` (an own goal from
    ///   the penalty spot), `matchNotPlayed`, `goalsExceedScore` or `suspended`.
    /// - Complexity: Loads the schedule and the cards.
    @discardableResult
    public func recordGoal(
        match: String, team: String, number: Int, minute: Int, penalty: Bool = false, ownGoal: Bool = false
    ) throws -> RecordedGoal {
        let match = try lookup.match(match)
        let team = try lookup.team(team)
        let scorer = try squadPlayer(team, number)
        let goal = try insertGoal(
            match: match, team: team, scorer: .player(scorer), minute: minute, addedMinute: nil, penalty: penalty,
            ownGoal: ownGoal, waiting: try tournament.knockout.waitingMatches())
        return RecordedGoal(goal: goal, label: lookup.label(of: goal))
    }

    /// Records a goal by a scorer known by name only, not in the squad (a tournament imported
    /// without squads), as ``recordGoal(match:team:number:minute:penalty:ownGoal:)`` does.
    ///
    /// - Parameters:
    ///   - scorerName: The scorer's name as the source gives it (`Džajić`); not empty.
    ///   - addedMinute: The minute of added time (`3` for 90+3), 1...30, or `nil`.
    /// - Throws: As the other, with `emptyName` for an empty name instead of `noSuchPlayer`.
    @discardableResult
    public func recordGoal(
        match: String, team: String, scorerName: String, minute: Int, addedMinute: Int? = nil, penalty: Bool = false,
        ownGoal: Bool = false
    ) throws -> RecordedGoal {
        let match = try lookup.match(match)
        let team = try lookup.team(team)
        let name = try UserText.requiredName(scorerName, field: "scorer's name")
        let goal = try insertGoal(
            match: match, team: team, scorer: .named(name), minute: minute, addedMinute: addedMinute, penalty: penalty,
            ownGoal: ownGoal, waiting: try tournament.knockout.waitingMatches())
        return RecordedGoal(goal: goal, label: lookup.label(of: goal))
    }

    /// Who scored: a player of the squad, or someone known by name only.
    enum Scorer {
        case player(Player)
        case named(String)
    }

    /// Records a goal as the `recordGoal` methods do, of the `waiting` matches
    /// (``Knockout/waitingMatches()``).
    func insertGoal(
        match: Match, team: Team, scorer: Scorer, minute: Int, addedMinute: Int?, penalty: Bool, ownGoal: Bool,
        waiting: Set<Match>
    ) throws -> Goal {
        let opponent = try self.opponent(of: team, in: match, waiting: waiting)
        try Self.checkMinute(minute)
        if let addedMinute, !(1...30).contains(addedMinute) {
            throw PlannerError(.invalidGoal("added time is 1 to 30 minutes, found \(addedMinute)"))
        }
        if penalty, ownGoal { throw PlannerError(.invalidGoal("an own goal cannot be a penalty kick")) }
        let recorded = try recordedScore(of: match)
        let credited = ownGoal ? opponent : team
        let score = credited == match.homeTeam ? recorded.home : recorded.away
        guard match.goals.count(where: { $0.team == credited }) < score else {
            throw PlannerError(.goalsExceedScore(team: credited.name ?? "", match: lookup.matchID(match), score: score))
        }
        let goal = Goal(context: context)
        switch scorer {
        case .player(let player):
            try checkNotSuspended(team: team, player: player, official: nil, in: match, waiting: waiting)
            goal.scorer = player
        case .named(let name):
            goal.scorerName = name
        }
        goal.match = match
        goal.team = credited
        goal.minute = Int16(minute)
        goal.addedMinute = addedMinute.map(Int16.init)
        goal.penalty = penalty
        goal.ownGoal = ownGoal
        return goal
    }

    /// Records a card.
    ///
    /// Per person and match: a first ``CardKind/yellow``; then a ``CardKind/secondYellow``
    /// (which needs the yellow, and a later minute when both are known) or a ``CardKind/red``;
    /// nothing after a sending-off. Record a yellow followed by a direct red as the two cards.
    ///
    /// - Parameters:
    ///   - match: A match reference (see ``Lookup/match(_:)``); the match has a result.
    ///   - team: The team of the booked person, which plays the match.
    ///   - holder: A player of its squad by shirt number, or an official by name.
    ///   - kind: What the referee showed.
    ///   - minute: 1...130, or `nil` when not known.
    /// A card of the group stage counts towards the disciplinary points that may decide a
    /// group's order, so the knockout bracket is filled again (``Knockout/fillBracket()``).
    ///
    /// - Returns: The new card (unsaved), and what moved in the bracket.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch`, `unknownTeam`,
    ///   `teamNotInMatch`, `teamsNotKnown`, `noSuchPlayer`, `emptyName` (an official without a name),
    ///   `minuteOutOfRange`, `matchNotPlayed`, `invalidCard` or `suspended`.
    /// - Complexity: Loads the schedule and the cards; for a group match, the bracket too.
    @discardableResult
    public func recordCard(
        match: String, team: String, holder: CardHolder, kind: CardKind, minute: Int?
    ) throws -> RecordedCard {
        let card = try insertCard(
            match: try lookup.match(match), team: try lookup.team(team), holder: holder, kind: kind, minute: minute,
            waiting: try tournament.knockout.waitingMatches())
        // A card moves no team by itself: the bracket as stored is the state before it.
        return RecordedCard(
            card: card, label: lookup.label(of: card),
            bracket: card.match?.group == nil ? .nothing : try tournament.knockout.fillBracket())
    }

    /// Records a card in a match for a team, as ``recordCard(match:team:holder:kind:minute:)``
    /// does, leaving the bracket as it is, of the `waiting` matches (``Knockout/waitingMatches()``).
    func insertCard(
        match: Match, team: Team, holder: CardHolder, kind: CardKind, minute: Int?, waiting: Set<Match>
    ) throws -> Card {
        _ = try opponent(of: team, in: match, waiting: waiting)
        let (player, official, playerName) = try resolve(holder, in: team)
        if let minute { try Self.checkMinute(minute) }
        _ = try recordedScore(of: match)
        let person = Self.person(team: team, player: player, official: official, playerName: playerName)
        let earlier = match.cards.filter { $0.isShown(to: team, player: player, official: official, playerName: playerName) }
        let id = lookup.matchID(match)
        if let sendingOff = earlier.first(where: { $0.cardKind?.isSendingOff == true }) {
            throw PlannerError(
                .invalidCard("\(person) was sent off in match \(id) already (\(sendingOff.cardKind?.description ?? "red") card)"))
        }
        let yellow = earlier.first { $0.cardKind == .yellow }
        switch kind {
        case .yellow where yellow != nil:
            throw PlannerError(
                .invalidCard("\(person) has a yellow card in match \(id) already: record the next as a second yellow"))
        case .secondYellow where yellow == nil:
            throw PlannerError(.invalidCard("a second yellow card for \(person) needs a first yellow card in match \(id)"))
        default:
            break
        }
        if let first = yellow?.minute.map(Int.init), let minute, minute < first {
            throw PlannerError(
                .invalidCard("\(person)'s \(kind) card in minute \(minute) comes before his yellow card in minute \(first)"))
        }
        try checkNotSuspended(
            team: team, player: player, official: official, playerName: playerName, in: match, waiting: waiting)
        let card = Card(context: context)
        card.match = match
        card.team = team
        card.player = player
        card.official = official
        card.playerName = playerName
        card.kind = kind.rawValue
        card.minute = minute.map(Int16.init)
        return card
    }

    /// The goal a player scored in a match at a minute.
    ///
    /// - Parameters:
    ///   - match: A match reference.
    ///   - team: The scorer's team (for an own goal, the scorer's, not the credited team).
    ///   - number: The scorer's shirt number.
    ///   - minute: The goal's minute.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch`, `unknownTeam`,
    ///   `noSuchPlayer` or `noSuchEvent`.
    /// - Complexity: Loads the schedule.
    func goal(match: String, team: String, number: Int, minute: Int) throws -> Goal {
        let match = try lookup.match(match)
        let team = try lookup.team(team)
        let scorer = try squadPlayer(team, number)
        guard let goal = match.goals.first(where: { $0.scorer == scorer && $0.minute.map(Int.init) == minute }) else {
            let person = Self.person(team: team, player: scorer, official: nil)
            throw PlannerError(.noSuchEvent("match \(lookup.matchID(match)) has no goal by \(person) in minute \(minute)"))
        }
        return goal
    }

    /// Removes a goal (see ``goal(match:team:number:minute:)``).
    ///
    /// - Returns: The goal removed (deleted, unsaved) and its label.
    /// - Throws: The errors of ``goal(match:team:number:minute:)``.
    /// - Complexity: Loads the schedule.
    @discardableResult
    public func removeGoal(match: String, team: String, number: Int, minute: Int) throws -> RecordedGoal {
        let goal = try goal(match: match, team: team, number: number, minute: minute)
        let removed = RecordedGoal(goal: goal, label: lookup.label(of: goal))
        context.delete(goal)
        return removed
    }

    /// The card of a kind shown to a player or official in a match, to remove.
    ///
    /// - Parameters:
    ///   - match: A match reference.
    ///   - team: The booked person's team.
    ///   - holder: The player or official.
    ///   - kind: Which of his cards.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch`, `unknownTeam`,
    ///   `noSuchPlayer`, `emptyName`, `noSuchEvent`, or `invalidCard` for a first yellow card
    ///   that a second yellow card in the match needs.
    /// - Complexity: Loads the schedule.
    func card(match: String, team: String, holder: CardHolder, kind: CardKind) throws -> Card {
        let match = try lookup.match(match)
        let team = try lookup.team(team)
        let (player, official, playerName) = try resolve(holder, in: team)
        let person = Self.person(team: team, player: player, official: official, playerName: playerName)
        let cards = match.cards.filter { $0.isShown(to: team, player: player, official: official, playerName: playerName) }
        guard let card = cards.first(where: { $0.cardKind == kind }) else {
            throw PlannerError(.noSuchEvent("match \(lookup.matchID(match)) has no \(kind) card for \(person)"))
        }
        if kind == .yellow, cards.contains(where: { $0.cardKind == .secondYellow }) {
            throw PlannerError(
                .invalidCard("\(person)'s second yellow card in match \(lookup.matchID(match)) needs this one: remove it first"))
        }
        return card
    }

    /// Removes a card (see ``card(match:team:holder:kind:)``).
    ///
    /// A yellow card followed by a second yellow in the match stays until the second yellow is
    /// removed.
    ///
    /// A card of the group stage fills the bracket again, as
    /// ``recordCard(match:team:holder:kind:minute:)`` does.
    ///
    /// - Returns: The card removed (deleted, unsaved), its label, and what moved in the bracket.
    /// - Throws: The errors of ``card(match:team:holder:kind:)``.
    /// - Complexity: Loads the schedule; for a group match, the bracket too.
    @discardableResult
    public func removeCard(match: String, team: String, holder: CardHolder, kind: CardKind) throws -> RecordedCard {
        let card = try card(match: match, team: team, holder: holder, kind: kind)
        let label = lookup.label(of: card)
        let groupStage = card.match?.group != nil
        context.delete(card)
        return RecordedCard(card: card, label: label, bracket: groupStage ? try tournament.knockout.fillBracket() : .nothing)
    }

    /// A match's goals and cards by minute and added minute (goals before cards in the same
    /// minute, cards without a minute last), then by team code and shirt number or scorer's
    /// name.
    ///
    /// - Complexity: Loads the match's goals and cards.
    func events(in match: Match) -> [MatchEvent] {
        let events = match.goals.map(MatchEvent.goal) + match.cards.map(MatchEvent.card)
        func key(_ event: MatchEvent) -> (Int, Int, String, Int, String) {
            switch event {
            case .goal(let goal):
                (
                    goal.minute.map { Int($0) * 31 + Int(goal.addedMinute ?? 0) } ?? .max, 0, goal.scorer?.team?.code ?? "",
                    goal.scorer?.number.map(Int.init) ?? 0, goal.scorerName ?? ""
                )
            case .card(let card):
                (
                    card.minute.map { Int($0) * 31 } ?? .max, 1, card.team?.code ?? "", card.player?.number.map(Int.init) ?? 100,
                    (card.official ?? card.playerName ?? "") + (card.kind ?? "")
                )
            }
        }
        return events.sorted { key($0) < key($1) }
    }

    /// Deletes a match's goals, as a cleared result leaves none.
    ///
    /// - Returns: How many were deleted.
    func removeGoals(of match: Match) -> Int {
        let goals = match.goals
        for goal in goals { context.delete(goal) }
        return goals.count
    }

    /// Deletes a match's cards, as a knockout match whose teams changed has none of the people
    /// booked.
    ///
    /// - Returns: How many were deleted.
    func removeCards(of match: Match) -> Int {
        let cards = match.cards
        for card in cards { context.delete(card) }
        return cards.count
    }

    /// Refuses a score that gives a team fewer goals than are recorded for it in the match.
    ///
    /// - Throws: ``PlannerError/Kind/scoreBelowGoals(team:match:score:goals:)``.
    func checkScoreCoversGoals(of match: Match, home: Int, away: Int) throws {
        for (team, score) in [(match.homeTeam, home), (match.awayTeam, away)] {
            guard let team else { continue }
            let goals = match.goals.count { $0.team == team }
            if goals > score {
                throw PlannerError(
                    .scoreBelowGoals(team: team.name ?? "", match: lookup.matchID(match), score: score, goals: goals))
            }
        }
    }

    // MARK: Checks

    /// The team `team` meets in `match`.
    ///
    /// - Throws: ``PlannerError/Kind/teamsNotKnown(team:match:awaitsOpponent:)`` while the
    ///   match's teams are not both known (also while it is one of the `waiting` matches,
    ///   ``Knockout/waitingMatches()``), ``PlannerError/Kind/teamNotInMatch(team:match:)`` if `team`
    ///   does not play it.
    private func opponent(of team: Team, in match: Match, waiting: Set<Match>) throws -> Team {
        let waits = waiting.contains(match)
        let isPlaying = !waits && (team == match.homeTeam || team == match.awayTeam)
        guard !waits, let home = match.homeTeam, let away = match.awayTeam else {
            throw PlannerError(.teamsNotKnown(team: team.name ?? "", match: lookup.matchID(match), awaitsOpponent: isPlaying))
        }
        guard isPlaying else { throw PlannerError(.teamNotInMatch(team: team.name ?? "", match: lookup.matchID(match))) }
        return team == home ? away : home
    }

    /// The score recorded for `match`: its goals and cards come after it.
    ///
    /// - Throws: ``PlannerError/Kind/matchNotPlayed(match:)`` for a match without a result.
    private func recordedScore(of match: Match) throws -> (home: Int, away: Int) {
        guard let home = match.homeGoals, let away = match.awayGoals else {
            throw PlannerError(.matchNotPlayed(match: lookup.matchID(match)))
        }
        return (Int(home), Int(away))
    }

    /// The player wearing `number` in `team`'s squad.
    func squadPlayer(_ team: Team, _ number: Int) throws -> Player {
        guard let player = team.players.first(where: { $0.number.map(Int.init) == number }) else {
            throw PlannerError(.noSuchPlayer(team: team.name ?? "", number: number))
        }
        return player
    }

    /// The player, the official's trimmed name or the named player's a card holder names.
    private func resolve(_ holder: CardHolder, in team: Team) throws -> (Player?, official: String?, playerName: String?) {
        switch holder {
        case .player(let number): (try squadPlayer(team, number), nil, nil)
        case .official(let name): (nil, try UserText.requiredName(name, field: "the official's name"), nil)
        case .namedPlayer(let name): (nil, nil, try UserText.requiredName(name, field: "the player's name"))
        }
    }

    private static func checkMinute(_ minute: Int) throws {
        guard eventMinutes.contains(minute) else { throw PlannerError(.minuteOutOfRange(minute)) }
    }

    /// Refuses an event for someone suspended for `match`, of the `waiting` matches.
    private func checkNotSuspended(
        team: Team, player: Player?, official: String?, playerName: String? = nil, in match: Match, waiting: Set<Match>
    ) throws {
        // A player never booked owes nothing (the common case, and cheap to see).
        if let player, player.cards.isEmpty { return }
        let suspension = try tournament.reports.suspensions(excluding: waiting).first {
            $0.match == match && $0.team == team && $0.player == player
                && $0.official?.lowercased() == official?.lowercased()
                && $0.playerName?.lowercased() == playerName?.lowercased()
        }
        guard let suspension else { return }
        throw PlannerError(
            .suspended(
                person: Self.person(team: team, player: player, official: official, playerName: playerName),
                match: lookup.matchID(match),
                reason: suspension.reasonText))
    }

    /// How errors name a person: `Deutschland player 13`, `Deutschland player "Havertz"`,
    /// `Deutschland official "Joachim Löw"`.
    static func person(team: Team, player: Player?, official: String?, playerName: String? = nil) -> String {
        if let number = player?.number { return "\(team.name ?? "") player \(number)" }
        if let playerName { return "\(team.name ?? "") player \(quoted(playerName))" }
        return "\(team.name ?? "") official \(quoted(official ?? ""))"
    }
}

extension Card {
    /// The kind as a value; `nil` for a kind the model does not allow.
    public var cardKind: CardKind? { kind.flatMap(CardKind.init(rawValue:)) }

    /// Whether the card was shown to this player, or to this player or official known by name
    /// (names ignoring case).
    func isShown(to team: Team, player: Player?, official: String?, playerName: String? = nil) -> Bool {
        guard self.team == team else { return false }
        if let player { return self.player == player }
        return self.player == nil && self.official?.lowercased() == official?.lowercased()
            && self.playerName?.lowercased() == playerName?.lowercased()
    }

    /// Whether the card was shown to a team official (not to a player).
    public var isOfficials: Bool { player == nil && playerName == nil }
}

@available(*, unavailable)
extension RecordedCard: Sendable {}
