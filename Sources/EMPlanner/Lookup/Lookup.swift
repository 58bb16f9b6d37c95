import Foundation
import ObjectGraph

/// Finding what users name: teams by code, name or alias, groups, matches by id or pairing; the
/// labels messages use; and the listings `em list` shows, filtered and sorted.
///
/// Reached through ``Tournament/lookup``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Lookup: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

/// Finding one team, group or match from what a user typed.
extension Lookup {
    /// The profile of the team `reference` names (see ``team(_:)``): its names, aliases, group,
    /// coach and squad, as values.
    ///
    /// - Throws: The errors of ``team(_:)``.
    public func teamProfile(_ reference: String) throws -> TeamProfile {
        TeamProfile(try team(reference))
    }

    /// The team named by its FIFA code, German name, English name or one of its aliases,
    /// ignoring case and diacritics (`ger`, `deutschland`, `Germany`; `Osterreich` finds
    /// `Österreich`; `Norge` finds Norway once it is an alias).
    ///
    /// The code is tried first, through the model's fetch request template `teamByCode`. A
    /// name no team of the store has finds the team with the code the table of national teams
    /// `em draw` reads gives it (``KnownTeam``): `Czechia`, `Holland`, `Republic of Ireland`,
    /// `Türkiye`.
    ///
    /// - Parameter reference: What the user typed; surrounding spaces are ignored.
    /// - Returns: The team (unsaved teams included).
    /// - Throws: ``PlannerError/Kind/unknownTeam(_:)`` with the closest names as suggestions
    ///   (`Deutschlnd` → `Deutschland (GER)`), or
    ///   ``PlannerError/Kind/ambiguousTeam(_:candidates:)`` if names of several teams fold to it.
    /// - Complexity: One query for a code as kept; up to three otherwise, and one more for
    ///   the suggestions.
    func team(_ reference: String) throws -> Team {
        let text = reference.trimmingWhitespace()
        guard let team = try existingTeam(text) else {
            throw PlannerError(
                .unknownTeam(text.isEmpty ? reference : text), suggestions: try teamsClose(to: text).map(teamLabel))
        }
        return team
    }

    /// The team `text` names (see ``team(_:)``), or `nil` if none.
    private func existingTeam(_ text: String) throws -> Team? {
        guard !text.isEmpty else { return nil }
        // A code, as codes are kept (capitals): the store finds it by its index, where the
        // case-insensitive template compares every team's code.
        let code = text.uppercased()
        if TournamentRules.isTeamCode(code) {
            let exact = try teams(withCode: code)
            if exact.count == 1 { return exact[0] }
        }
        let byCode = try storeAccess {
            let request = try context.model.fetchRequest(fromTemplate: "teamByCode", substitutionVariables: ["CODE": text])
            return try context.fetch(FetchRequest<Team>(request))
        }
        if byCode.count == 1 { return byCode[0] }
        let byName = try fetch(
            FetchRequest<Team>(
                entityName: "Team",
                predicate: try predicate(
                    "name ==[cd] %@ OR englishName ==[cd] %@ OR ANY aliases.name ==[cd] %@", text, text, text),
                sortOrderings: [FetchOrdering("name")]))
        let found = byCode.isEmpty ? byName : byCode
        guard let first = found.first else { return try teamKnown(as: text) }
        guard found.count == 1 else {
            throw PlannerError(.ambiguousTeam(text, candidates: found.map { $0.name ?? "" }))
        }
        return first
    }

    /// The team with the code the table of national teams `em draw` reads (``KnownTeam``) gives
    /// to `text`, one of the other names it knows (`Czechia`, `Holland`, `Türkiye`), or `nil`.
    private func teamKnown(as text: String) throws -> Team? {
        guard let known = KnownTeam.referenced(by: text) else { return nil }
        let found = try teams(withCode: known.code)
        return found.count == 1 ? found[0] : nil
    }

    /// The teams whose code is `code`, as codes are kept (capitals), found by the store's index.
    private func teams(withCode code: String) throws -> [Team] {
        let isCode = FetchPredicate.comparison(ComparisonPredicate(.keyPath(["code"]), .equal, .constant(.string(code))))
        return try fetch(FetchRequest<Team>(entityName: "Team", predicate: isCode))
    }

    /// The teams whose names, aliases or codes are close to `text` (``Suggestions``), closest
    /// first.
    private func teamsClose(to text: String) throws -> [Team] {
        var owners: [String: Team] = [:]
        var names: [String] = []
        for (name, team) in try teamKeys() where owners[name] == nil {
            owners[name] = team
            names.append(name)
        }
        var close: [Team] = []
        for name in Suggestions.closest(to: text, among: names, limit: names.count) {
            if let team = owners[name], !close.contains(team) { close.append(team) }
        }
        return Array(close.prefix(3))
    }

    /// Every name that refers to a team, with the team: codes, German and English names, then
    /// aliases; teams by code where `inCodeOrder`, else in no particular order.
    ///
    /// - Complexity: Two queries.
    func teamKeys(inCodeOrder: Bool = true) throws -> [(name: String, team: Team)] {
        let teams = try fetch(
            FetchRequest<Team>(entityName: "Team", sortOrderings: inCodeOrder ? [FetchOrdering("code")] : []))
        let aliases = try fetch(TeamAlias.fetchRequest())
        return teams.flatMap { team in
            [team.code, team.name, team.englishName].compactMap { $0.map { ($0, team) } }
        } + aliases.compactMap { alias in alias.name.flatMap { name in alias.team.map { (name, $0) } } }
    }

    /// `Deutschland (GER)`.
    private func teamLabel(_ team: Team) -> String {
        "\(team.name ?? "") (\(team.code ?? ""))"
    }

    /// The group with this name, ignoring case (`a` finds group `A`).
    ///
    /// - Throws: ``PlannerError/Kind/unknownGroup(_:)``.
    /// - Complexity: One query.
    func group(_ name: String) throws -> Group {
        let text = name.trimmingWhitespace()
        let found = try fetch(
            FetchRequest<Group>(
                entityName: "Group", predicate: try predicate("name ==[cd] %@", text),
                sortOrderings: [FetchOrdering("name")]))
        guard let group = found.first else { throw PlannerError(.unknownGroup(text)) }
        return group
    }

    /// The match named by its id (``matchID(_:)``, as the schedule shows it) or by its
    /// pairing `HOME-AWAY`, home team first, each side a code, German or English name
    /// (`GER-POR`, `Deutschland-Portugal`; spaces around the dash are allowed).
    ///
    /// - Parameter reference: What the user typed.
    /// - Returns: The match.
    /// - Throws: ``PlannerError/Kind/unknownMatch(_:)``, or
    ///   ``PlannerError/Kind/ambiguousMatch(_:ids:)`` listing the ids when the same teams meet
    ///   more than once in that order.
    /// - Complexity: Loads the schedule.
    func match(_ reference: String) throws -> Match {
        let text = reference.trimmingWhitespace()
        let all = try fetch(Match.fetchRequest())
        if let id = Int(text) {
            let ids = matchIDs(all)
            guard let match = all.first(where: { ids[ObjectIdentifier($0)] == id }) else {
                throw PlannerError(.unknownMatch(text))
            }
            return match
        }
        var found: [Match] = []
        for (home, away) in try pairings(text, orClosest: false) {
            found += all.filter { $0.homeTeam == home && $0.awayTeam == away && !found.contains($0) }
        }
        guard let first = found.first else {
            throw PlannerError(.unknownMatch(text), suggestions: try matchesClose(to: text, among: all).map { label(of: $0) })
        }
        guard found.count == 1 else {
            let ids = matchIDs(all)
            throw PlannerError(.ambiguousMatch(text, ids: found.compactMap { ids[ObjectIdentifier($0)] }.sorted()))
        }
        return first
    }

    /// The matches `text` may have meant: the same teams the other way round (`RUS-POL` for
    /// POL-RUS), or teams whose names are close to the sides typed, in either order.
    private func matchesClose(to text: String, among all: [Match]) throws -> [Match] {
        var close: [Match] = []
        for (home, away) in try pairings(text, orClosest: true) {
            close += all.filter {
                (($0.homeTeam == home && $0.awayTeam == away) || ($0.homeTeam == away && $0.awayTeam == home))
                    && !close.contains($0)
            }
        }
        let ids = matchIDs(all)
        return Array(close.sorted { (ids[ObjectIdentifier($0)] ?? 0) < (ids[ObjectIdentifier($1)] ?? 0) }.prefix(3))
    }

    /// The id users see for a match: its match number, kept in the store, which never changes
    /// and is never given to another match while the tournament lasts.
    ///
    /// Seeding numbers the matches 1, 2, ... in the setup's order; a match scheduled later gets
    /// the next number after the highest (``nextMatchNumber()``); removing a match renumbers
    /// none. A match of a store written before numbers were kept has none: its number is its
    /// place among those, in the order they were saved (which is what it was shown as), until
    /// a match is removed, which keeps those numbers (``keepMatchNumbers()``).
    func matchID(_ match: Match) -> Int {
        if let number = match.number { return Int(number) }
        let all = (try? context.fetch(Match.fetchRequest())) ?? []
        return matchIDs(all + [match])[ObjectIdentifier(match)] ?? 0
    }

    /// The ids of `matches` (see ``matchID(_:)``).
    func matchIDs(_ matches: [Match]) -> [ObjectIdentifier: Int] {
        var ids: [ObjectIdentifier: Int] = [:]
        var unnumbered: [(key: Int64, match: Match)] = []
        for match in matches where ids[ObjectIdentifier(match)] == nil {
            if let number = match.number {
                ids[ObjectIdentifier(match)] = Int(number)
            } else if !unnumbered.contains(where: { $0.match === match }) {
                unnumbered.append((match.objectID.primaryKey ?? .max, match))
            }
        }
        for (offset, entry) in unnumbered.sorted(by: { $0.key < $1.key }).enumerated() {
            ids[ObjectIdentifier(entry.match)] = offset + 1
        }
        return ids
    }

    /// The number a match scheduled now gets: one more than the highest match number any match
    /// has had, removed ones too (``Competition/lastMatchNumber`` keeps theirs), so that a
    /// number never names two matches.
    ///
    /// - Complexity: Loads the schedule.
    public func nextMatchNumber() throws -> Int {
        let removed = Int(try fetch(Competition.fetchRequest()).first?.lastMatchNumber ?? 0)
        return max(try matchIDs(fetch(Match.fetchRequest())).values.max() ?? 0, removed) + 1
    }

    /// Stores the numbers of matches that have none (from a store written before numbers were
    /// kept), so that removing one of them renumbers no other.
    ///
    /// - Complexity: Loads the schedule.
    func keepMatchNumbers() throws {
        let all = try fetch(Match.fetchRequest())
        let ids = matchIDs(all)
        for match in all where match.number == nil { match.number = Int32(ids[ObjectIdentifier(match)]!) }
    }

    /// Every way to read `text` as `HOME-AWAY` with both sides naming a team, or, with
    /// `orClosest`, naming a team or close to the names of some (``Suggestions``).
    func pairings(_ text: String, orClosest: Bool) throws -> [(Team, Team)] {
        func teams(_ side: String) throws -> [Team] {
            if let team = try? existingTeam(side) { return [team] }
            return orClosest ? try teamsClose(to: side) : []
        }
        var result: [(Team, Team)] = []
        for index in text.indices where text[index] == "-" {
            let home = text[..<index].trimmingWhitespace()
            let away = text[text.index(after: index)...].trimmingWhitespace()
            guard !home.isEmpty, !away.isEmpty else { continue }
            for homeTeam in try teams(home) {
                for awayTeam in try teams(away) where !result.contains(where: { $0.0 == homeTeam && $0.1 == awayTeam }) {
                    result.append((homeTeam, awayTeam))
                }
            }
        }
        return result
    }

    // MARK: Framework access

}
