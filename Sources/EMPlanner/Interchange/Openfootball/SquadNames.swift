import FootballText

/// The names a source may give a squad's players by, for finding them fast: each player's
/// whole name, its last word (`Havertz` for Kai Havertz), all but its first (`ter Stegen`), its
/// first (`Fabián` for Fabián Ruiz) and its initial with the rest (`R. Marin` for Răzvan Marin),
/// folded (case and diacritics ignored).
struct SquadNames {
    /// The shirt numbers each folded name may mean.
    private var numbers: [String: Set<Int>] = [:]

    /// The names of `squad`'s players.
    init(_ squad: FootballTextSquad) {
        for player in squad.players {
            let words = player.name.split(separator: " ")
            let rest = words.dropFirst().joined(separator: " ")
            let initialed = words.count > 1 ? "\(words[0].prefix(1)). \(rest)" : ""
            for name in Set([player.name, String(words.last ?? ""), rest, String(words.first ?? ""), initialed])
            where !name.isEmpty {
                numbers[TournamentRules.fold(name), default: []].insert(player.number)
            }
        }
    }

    /// The shirt number of the one player `name` names, or `nil` if none or several.
    func shirt(of name: String) -> Int? {
        guard let found = numbers[TournamentRules.fold(name)], found.count == 1 else { return nil }
        return found.first
    }
}
