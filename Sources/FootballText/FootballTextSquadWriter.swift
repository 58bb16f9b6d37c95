/// Writes a `FootballTextSquad` as openfootball's squad files look.
///
/// The output is a rule, the header `=  Germany - Euro 2024`, then aligned rows, a blank line
/// between positions. Reading the output with `FootballTextSquadParser` gives back the same squad.
public struct FootballTextSquadWriter: Sendable {
    /// A writer.
    public init() {}

    /// The text of `squad`, lines ending in `\n`.
    public func write(_ squad: FootballTextSquad) -> String {
        var out: [String] = ["=========================="]
        var header = "=  \(squad.team)"
        if let tournament = squad.tournament { header += " - \(tournament)" }
        out.append(header)
        if !squad.comments.isEmpty {
            out.append("")
            out += squad.comments.map { $0.isEmpty ? "#" : "# \($0)" }
        }
        out.append("")
        let nameWidth = max(33, (squad.players.map(\.name.count).max() ?? 0) + 1)
        var previousPosition: String? = nil
        for player in squad.players {
            if player.position != previousPosition { out.append("") }
            previousPosition = player.position
            var row = pad("\(player.number)", 3, left: true) + ",  " + pad(player.name + ",", nameWidth + 1) + " "
            row += player.position + ","
            if let caps = player.caps, let goals = player.goals {
                let digits = "\(caps)"
                row += String(repeating: " ", count: max(1, 7 - digits.count)) + pad("\(digits)/\(goals)", 6) + ","
            }
            if let year = player.birthYear { row += " b. \(year)," }
            if player.club != nil || player.clubCountry != nil {
                var club = player.club ?? ""
                if let country = player.clubCountry { club += club.isEmpty ? "(\(country))" : " (\(country))" }
                row += "  " + club
            } else {
                row.removeLast()
            }
            out.append(row)
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        guard text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return left ? padding + text : text + padding
    }
}
