import Foundation
import ObjectGraph

/// The shape of the tournament: its teams, their aliases, its groups and the draw that fills a
/// group's slots.
///
/// Reached through ``Tournament/structure``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Structure: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

extension Structure {
    /// Adds a team, without players or coach.
    ///
    /// - Parameters:
    ///   - name: The German name; not empty.
    ///   - englishName: The English name, or `nil`.
    ///   - code: The FIFA code, three letters (stored in capitals).
    ///   - group: The group to put the team in, or `nil` (a team that only plays knockout
    ///     matches, or is not drawn yet).
    /// - Returns: The new team (unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `emptyName`, `invalidTeamCode`, `duplicateTeam` (the
    ///   name, English name or code already names a team, ignoring case and diacritics) or
    ///   `unknownGroup`.
    /// - Complexity: Loads the teams.
    @discardableResult
    public func addTeam(name: String, englishName: String?, code: String, group: String?) throws -> TeamSummary {
        let name = try UserText.requiredName(name, field: "team name")
        let englishName = try englishName.flatMap { try UserText.optionalText($0, field: "English name") }
        let code = try Self.teamCode(code)
        try checkTeamKeysFree([name, englishName, code].compactMap { $0 }, except: nil)
        let group = try group.map { try lookup.group($0) }
        let team = Team(context: context)
        team.name = name
        team.englishName = englishName
        team.code = code
        team.group = group
        return TeamSummary(team, players: 0)
    }

    /// Checks that no team but `team` has any of `keys` as its name, English name, code or
    /// alias, ignoring case and diacritics.
    ///
    /// - Throws: ``PlannerError/Kind/duplicateTeam(_:)`` naming the first of `keys` taken.
    func checkTeamKeysFree(_ keys: [String], except team: Team?) throws {
        let folded = keys.map(TournamentRules.fold)
        var taken = Set<Int>()
        for (name, owner) in try lookup.teamKeys(inCodeOrder: false) where owner != team {
            for index in folded.indices where TournamentRules.fold(name, equals: folded[index]) { taken.insert(index) }
        }
        if let first = taken.min() { throw PlannerError(.duplicateTeam(keys[first])) }
    }

    /// A FIFA code as typed, in capitals.
    static func teamCode(_ text: String) throws -> String {
        let code = text.trimmingWhitespace().uppercased()
        guard TournamentRules.isTeamCode(code) else { throw PlannerError(.invalidTeamCode(code)) }
        return code
    }

}
