import Foundation
import ObjectGraph

/// Adding, renaming and removing groups. Like all edits, they change the context only, and
/// check everything before the first change.
extension Structure {
    /// Adds a group, without teams or matches (``addTeam(name:englishName:code:group:)`` puts
    /// teams in it).
    ///
    /// - Parameter name: The name, such as `G`; not empty, and no other group's (ignoring case
    ///   and diacritics).
    /// - Returns: The new group (unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `emptyName` or `duplicateGroup`.
    /// - Complexity: Loads the groups.
    @discardableResult
    public func addGroup(_ name: String) throws -> GroupSummary {
        let name = try UserText.requiredName(name, field: "group name")
        try checkGroupNameFree(name, except: nil)
        let group = Group(context: context)
        group.name = name
        return GroupSummary(group)
    }

    /// Renames a group that no knockout slot names (`1A`, `3A/B/C` name groups by name, and so
    /// do the rule set's bracket and third-placed allocation).
    ///
    /// - Parameters:
    ///   - name: The group's name, in any case.
    ///   - newName: The new name; not empty, and no other group's.
    /// - Returns: The group (unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `unknownGroup`, `emptyName`, `duplicateGroup` or
    ///   `groupInSlots` (naming the slots).
    /// - Complexity: Loads the groups and the schedule.
    @discardableResult
    public func renameGroup(_ name: String, to newName: String) throws -> GroupSummary {
        let group = try lookup.group(name)
        let newName = try UserText.requiredName(newName, field: "group name")
        try checkGroupNameFree(newName, except: group)
        let slots = try slots(naming: group)
        guard slots.isEmpty else { throw PlannerError(.groupInSlots(group: group.name ?? "", slots: slots)) }
        group.name = newName
        return GroupSummary(group)
    }

    /// Removes a group that has no teams and no matches.
    ///
    /// - Parameter name: The group's name, in any case.
    /// - Returns: The group (deleted, unsaved), as values it had.
    /// - Throws: ``PlannerError`` of kind `unknownGroup` or `groupNotEmpty` (naming its teams
    ///   and matches, which must be removed first).
    /// - Complexity: A few queries (group look-up, its teams and matches).
    @discardableResult
    public func removeGroup(_ name: String) throws -> GroupSummary {
        let group = try lookup.group(name)
        guard group.teams.isEmpty, group.matches.isEmpty else {
            throw PlannerError(
                .groupNotEmpty(
                    group: group.name ?? "", teams: group.teams.compactMap(\.code).sorted(),
                    matches: lookup.shortLabels(of: group.matches)))
        }
        let summary = GroupSummary(group)
        context.delete(group)
        return summary
    }

    /// Checks that no group but `group` is called `name`, ignoring case and diacritics.
    private func checkGroupNameFree(_ name: String, except group: Group?) throws {
        let folded = TournamentRules.fold(name)
        if try fetch(Group.fetchRequest()).contains(where: { $0 != group && TournamentRules.fold($0.name ?? "") == folded }) {
            throw PlannerError(.duplicateGroup(name))
        }
    }

    /// The knockout slots that name `group`, as `1A of match 25`, by match.
    private func slots(naming group: Group) throws -> [String] {
        let name = TournamentRules.fold(group.name ?? "")
        let all = try fetch(Match.fetchRequest())
        let ids = lookup.matchIDs(all)
        return all.sorted { ids[ObjectIdentifier($0)]! < ids[ObjectIdentifier($1)]! }.flatMap { match in
            [match.homeSlot, match.awaySlot].compactMap { text -> String? in
                let groups: [String]
                switch text.flatMap({ try? SlotLabel(parsing: $0) }) {
                case .groupPosition(_, let group): groups = [group]
                case .thirdPlaced(let named): groups = named
                default: return nil
                }
                guard groups.contains(where: { TournamentRules.fold($0) == name }) else { return nil }
                return "\(text ?? "") of match \(ids[ObjectIdentifier(match)]!)"
            }
        }
    }
}
