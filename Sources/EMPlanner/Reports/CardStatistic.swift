import Foundation
import ObjectGraph

/// The cards shown to a player or team official during the tournament.
public struct CardStatistic {
    /// The team.
    public let team: Team
    /// The player, or `nil` for an official.
    public let player: Player?
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
}
