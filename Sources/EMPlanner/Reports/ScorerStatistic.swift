import Foundation
import ObjectGraph

/// A player's goals, as the scorers' list counts them: own goals are not his.
public struct ScorerStatistic {
    /// The player.
    public let player: Player
    /// Goals scored for his team, penalties included.
    public let goals: Int
    /// Of those, penalty kicks.
    public let penalties: Int
    /// Goals into his own net, credited to the opponent.
    public let ownGoals: Int
}
