import Foundation
import ObjectGraph

/// Squads and coaches: players added, changed and removed, and each team's coach.
///
/// Reached through ``Tournament/squads``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Squads: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

/// Edits of squads, coaches and teams. They change the context only: the caller saves or rolls
/// back. Every check runs before the first change, so a refused edit changes nothing.
///
/// Text arguments are trimmed; an empty optional text (`givenname`, `club`, `englishName`)
/// means none. Positions and codes are accepted in any case and stored in capitals.
extension Squads {
    /// Adds a player to a team's squad, by the rule set's ``SquadRules``.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``Lookup/team(_:)``), with fewer players than a squad has.
    ///   - givenname: The given name, or `nil` for players known by one name.
    ///   - name: The family name (or the one name); not empty.
    ///   - number: The shirt number, in the rule set's range (1 to the squad's size), free in
    ///     the team; number 1 only for a goalkeeper.
    ///   - position: `GK`, `DF`, `MF` or `FW`.
    ///   - club: The club, or `nil`.
    ///   - born: The date of birth as `YYYY-MM-DD`, or `nil`; the player is 15 to 50 years old
    ///     on the tournament's first day (today's before any match is scheduled).
    /// - Returns: The new player (unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `squadFull`, `emptyName`,
    ///   `shirtNumberOutOfRange`, `duplicateShirtNumber`, `invalidPosition`, `goalkeeperShirt`,
    ///   `invalidDate` or `implausibleBirthDate`, and the errors of ``ruleSet()``.
    /// - Complexity: A few queries (team look-up, squad, rule set, first kick-off).
    @discardableResult
    public func addPlayer(
        team: String, givenname: String?, name: String, number: Int, position: String, club: String?, born: String?
    ) throws -> PlayerSummary {
        let team = try lookup.team(team)
        let squad = try ruleSet().squad
        guard team.players.count < squad.maximumPlayers else {
            throw PlannerError(.squadFull(team: team.name ?? "", maximum: squad.maximumPlayers))
        }
        let name = try UserText.requiredName(name, field: "name")
        let position = try Self.position(position)
        try checkShirt(number, position: position, in: team, for: nil, squad: squad)
        let born = try born.flatMap { try UserText.optionalText($0, field: "date of birth") }.map {
            try birthDate($0, squad: squad)
        }
        let givenname = try givenname.flatMap { try UserText.optionalText($0, field: "given name") }
        let club = try club.flatMap { try UserText.optionalText($0, field: "club") }
        let player = Player(context: context)
        player.givenname = givenname
        player.name = name
        player.number = Int16(number)
        player.position = position
        player.club = club
        player.born = born
        player.team = team
        return PlayerSummary(player)
    }

    /// Removes a player from a team (the player is deleted).
    ///
    /// His goals, cards, line-up places and penalty kicks stay, by his name.
    ///
    /// - Returns: The player removed, as values he had.
    /// - Throws: ``PlannerError`` of kind `unknownTeam` or `noSuchPlayer`.
    /// - Complexity: A few queries (team look-up, squad).
    @discardableResult
    public func removePlayer(team: String, number: Int) throws -> PlayerSummary {
        let player = try player(team: team, number: number)
        let summary = PlayerSummary(player)
        let name = player.fullName
        for goal in player.goals { goal.scorerName = name }
        for card in player.cards { card.playerName = name }
        for appearance in player.appearances { appearance.playerName = name }
        for kick in player.penaltyKicks { kick.playerName = name }
        context.delete(player)
        return summary
    }

    /// The player wearing `number` in a team.
    ///
    /// - Throws: ``PlannerError`` of kind `unknownTeam` or `noSuchPlayer`.
    /// - Complexity: A few queries (team look-up, squad).
    func player(team: String, number: Int) throws -> Player {
        let team = try lookup.team(team)
        guard let player = team.players.first(where: { $0.number.map(Int.init) == number }) else {
            throw PlannerError(.noSuchPlayer(team: team.name ?? "", number: number))
        }
        return player
    }

    /// Changes a player: any of names, number, position, club, date of birth, and team.
    ///
    /// The new number must be free in the player's (new) team, which must have room for one
    /// more; the rule set's ``SquadRules`` apply as in ``addPlayer(team:givenname:name:number:position:club:born:)``.
    ///
    /// - Parameters:
    ///   - team: The player's team now (see ``Lookup/team(_:)``).
    ///   - number: The player's shirt number now.
    ///   - changes: What to change; see ``PlayerChanges``.
    /// - Returns: The changed player (unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `noSuchPlayer`, `squadFull`,
    ///   `emptyName`, `shirtNumberOutOfRange`, `duplicateShirtNumber`, `invalidPosition`,
    ///   `goalkeeperShirt`, `invalidDate` or `implausibleBirthDate`, and the errors of
    ///   ``ruleSet()``.
    /// - Complexity: A few queries (team look-ups, squads, rule set, first kick-off).
    @discardableResult
    public func updatePlayer(team: String, number: Int, changes: PlayerChanges) throws -> PlayerSummary {
        let player = try self.player(team: team, number: number)
        let squad = try ruleSet().squad
        let newTeam = try changes.team.map { try lookup.team($0) } ?? player.team!
        if newTeam != player.team, newTeam.players.count >= squad.maximumPlayers {
            throw PlannerError(.squadFull(team: newTeam.name ?? "", maximum: squad.maximumPlayers))
        }
        let newNumber = changes.number ?? number
        let name = try changes.name.map { try UserText.requiredName($0, field: "name") }
        let position = try changes.position.map(Self.position)
        try checkShirt(newNumber, position: position ?? player.position ?? "", in: newTeam, for: player, squad: squad)
        let born: Date?? = try changes.born.map { text in
            try text.flatMap { try UserText.optionalText($0, field: "date of birth") }.map { try birthDate($0, squad: squad) }
        }
        let givenname = try changes.givenname.map { try $0.flatMap { try UserText.optionalText($0, field: "given name") } }
        let club = try changes.club.map { try $0.flatMap { try UserText.optionalText($0, field: "club") } }
        if let givenname { player.givenname = givenname }
        if let name { player.name = name }
        if newNumber != number { player.number = Int16(newNumber) }
        if let position { player.position = position }
        if let club { player.club = club }
        if let born { player.born = born }
        if newTeam != player.team { player.team = newTeam }
        return PlayerSummary(player)
    }

    /// Makes someone a team's head coach; the previous coach is deleted.
    ///
    /// The coach the team has already (the same names) stays, and nothing changes.
    ///
    /// - Returns: The new coach (unsaved), or the coach the team has already, as values.
    /// - Throws: ``PlannerError`` of kind `unknownTeam` or `emptyName`.
    /// - Complexity: A few queries (team look-up, coach).
    @discardableResult
    public func setCoach(team: String, givenname: String?, name: String) throws -> CoachSummary {
        let team = try lookup.team(team)
        let name = try UserText.requiredName(name, field: "coach name")
        let givenname = try givenname.flatMap { try UserText.optionalText($0, field: "coach's given name") }
        if let old = team.coach {
            if old.name == name, old.givenname == givenname { return CoachSummary(old) }
            context.delete(old)
        }
        let coach = Coach(context: context)
        coach.givenname = givenname
        coach.name = name
        coach.team = team
        return CoachSummary(coach)
    }

    /// Removes a team's head coach (the coach is deleted).
    ///
    /// - Returns: The coach removed, as values he had.
    /// - Throws: ``PlannerError`` of kind `unknownTeam` or `noCoach`.
    /// - Complexity: A few queries (team look-up, coach).
    @discardableResult
    public func removeCoach(team: String) throws -> CoachSummary {
        let team = try lookup.team(team)
        guard let coach = team.coach else { throw PlannerError(.noCoach(team: team.name ?? "")) }
        let summary = CoachSummary(coach)
        context.delete(coach)
        return summary
    }

    // MARK: Checks

    /// Checks that a player of `position` may wear `number` in `team` (`player` wears it now
    /// or is new).
    private func checkShirt(_ number: Int, position: String, in team: Team, for player: Player?, squad: SquadRules) throws {
        if let problem = squad.shirtProblem(number: number, position: position) { throw PlannerError(problem) }
        if team.players.contains(where: { $0 != player && $0.number.map(Int.init) == number }) {
            throw PlannerError(.duplicateShirtNumber(team: team.name ?? "", number: number))
        }
    }

    private static func position(_ text: String) throws -> String {
        let position = text.trimmingWhitespace().uppercased()
        guard TournamentRules.positions.contains(position) else { throw PlannerError(.invalidPosition(text)) }
        return position
    }

    /// A date of birth written `YYYY-MM-DD`, plausible by `squad`'s ages.
    private func birthDate(_ text: String, squad: SquadRules) throws -> Date {
        guard let day = CalendarDay.numbers(text), let date = CalendarDay.utcMidnight(text) else {
            throw PlannerError(.invalidDate(text, expected: CalendarDay.expected))
        }
        var first = FetchRequest<Match>(entityName: "Match", sortOrderings: [FetchOrdering("kickoff")])
        first.fetchLimit = 1
        let firstDay = SquadRules.firstDay(kickoff: try fetch(first).first?.kickoff)
        if let problem = squad.birthProblem(day, text: text, firstDay: firstDay) { throw PlannerError(problem) }
        return date
    }
}
