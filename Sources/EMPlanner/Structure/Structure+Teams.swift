import Foundation
import ObjectGraph

/// Renaming and removing teams. Like all edits, they change the context only, and check
/// everything before the first change.
extension Structure {
    /// Renames a team: any of its German name, English name and FIFA code.
    ///
    /// Everything that refers to the team follows (its matches, goals and cards, and the
    /// official order of its group, which lists codes). The names it no longer has become its
    /// aliases, so that they still find it; an alias it takes as a name stops being one.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``Lookup/team(_:)``).
    ///   - name: The new German name, or `nil` to keep it; not empty.
    ///   - englishName: The new English name, empty for none, or `nil` to keep it.
    ///   - code: The new FIFA code, three letters (stored in capitals), or `nil` to keep it.
    /// - Returns: The team (unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `ambiguousTeam`, `emptyName`,
    ///   `invalidTeamCode` or `duplicateTeam` (another team has the name, English name or code,
    ///   ignoring case and diacritics).
    /// - Complexity: Loads the teams.
    @discardableResult
    public func renameTeam(_ team: String, name: String?, englishName: String?, code: String?) throws -> TeamSummary {
        let team = try lookup.team(team)
        let name = try name.map { try UserText.requiredName($0, field: "team name") }
        let englishName = try englishName.map { try UserText.optionalText($0, field: "English name") }
        let code = try code.map(Self.teamCode)
        try checkTeamKeysFree([name, englishName ?? nil, code].compactMap { $0 }, except: team)
        let oldNames = [team.name, team.englishName].compactMap { $0 }
        rename(team, name: name, englishName: englishName, code: code)
        keepAsAliases(oldNames, of: team)
        return TeamSummary(team)
    }

    /// Gives `team` the names it no longer has as aliases, so that they still find it, and
    /// deletes the aliases it now has as names.
    private func keepAsAliases(_ oldNames: [String], of team: Team) {
        var names = Set([team.name, team.englishName].compactMap { $0.map(TournamentRules.fold) })
        for alias in team.aliases where names.contains(TournamentRules.fold(alias.name ?? "")) {
            alias.team = nil
            context.delete(alias)
        }
        names.formUnion(team.aliases.compactMap { $0.name.map(TournamentRules.fold) })
        for name in oldNames where names.insert(TournamentRules.fold(name)).inserted {
            let alias = TeamAlias(context: context)
            alias.name = name
            alias.team = team
        }
    }

    /// Gives a team the names and code given (`nil` keeps one; an English name of `.some(nil)`
    /// removes it); its group's official order follows the code.
    func rename(_ team: Team, name: String?, englishName: String??, code: String?) {
        if let code, let oldCode = team.code, let group = team.group, let order = group.officialOrder {
            group.officialOrder = order.split(separator: ",").map { $0 == oldCode ? code : String($0) }.joined(separator: ",")
        }
        if let name { team.name = name }
        if let englishName { team.englishName = englishName }
        if let code { team.code = code }
    }

    /// Gives a team other names it is known by (`Norge` for Norway), which name it wherever a
    /// team is asked for, as its names and code do.
    ///
    /// - Parameters:
    ///   - aliases: The new aliases; none may be empty or name a team already (its own
    ///     included), ignoring case and diacritics, and none may repeat another.
    ///   - team: A team reference (see ``Lookup/team(_:)``).
    /// - Returns: The new aliases (unsaved), as values, in the order given.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `ambiguousTeam`, `emptyName` or
    ///   `duplicateTeam`.
    /// - Complexity: Three queries.
    @discardableResult
    public func addAliases(_ aliases: [String], to team: String) throws -> [AliasSummary] {
        let team = try lookup.team(team)
        let names = try aliases.map { try UserText.requiredName($0, field: "alias") }
        try checkTeamKeysFree(names, except: nil)
        var seen = Set<String>()
        for name in names where !seen.insert(TournamentRules.fold(name)).inserted {
            throw PlannerError(.duplicateTeam(name))
        }
        return names.map { name in
            let alias = TeamAlias(context: context)
            alias.name = name
            alias.team = team
            return AliasSummary(alias, lookup: lookup)
        }
    }

    /// Takes aliases away from a team.
    ///
    /// - Parameters:
    ///   - aliases: The team's aliases to remove, each as it is kept or differing in case and
    ///     diacritics only.
    ///   - team: A team reference (see ``Lookup/team(_:)``); an alias being removed may name it.
    /// - Returns: The aliases removed (deleted, unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `ambiguousTeam` or `unknownAlias`
    ///   (naming the team's aliases).
    /// - Complexity: Two queries.
    @discardableResult
    public func removeAliases(_ aliases: [String], from team: String) throws -> [AliasSummary] {
        let team = try lookup.team(team)
        let own = try fetch(TeamAlias.fetchRequest()).filter { $0.team == team }
        let removed = try aliases.map { text in
            let folded = TournamentRules.fold(text.trimmingWhitespace())
            guard let alias = own.first(where: { TournamentRules.fold($0.name ?? "") == folded }) else {
                throw PlannerError(
                    .unknownAlias(text.trimmingWhitespace(), team: team.name ?? "", aliases: own.compactMap(\.name)))
            }
            return alias
        }
        let summaries = removed.map { AliasSummary($0, lookup: lookup) }
        for alias in Set(removed) { context.delete(alias) }
        return summaries
    }

    /// Removes a team with its players, coach and aliases, which belong to it; its group's
    /// official order forgets it.
    ///
    /// - Parameter team: A team reference (see ``Lookup/team(_:)``) of a team that plays no match.
    /// - Returns: The team (deleted, unsaved), as values it had.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `ambiguousTeam` or `teamInMatches`
    ///   (naming the matches, which must be removed first).
    /// - Complexity: A few queries (team look-up, its matches).
    @discardableResult
    public func removeTeam(_ team: String) throws -> TeamSummary {
        let team = try lookup.team(team)
        let matches = team.homeMatches.union(team.awayMatches)
        guard matches.isEmpty else {
            throw PlannerError(.teamInMatches(team: team.name ?? "", matches: lookup.shortLabels(of: matches)))
        }
        if let code = team.code, let group = team.group, let order = group.officialOrder {
            let rest = order.split(separator: ",").filter { $0 != code }
            group.officialOrder = rest.isEmpty ? nil : rest.joined(separator: ",")
        }
        let summary = TeamSummary(team)
        context.delete(team)
        return summary
    }
}
