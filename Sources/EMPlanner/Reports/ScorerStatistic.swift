import Foundation
import ObjectGraph

/// A player's goals, as the scorers' list counts them: own goals are not his.
///
/// Values read once from the store.
public struct ScorerStatistic {
    /// The player, for the planner and its tests.
    let player: Player
    /// His team's FIFA code.
    public let teamCode: String?
    /// His shirt number.
    public let number: Int?
    /// His given name and name, as people write them (`Mario Götze`).
    public let name: String
    /// Goals scored for his team, penalties included.
    public let goals: Int
    /// Of those, penalty kicks.
    public let penalties: Int
    /// Goals into his own net, credited to the opponent.
    public let ownGoals: Int

    /// The tally of `player`.
    init(player: Player, goals: Int, penalties: Int, ownGoals: Int) {
        self.player = player
        teamCode = player.team?.code
        number = player.number.map(Int.init)
        name = player.fullName
        self.goals = goals
        self.penalties = penalties
        self.ownGoals = ownGoals
    }
}
