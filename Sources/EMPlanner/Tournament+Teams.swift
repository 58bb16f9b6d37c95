import Foundation
import ObjectGraph

/// Renaming and removing teams. Like all edits, they change the context only, and check
/// everything before the first change.
extension Tournament {
    /// Renames a team: any of its German name, English name and FIFA code.
    ///
    /// Everything that refers to the team follows (its matches, goals and cards, and the
    /// official order of its group, which lists codes).
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``team(_:)``).
    ///   - name: The new German name, or `nil` to keep it; not empty.
    ///   - englishName: The new English name, empty for none, or `nil` to keep it.
    ///   - code: The new FIFA code, three letters (stored in capitals), or `nil` to keep it.
    /// - Returns: The team (unsaved).
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `ambiguousTeam`, `emptyName`,
    ///   `invalidTeamCode` or `duplicateTeam` (another team has the name, English name or code,
    ///   ignoring case and diacritics).
    /// - Complexity: Loads the teams.
    @discardableResult
    public func renameTeam(_ team: String, name: String?, englishName: String?, code: String?) throws -> Team {
        let team = try self.team(team)
        let name = try name.map { try Self.requiredName($0, field: "team name") }
        let englishName = englishName.map(Self.optionalText)
        let code = try code.map(Self.teamCode)
        try checkTeamKeysFree([name, englishName ?? nil, code].compactMap { $0 }, except: team)
        if let code, let oldCode = team.code, let group = team.group, let order = group.officialOrder {
            group.officialOrder = order.split(separator: ",").map { $0 == oldCode ? code : String($0) }.joined(separator: ",")
        }
        if let name { team.name = name }
        if let englishName { team.englishName = englishName }
        if let code { team.code = code }
        return team
    }

    /// Removes a team with its players and coach, who belong to it; its group's official order
    /// forgets it.
    ///
    /// - Parameter team: A team reference (see ``team(_:)``) of a team that plays no match.
    /// - Returns: The team (deleted, unsaved).
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `ambiguousTeam` or `teamInMatches`
    ///   (naming the matches, which must be removed first).
    /// - Complexity: A few queries (team look-up, its matches).
    @discardableResult
    public func removeTeam(_ team: String) throws -> Team {
        let team = try self.team(team)
        let matches = team.homeMatches.union(team.awayMatches)
        guard matches.isEmpty else {
            throw PlannerError(.teamInMatches(team: team.name ?? "", matches: shortLabels(of: matches)))
        }
        if let code = team.code, let group = team.group, let order = group.officialOrder {
            let rest = order.split(separator: ",").filter { $0 != code }
            group.officialOrder = rest.isEmpty ? nil : rest.joined(separator: ",")
        }
        context.delete(team)
        return team
    }
}
