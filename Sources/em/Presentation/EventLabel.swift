import EMPlanner

extension Tournament {
    /// What a goal is, in a few words: `goal 17' DEN 7 Pierre-Emile Højbjerg in match 1 SVN-DEN`,
    /// with `(penalty)` or `(own goal)` after the scorer.
    func label(of goal: Goal) -> String {
        let scorer = goal.scorer.map { "\($0.team?.code ?? "-") \($0.number.map(String.init) ?? "-") \($0.fullName)" } ?? "-"
        let note = goal.ownGoal == true ? " (own goal)" : goal.penalty == true ? " (penalty)" : ""
        return "goal \(goal.minute.map { "\($0)' " } ?? "")\(scorer)\(note) in \(matchLabel(goal.match))"
    }

    /// What a card is, in a few words: `yellow card 30' SVN 2 Jaka Bijol in match 1 SVN-DEN`,
    /// `red card SVN official Matjaž Kek in match 1 SVN-DEN`.
    func label(of card: Card) -> String {
        let kind = card.cardKind?.description ?? card.kind ?? "?"
        return "\(kind) card \(card.minute.map { "\($0)' " } ?? "")\(holderText(of: card)) in \(matchLabel(card.match))"
    }

    /// Who was shown a card: `SVN 2 Jaka Bijol`, `SVN official Matjaž Kek`.
    func holderText(of card: Card) -> String {
        let team = card.team?.code ?? "-"
        if let player = card.player { return "\(team) \(player.number.map(String.init) ?? "-") \(player.fullName)" }
        return "\(team) official \(card.official ?? "-")"
    }

    private func matchLabel(_ match: Match?) -> String {
        guard let match else { return "match -" }
        return "match \(matchID(match)) \(match.pairing)"
    }
}
