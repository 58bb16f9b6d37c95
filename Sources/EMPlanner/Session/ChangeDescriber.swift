import Foundation
import ObjectGraph

/// Changes as users see them (``TournamentChange``): the objects they changed, each field
/// before and after in the words em uses (a match's goals, extra time and shoot-out as one
/// `result`, `1:1` → `2:0`; a team as its code).
///
/// The inverse side of a relationship is no change of its own: a to-many (a team's players,
/// a match's goals) follows the to-one on the other side, and so does the owner's side of a
/// one-to-one, which deletes its member with it (a team's coach follows the coach's team).
struct ChangeDescriber: TournamentService {
    /// The session whose changes are described.
    let tournament: Tournament
}

extension ChangeDescriber {
    /// One property's raw change: its name, and its value before and after (an attribute's
    /// Swift value, a to-one's object, or `nil`).
    typealias RawValue = (key: String, old: Any?, new: Any?)

    /// What names `object` to em's commands, as they take it: `match` (its id) for a match;
    /// `team` (the code) and `number` for a player; `team` for a team or coach; `group` for a
    /// group; `match`, `team`, `number` and `minute` for a goal (the scorer's team and number);
    /// `match`, `team`, `number` or `official`, and `kind` for a card; `team` and `alias` for
    /// a team's alias.
    func identity(of object: TournamentObject) -> [(name: String, value: FieldValue)] {
        let parts: [(String, FieldValue?)] =
            switch object {
            case let player as Player: [("team", code(player.team)), ("number", player.number.map { .number(Int($0)) })]
            case let coach as Coach: [("team", code(coach.team))]
            case let team as Team: [("team", code(team))]
            case let match as Match: [("match", .number(lookup.matchID(match)))]
            case let group as Group: [("group", group.name.map(FieldValue.text))]
            case let alias as TeamAlias: [("team", code(alias.team)), ("alias", alias.name.map(FieldValue.text))]
            case let goal as Goal:
                [
                    ("match", goal.match.map { .number(lookup.matchID($0)) }), ("team", code(goal.scorer?.team)),
                    ("number", goal.scorer?.number.map { .number(Int($0)) }), ("minute", goal.minute.map { .number(Int($0)) }),
                ]
            case let card as Card:
                [
                    ("match", card.match.map { .number(lookup.matchID($0)) }), ("team", code(card.team)),
                    card.player.map { ("number", $0.number.map { FieldValue.number(Int($0)) }) }
                        ?? card.playerName.map { ("player", FieldValue.text($0)) }
                        ?? ("official", card.official.map(FieldValue.text)),
                    ("kind", card.cardKind.map { .text($0.description.replacingOccurrences(of: " ", with: "-")) }),
                ]
            default: []
            }
        return parts.compactMap { name, value in value.map { (name, $0) } }
    }

    /// A user's change of `object`, or `nil` for an update the user would not call one (of
    /// inverse relationships only).
    ///
    /// - Parameters:
    ///   - values: The properties that changed, for an insert or update.
    ///   - before: The object's label and identity as they were, for an object whose values
    ///     are gone (an insert undone); taken now when `nil`.
    func change(
        of object: TournamentObject, _ kind: TournamentChange.Kind, values: [RawValue],
        before: (label: String, identity: [(name: String, value: FieldValue)])? = nil
    ) -> TournamentChange? {
        let fields =
            kind == .deleted ? deletedFields(of: object) : fields(of: object, values, inserted: kind == .inserted)
        if kind == .updated, fields.isEmpty { return nil }
        return TournamentChange(
            object: object, kind: kind, label: before?.label ?? lookup.label(of: object),
            entity: object.entity.name.lowercased(), identity: before?.identity ?? identity(of: object), fields: fields)
    }

    /// The changes a group of the undo history made, in the order the group first touched the
    /// objects, inserts first, then updates, then deletes; `before` names objects removed whose
    /// values are gone (see ``change(of:_:values:before:)``).
    func changes(
        _ changes: [ObjectChange],
        before: [ObjectIdentifier: (label: String, identity: [(name: String, value: FieldValue)])] = [:]
    )
        -> [TournamentChange]
    {
        let kinds: [ObjectChange.Kind: TournamentChange.Kind] = [.inserted: .inserted, .updated: .updated, .deleted: .deleted]
        return changes.compactMap { change in
            self.change(
                of: change.object, kinds[change.kind]!, values: change.values.map { ($0.key, $0.old, $0.new) },
                before: change.kind == .deleted ? before[ObjectIdentifier(change.object)] : nil)
        }
        .enumerated().sorted { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) }.map(\.element)
    }

    private static let resultKeys: Set = ["homeGoals", "awayGoals", "afterExtraTime", "homePenalties", "awayPenalties"]

    /// The names em's options give properties whose model name differs.
    private static let fieldNames = ["givenname": "given", "englishName": "english", "homeTeam": "home", "awayTeam": "away"]

    /// The fields of a removed object, each with its value before and none after, as a script
    /// needs them to make it again; none for an object whose values are gone (an insert undone).
    func deletedFields(of object: TournamentObject) -> [TournamentChange.Field] {
        let keys = object.entity.attributes.map(\.name) + object.entity.relationships.filter { !$0.isToMany }.map(\.name)
        let values = keys.compactMap { key -> RawValue? in
            guard let value = try? object.value(forKey: key) else { return nil }
            return (key, value, nil)
        }
        return fields(of: object, values, inserted: false, deleted: true)
    }

    /// The fields a user sees change among `values` (none of an inverse relationship); those
    /// of an object `inserted` have no old values, those of one `deleted` no new ones.
    func fields(
        of object: TournamentObject, _ values: [RawValue], inserted: Bool, deleted: Bool = false
    ) -> [TournamentChange.Field] {
        var fields: [TournamentChange.Field] = []
        var oldResult: [String: Any?] = [:]
        for value in values {
            if object is Match, Self.resultKeys.contains(value.key) {
                oldResult[value.key] = value.old
                continue
            }
            if let relationship = object.entity.relationshipsByName[value.key],
                relationship.isToMany || relationship.deleteRule == .cascade
            {
                continue
            }
            let field = TournamentChange.Field(
                name: Self.fieldNames[value.key] ?? value.key, old: inserted ? nil : fieldValue(value.old, of: object),
                new: fieldValue(value.new, of: object))
            if field.old != field.new { fields.append(field) }
        }
        if let match = object as? Match, !oldResult.isEmpty {
            func goals(_ key: String, _ current: Int16?) -> Int16? {
                guard let value = oldResult[key] else { return current }
                return (value as? Int64).map { Int16($0) }
            }
            let extraTime = oldResult["afterExtraTime"].map { $0 as? Bool ?? false } ?? (match.afterExtraTime == true)
            let before =
                inserted
                ? nil
                : Match.resultText(
                    goals: (goals("homeGoals", match.homeGoals), goals("awayGoals", match.awayGoals)),
                    afterExtraTime: extraTime,
                    penalties: (goals("homePenalties", match.homePenalties), goals("awayPenalties", match.awayPenalties)))
            let after = deleted ? nil : match.resultText
            if before != after {
                fields.insert(.init(name: "result", old: before.map(FieldValue.text), new: after.map(FieldValue.text)), at: 0)
            }
        }
        return fields
    }

    /// A property's value as users read it: a date as a day (a kick-off with the time and the
    /// venue's offset), a related object by what names it.
    private func fieldValue(_ value: Any?, of object: TournamentObject) -> FieldValue? {
        switch value {
        case nil: nil
        case let text as String: .text(text)
        case let number as Int64: .number(Int(number))
        case let flag as Bool: .flag(flag)
        case let date as Date:
            .text(
                (object as? Match).map { KickoffFormat.string(from: date, in: $0.venueTimeZone) }
                    ?? CalendarDay.string(from: date, in: CalendarDay.utc))
        case let team as Team: code(team)
        case let group as Group: group.name.map(FieldValue.text)
        case let match as Match: .number(lookup.matchID(match))
        case let player as Player:
            .text("\(player.team?.code ?? "-") \(player.number.map(String.init) ?? "-") \(player.fullName)")
        case let human as Human: .text(human.fullName)
        case let other as TournamentObject: .text(lookup.label(of: other))
        case let some?: .text(String(describing: some))
        }
    }

    private func code(_ team: Team?) -> FieldValue? {
        team?.code.map(FieldValue.text)
    }
}
