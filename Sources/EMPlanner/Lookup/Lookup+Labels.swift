import ObjectGraph

/// An object of a tournament: a ``Group``, ``Team``, ``Player``, ``Coach``, ``Match``, ``Goal``
/// or ``Card``.
typealias TournamentObject = ManagedObject

/// Labels: what an object is, in a few words, as messages and reports name it.
extension Lookup {
    /// What an object is, in a few words: `player GER 19 Mario Götze`, `coach GER Joachim Löw`,
    /// `team GER Deutschland`, `match 32 GER-POR`, `match 25 1A-2B`, `group A`, and goals and
    /// cards as ``label(of:)-(Goal)`` and ``label(of:)-(Card)`` say.
    func label(of object: TournamentObject) -> String {
        switch object {
        case let player as Player: PlayerSummary.label(of: player)
        case let coach as Coach: CoachSummary.label(of: coach)
        case let team as Team: TeamSummary.label(of: team)
        case let match as Match: MatchSummary.label(id: matchID(match), pairing: match.pairing)
        case let group as Group: GroupSummary.label(of: group)
        case let alias as TeamAlias: "alias \(quoted(alias.name ?? "")) of team \(alias.team?.code ?? "-")"
        case let goal as Goal: label(of: goal)
        case let card as Card: label(of: card)
        default: "\(object.entity.name) \(object.objectID)"
        }
    }

    /// What a goal is, in a few words: `goal 17' DEN 7 Pierre-Emile Højbjerg in match 1 SVN-DEN`,
    /// with `(penalty)` or `(own goal)` after the scorer.
    func label(of goal: Goal) -> String {
        let scorer = goal.scorer.map { "\($0.team?.code ?? "-") \($0.number.map(String.init) ?? "-") \($0.fullName)" } ?? "-"
        let note = goal.ownGoal == true ? " (own goal)" : goal.penalty == true ? " (penalty)" : ""
        return "goal \(goal.minute.map { "\($0)' " } ?? "")\(scorer)\(note) in \(goal.match.map(label(of:)) ?? "match -")"
    }

    /// What a card is, in a few words: `yellow card 30' SVN 2 Jaka Bijol in match 1 SVN-DEN`,
    /// `red card SVN official Matjaž Kek in match 1 SVN-DEN`.
    func label(of card: Card) -> String {
        let kind = card.cardKind?.description ?? card.kind ?? "?"
        let match = card.match.map(label(of:)) ?? "match -"
        return "\(kind) card \(card.minute.map { "\($0)' " } ?? "")\(holderText(of: card)) in \(match)"
    }

    /// Who was shown a card: `SVN 2 Jaka Bijol`, `SVN official Matjaž Kek`.
    func holderText(of card: Card) -> String {
        let team = card.team?.code ?? "-"
        if let player = card.player { return "\(team) \(player.number.map(String.init) ?? "-") \(player.fullName)" }
        if let name = card.playerName { return "\(team) \(name)" }
        return "\(team) official \(card.official ?? "-")"
    }

    /// Matches in a few words each, by id: `1 GER-POR`, `8 NED-GER`.
    func shortLabels(of matches: some Sequence<Match>) -> [String] {
        matches.map { (matchID($0), $0.pairing) }.sorted { $0.0 < $1.0 }.map { "\($0.0) \($0.1)" }
    }
}

extension Match {
    /// Who plays, in a few characters: the team codes, `GER-POR`; a knockout side whose team
    /// is not known yet by its slot, `1A-2B`, `CZE-2B`, `W25-W27`; `?` for a side with neither.
    public var pairing: String {
        "\(homeTeam?.code ?? homeSlot ?? "?")-\(awayTeam?.code ?? awaySlot ?? "?")"
    }
}

extension Human {
    /// Given name and name, as people write them (`Mario Götze`, `Pepe`).
    public var fullName: String {
        [givenname, name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
