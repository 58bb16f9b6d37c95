import EMPlanner
import ObjectGraph

extension Tournament {
    /// What an object is, in a few words: `player GER 19 Mario Götze`, `coach GER Joachim Löw`,
    /// `team GER Deutschland`, `match 32 GER-POR`, `match 25 1A-2B`, `group A`.
    func label(of object: ManagedObject) -> String {
        switch object {
        case let player as Player:
            "player \(player.team?.code ?? "-") \(player.number.map(String.init) ?? "-") \(player.fullName)"
        case let coach as Coach: "coach \(coach.team?.code ?? "-") \(coach.fullName)"
        case let team as Team: "team \(team.code ?? "-") \(team.name ?? "")"
        case let match as Match: "match \(matchID(match)) \(match.pairing)"
        case let group as Group: "group \(group.name ?? "")"
        case let goal as Goal: label(of: goal)
        case let card as Card: label(of: card)
        default: "\(object.entity.name) \(object.objectID)"
        }
    }
}

extension Match {
    /// Who plays, in a few characters: the team codes, `GER-POR`; a knockout side whose team
    /// is not known yet by its slot, `1A-2B`, `CZE-2B`, `W25-W27`; `?` for a side with neither.
    var pairing: String {
        "\(homeTeam?.code ?? homeSlot ?? "?")-\(awayTeam?.code ?? awaySlot ?? "?")"
    }
}
