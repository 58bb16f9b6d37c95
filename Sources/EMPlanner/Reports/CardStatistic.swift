import Foundation
import ObjectGraph

/// The cards shown to a player or team official during the tournament, as values read once
/// from the store.
public struct CardStatistic {
    /// The team, for the planner and its tests.
    let team: Team
    /// The player, or `nil` for an official, for the planner and its tests.
    let player: Player?
    /// The team's FIFA code.
    public let teamCode: String?
    /// The player's shirt number, or `nil` for an official or a player not in the squad.
    public let number: Int?
    /// Who was shown the cards, as people write it: `Mario Götze`, the name of a player known
    /// by name only, or `Matjaž Kek (official)`.
    public let name: String
    /// The official's name, or `nil` for a player.
    public let official: String?
    /// The player's name, for a player known by name only (not in the squad).
    public let playerName: String?
    /// Yellow cards (first cautions in a match).
    public let yellow: Int
    /// Second yellow cards.
    public let secondYellow: Int
    /// Direct red cards.
    public let red: Int

    /// The tally of a person of `team` (`player`, or `official`, or `playerName`).
    init(
        team: Team, player: Player?, official: String?, playerName: String?, yellow: Int, secondYellow: Int, red: Int
    ) {
        self.team = team
        self.player = player
        teamCode = team.code
        number = player?.number.map(Int.init)
        name = player?.fullName ?? playerName ?? "\(official ?? "") (official)"
        self.official = official
        self.playerName = playerName
        self.yellow = yellow
        self.secondYellow = secondYellow
        self.red = red
    }
}
