import Foundation
import ObjectGraph

/// Edits of squads, coaches and teams. They change the context only: the caller saves or rolls
/// back. Every check runs before the first change, so a refused edit changes nothing.
///
/// Text arguments are trimmed; an empty optional text (`givenname`, `club`, `englishName`)
/// means none. Positions and codes are accepted in any case and stored in capitals.
extension Tournament {
    /// Adds a player to a team's squad.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``team(_:)``).
    ///   - givenname: The given name, or `nil` for players known by one name.
    ///   - name: The family name (or the one name); not empty.
    ///   - number: The shirt number, 1...99, free in the team.
    ///   - position: `GK`, `DF`, `MF` or `FW`.
    ///   - club: The club, or `nil`.
    ///   - born: The date of birth as `YYYY-MM-DD`, or `nil`.
    /// - Returns: The new player (unsaved).
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `emptyName`, `shirtNumberOutOfRange`,
    ///   `duplicateShirtNumber`, `invalidPosition` or `invalidDate`.
    /// - Complexity: A few queries (team look-up, squad).
    @discardableResult
    public func addPlayer(
        team: String, givenname: String?, name: String, number: Int, position: String, club: String?, born: String?
    ) throws -> Player {
        let team = try self.team(team)
        let name = try Self.requiredName(name, field: "name")
        try checkFreeNumber(number, in: team, for: nil)
        let position = try Self.position(position)
        let born = try born.flatMap(Self.optionalText).map(Self.birthDate)
        let player = Player(context: context)
        player.givenname = givenname.flatMap(Self.optionalText)
        player.name = name
        player.number = Int16(number)
        player.position = position
        player.club = club.flatMap(Self.optionalText)
        player.born = born
        player.team = team
        return player
    }

    /// Removes a player from a team (the player is deleted).
    ///
    /// - Throws: ``PlannerError`` of kind `unknownTeam` or `noSuchPlayer`.
    /// - Complexity: A few queries (team look-up, squad).
    public func removePlayer(team: String, number: Int) throws {
        context.delete(try player(team: team, number: number))
    }

    /// The player wearing `number` in a team.
    ///
    /// - Throws: ``PlannerError`` of kind `unknownTeam` or `noSuchPlayer`.
    /// - Complexity: A few queries (team look-up, squad).
    public func player(team: String, number: Int) throws -> Player {
        let team = try self.team(team)
        guard let player = team.players.first(where: { $0.number.map(Int.init) == number }) else {
            throw PlannerError(.noSuchPlayer(team: team.name ?? "", number: number))
        }
        return player
    }

    /// Changes a player: any of names, number, position, club, date of birth, and team.
    ///
    /// The new number must be free in the player's (new) team.
    ///
    /// - Parameters:
    ///   - team: The player's team now (see ``team(_:)``).
    ///   - number: The player's shirt number now.
    ///   - changes: What to change; see ``PlayerChanges``.
    /// - Returns: The changed player (unsaved).
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `noSuchPlayer`, `emptyName`,
    ///   `shirtNumberOutOfRange`, `duplicateShirtNumber`, `invalidPosition` or `invalidDate`.
    /// - Complexity: A few queries (team look-ups, squads).
    @discardableResult
    public func updatePlayer(team: String, number: Int, changes: PlayerChanges) throws -> Player {
        let player = try self.player(team: team, number: number)
        let newTeam = try changes.team.map { try self.team($0) } ?? player.team!
        let newNumber = changes.number ?? number
        if newTeam != player.team || newNumber != number {
            try checkFreeNumber(newNumber, in: newTeam, for: player)
        }
        let name = try changes.name.map { try Self.requiredName($0, field: "name") }
        let position = try changes.position.map(Self.position)
        let born: Date?? = try changes.born.map { text in try text.flatMap(Self.optionalText).map(Self.birthDate) }
        if let givenname = changes.givenname { player.givenname = givenname.flatMap(Self.optionalText) }
        if let name { player.name = name }
        if newNumber != number { player.number = Int16(newNumber) }
        if let position { player.position = position }
        if let club = changes.club { player.club = club.flatMap(Self.optionalText) }
        if let born { player.born = born }
        if newTeam != player.team { player.team = newTeam }
        return player
    }

    /// Makes someone a team's head coach; the previous coach is deleted.
    ///
    /// The coach the team has already (the same names) stays, and nothing changes.
    ///
    /// - Returns: The new coach (unsaved), or the coach the team has already.
    /// - Throws: ``PlannerError`` of kind `unknownTeam` or `emptyName`.
    /// - Complexity: A few queries (team look-up, coach).
    @discardableResult
    public func setCoach(team: String, givenname: String?, name: String) throws -> Coach {
        let team = try self.team(team)
        let name = try Self.requiredName(name, field: "coach name")
        let givenname = givenname.flatMap(Self.optionalText)
        if let old = team.coach {
            if old.name == name, old.givenname == givenname { return old }
            context.delete(old)
        }
        let coach = Coach(context: context)
        coach.givenname = givenname
        coach.name = name
        coach.team = team
        return coach
    }

    /// Adds a team, without players or coach.
    ///
    /// - Parameters:
    ///   - name: The German name; not empty.
    ///   - englishName: The English name, or `nil`.
    ///   - code: The FIFA code, three letters (stored in capitals).
    ///   - group: The group to put the team in, or `nil` (a team that only plays knockout
    ///     matches, or is not drawn yet).
    /// - Returns: The new team (unsaved).
    /// - Throws: ``PlannerError`` of kind `emptyName`, `invalidTeamCode`, `duplicateTeam` (the
    ///   name, English name or code already names a team, ignoring case and diacritics) or
    ///   `unknownGroup`.
    /// - Complexity: Loads the teams.
    @discardableResult
    public func addTeam(name: String, englishName: String?, code: String, group: String?) throws -> Team {
        let name = try Self.requiredName(name, field: "team name")
        let englishName = englishName.flatMap(Self.optionalText)
        let code = code.trimmingWhitespace().uppercased()
        guard TournamentRules.isTeamCode(code) else { throw PlannerError(.invalidTeamCode(code)) }
        let taken = Set(
            try fetch(Team.fetchRequest()).flatMap { team in
                [team.name, team.englishName, team.code].compactMap { $0.map(TournamentRules.fold) }
            })
        for key in [name, englishName, code].compactMap({ $0 }) where taken.contains(TournamentRules.fold(key)) {
            throw PlannerError(.duplicateTeam(key))
        }
        let group = try group.map { try self.group($0) }
        let team = Team(context: context)
        team.name = name
        team.englishName = englishName
        team.code = code
        team.group = group
        return team
    }

    // MARK: Checks

    private func checkFreeNumber(_ number: Int, in team: Team, for player: Player?) throws {
        guard TournamentRules.shirtNumbers.contains(number) else { throw PlannerError(.shirtNumberOutOfRange(number)) }
        if team.players.contains(where: { $0 != player && $0.number.map(Int.init) == number }) {
            throw PlannerError(.duplicateShirtNumber(team: team.name ?? "", number: number))
        }
    }

    static func requiredName(_ text: String, field: String) throws -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw PlannerError(.emptyName(field: field)) }
        return trimmed
    }

    static func optionalText(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func position(_ text: String) throws -> String {
        let position = text.trimmingWhitespace().uppercased()
        guard TournamentRules.positions.contains(position) else { throw PlannerError(.invalidPosition(text)) }
        return position
    }

    private static func birthDate(_ text: String) throws -> Date {
        guard let date = CalendarDay.utcMidnight(text) else {
            throw PlannerError(.invalidDate(text, expected: CalendarDay.expected))
        }
        return date
    }
}
