import Foundation
import ObjectGraph

/// The automatic suspensions the recorded cards incur, by the tournament's ``SuspensionRule``.
extension Reports {
    /// Every suspension the cards recorded so far incur, served or not, ordered by the match to
    /// miss (kick-off; those without one last), then team code, shirt number and official.
    ///
    /// Each person's cards are walked through his team's matches in kick-off order: a
    /// sending-off, and every ``SuspensionRule/cautionsPerSuspension``-th caution in different
    /// matches, owes the team's next match; several owed are served one match each, in turn.
    /// Cautions expire once the team completes the round of ``SuspensionRule/cautionsExpireAfter``.
    /// A match that waits for its teams (``Knockout/waitingMatches()``) counts neither its cards nor as a
    /// match of its teams.
    ///
    /// - Throws: The errors of ``ruleSet()``, ``PlannerError/Kind/storeRefused(_:)``.
    /// - Complexity: Loads the cards and the schedule of the teams with cards, and what
    ///   ``Knockout/waitingMatches()`` loads.
    public func suspensions() throws -> [Suspension] {
        try suspensions(excluding: try tournament.knockout.waitingMatches())
    }

    /// The suspensions as ``suspensions()`` finds them, of the `waiting` matches.
    func suspensions(excluding waiting: Set<Match>) throws -> [Suspension] {
        let rule = SuspensionRule.of(try ruleSet())
        let cards = try storeAccess { try context.fetch(Card.fetchRequest()) }.filter { $0.match.map(waiting.contains) != true }
        // Keyed by object IDs: the objects a fault hands out may not live long enough for their
        // addresses to stay unique.
        struct Person: Hashable {
            var team: ManagedObjectID
            var player: ManagedObjectID?
            var official: String?
            var playerName: String?
        }
        var cardsByPerson: [Person: [Card]] = [:]
        for card in cards {
            guard let team = card.team, card.match != nil, card.cardKind != nil else { continue }
            let person = Person(
                team: team.objectID, player: card.player?.objectID,
                official: card.player == nil ? card.official?.lowercased() : nil,
                playerName: card.player == nil ? card.playerName?.lowercased() : nil)
            cardsByPerson[person, default: []].append(card)
        }
        var schedules: [ManagedObjectID: [Match]] = [:]
        var result: [Suspension] = []
        for personCards in cardsByPerson.values {
            let first = personCards[0]
            let team = first.team!
            let schedule =
                schedules[team.objectID]
                ?? (team.homeMatches.union(team.awayMatches)).subtracting(waiting).sorted {
                    ($0.kickoff ?? .distantFuture, lookup.matchID($0)) < ($1.kickoff ?? .distantFuture, lookup.matchID($1))
                }
            schedules[team.objectID] = schedule
            var owed: [(Suspension.Reason, Match)] = []
            var cautions: [Match] = []
            var cautionCount = 0
            func serve(_ match: Match?) {
                let (reason, incurredIn) = owed.removeFirst()
                result.append(
                    Suspension(
                        team: team, player: first.player, official: first.player == nil ? first.official : nil,
                        playerName: first.player == nil ? first.playerName : nil,
                        reason: reason, incurredIn: incurredIn, match: match, lookup: lookup))
            }
            for match in schedule {
                if !owed.isEmpty { serve(match) }
                let shown = personCards.filter { $0.match == match }
                if let sendingOff = shown.first(where: { $0.cardKind?.isSendingOff == true }) {
                    owed.append((.sentOff(sendingOff), match))
                }
                let cautioned = shown.contains { $0.cardKind == .yellow }
                let sentOffOnCautions = shown.contains { $0.cardKind == .secondYellow }
                if cautioned, !sentOffOnCautions {
                    cautions.append(match)
                    cautionCount += 1
                    if cautionCount % rule.cautionsPerSuspension == 0 {
                        owed.append((.cautions(Array(cautions.suffix(rule.cautionsPerSuspension))), match))
                    }
                }
                if let expiry = rule.cautionsExpireAfter, match.round == expiry.roundName {
                    cautions = []
                    cautionCount = 0
                }
            }
            while !owed.isEmpty { serve(nil) }
        }
        func key(_ suspension: Suspension) -> (Date, Int, String, Int, String) {
            (
                suspension.match?.kickoff ?? .distantFuture, suspension.matchID ?? .max,
                suspension.team.code ?? "", suspension.player?.number.map(Int.init) ?? 100,
                suspension.official ?? suspension.playerName ?? ""
            )
        }
        return result.sorted { key($0) < key($1) }
    }
}
