import Foundation
import ObjectGraph

/// The scorers' list and the cards' list over every recorded goal and card.
extension Reports {
    /// Every player with a goal or an own goal: most goals first, then fewer penalties, then team
    /// code and shirt number.
    ///
    /// The goals of a match that waits for its teams do not count (``Knockout/waitingMatches()``).
    ///
    /// - Complexity: Loads the goals, and what ``Knockout/waitingMatches()`` loads.
    public func scorers() throws -> [ScorerStatistic] {
        let waiting = try tournament.knockout.waitingMatches()
        let goals = try storeAccess { try context.fetch(Goal.fetchRequest()) }.filter { $0.match.map(waiting.contains) != true }
        var tallies: [ManagedObjectID: (player: Player, goals: Int, penalties: Int, ownGoals: Int)] = [:]
        for goal in goals {
            guard let scorer = goal.scorer else { continue }
            var tally = tallies[scorer.objectID] ?? (scorer, 0, 0, 0)
            if goal.ownGoal == true {
                tally.ownGoals += 1
            } else {
                tally.goals += 1
                if goal.penalty == true { tally.penalties += 1 }
            }
            tallies[scorer.objectID] = tally
        }
        return tallies.values.map {
            ScorerStatistic(player: $0.player, goals: $0.goals, penalties: $0.penalties, ownGoals: $0.ownGoals)
        }
        .sorted {
            (-$0.goals, $0.penalties, $0.player.team?.code ?? "", Int($0.player.number ?? 0))
                < (-$1.goals, $1.penalties, $1.player.team?.code ?? "", Int($1.player.number ?? 0))
        }
    }

    /// Every player or official with a card: most red, then second yellow, then yellow cards
    /// first, then team code, shirt number and official's name.
    ///
    /// The cards of a match that waits for its teams do not count (``Knockout/waitingMatches()``).
    ///
    /// - Complexity: Loads the cards, and what ``Knockout/waitingMatches()`` loads.
    public func cardStatistics() throws -> [CardStatistic] {
        let waiting = try tournament.knockout.waitingMatches()
        let cards = try storeAccess { try context.fetch(Card.fetchRequest()) }.filter { $0.match.map(waiting.contains) != true }
        struct Key: Hashable {
            var team: ManagedObjectID
            var player: ManagedObjectID?
            var official: String?
            var playerName: String?
        }
        var tallies: [Key: CardStatistic] = [:]
        for card in cards {
            guard let team = card.team, let kind = card.cardKind else { continue }
            let key = Key(
                team: team.objectID, player: card.player?.objectID,
                official: card.player == nil ? card.official?.lowercased() : nil,
                playerName: card.player == nil ? card.playerName?.lowercased() : nil)
            let old = tallies[key]
            tallies[key] = CardStatistic(
                team: team, player: card.player, official: card.player == nil ? (old?.official ?? card.official) : nil,
                playerName: card.player == nil ? (old?.playerName ?? card.playerName) : nil,
                yellow: (old?.yellow ?? 0) + (kind == .yellow ? 1 : 0),
                secondYellow: (old?.secondYellow ?? 0) + (kind == .secondYellow ? 1 : 0),
                red: (old?.red ?? 0) + (kind == .red ? 1 : 0))
        }
        func key(_ line: CardStatistic) -> (Int, Int, Int, String, Int, String) {
            (
                -line.red, -line.secondYellow, -line.yellow, line.team.code ?? "", line.player?.number.map(Int.init) ?? 100,
                line.official ?? line.playerName ?? ""
            )
        }
        return tallies.values.sorted { key($0) < key($1) }
    }
}
