import Foundation

/// The synthetic tournament every workload runs on.
///
/// It has `teamCount` teams named `T0000`, `T0001`, … with `playersPerTeam` players each.
/// Player `k` (0-based) of team `T0123` is called `T0123 Player 07` for k = 6, wears number
/// k + 1 and plays one of ten positions in turn (so each position, the goalkeeper's included,
/// is exactly 10% of the players).
struct Tournament {
    struct Player {
        var name: String
        var number: Int64
        var position: String
        /// Index into ``Tournament/teams``.
        var team: Int
    }

    static let positions = [
        "Goalkeeper", "Left Back", "Centre Back", "Right Back", "Defensive Midfielder",
        "Central Midfielder", "Attacking Midfielder", "Left Winger", "Right Winger", "Striker",
    ]

    let teams: [String]
    let players: [Player]
    let playersPerTeam: Int

    init(teamCount: Int, playersPerTeam: Int = 25) {
        self.playersPerTeam = playersPerTeam
        teams = (0..<teamCount).map { Self.teamName($0) }
        var players: [Player] = []
        players.reserveCapacity(teamCount * playersPerTeam)
        for (team, teamName) in teams.enumerated() {
            for k in 0..<playersPerTeam {
                let number = k + 1
                players.append(
                    Player(
                        name: teamName + " Player " + (number < 10 ? "0\(number)" : "\(number)"),
                        number: Int64(number),
                        position: Self.positions[players.count % Self.positions.count],
                        team: team))
            }
        }
        self.players = players
    }

    static func teamName(_ index: Int) -> String {
        let digits = String(index)
        return "T" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
