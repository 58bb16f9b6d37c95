import FootballText

/// The line-ups of a Football.TXT match, their cards, and its penalty shoot-out, as setup
/// values.
extension FootballTextImport {
    /// A team of a match with its squad's names from the squad files, if given.
    struct Side {
        /// The team as the table knows it.
        var team: KnownTeam
        /// Its squad's names, if a squad file gave the squad.
        var names: SquadNames?

        /// The shirt number of the squad's player `name` names, if exactly one.
        func shirt(of name: String) -> Int? {
            names?.shirt(of: name)
        }
    }

    /// The line-ups of `match` (each labelled with its team's name, or else home first) as
    /// appearances, and the cards they show.
    ///
    /// A player is his squad's by shirt number where the squad is known and names him once,
    /// else by name. A second yellow card (`[Y/R]`) with no yellow before it brings that
    /// yellow, which it implies.
    static func lineups(
        of match: MatchEntry, home: Side, away: Side
    ) -> (appearances: [SetupData.AppearanceEntry], cards: [SetupData.CardEntry]) {
        var appearances: [SetupData.AppearanceEntry] = []
        var cards: [SetupData.CardEntry] = []
        for (index, lineup) in match.lineups.enumerated() {
            let labelled = KnownTeam.named(lineup.team)?.code
            let side =
                labelled == home.team.code ? home : labelled == away.team.code ? away : index == 0 ? home : away
            var numbers = Set<Int>()
            func person(_ name: String) -> (number: Int?, name: String?) {
                if let number = side.shirt(of: name), numbers.insert(number).inserted { return (number, nil) }
                return (nil, name)
            }
            func book(_ entries: [CardEntry], to person: (number: Int?, name: String?)) {
                let holder: CardHolder = person.number.map { .player(number: $0) } ?? .namedPlayer(name: person.name ?? "")
                var cautioned = false
                for entry in entries {
                    let minute = entry.minute.flatMap { Results.eventMinutes.contains($0.minute) ? $0 : nil }
                    func card(_ kind: CardKind, at minute: MatchMinute?) {
                        cards.append(
                            SetupData.CardEntry(
                                team: side.team.germanName, holder: holder, kind: kind, minute: minute?.minute,
                                addedMinute: minute?.addedTime))
                    }
                    switch entry.kind {
                    case .yellow:
                        card(cautioned ? .secondYellow : .yellow, at: minute)
                    case .yellowRed:
                        if !cautioned { card(.yellow, at: nil) }
                        card(.secondYellow, at: minute)
                    case .red:
                        card(.red, at: minute)
                    }
                    cautioned = true
                }
            }
            for (line, players) in lineup.formationLines.enumerated() {
                for player in players {
                    let starter = person(player.name)
                    book(player.cards, to: starter)
                    appearances.append(
                        SetupData.AppearanceEntry(
                            team: side.team.germanName, player: starter.number, playerName: starter.name,
                            formationLine: line + 1, captain: player.isCaptain))
                    var replaced = appearances.count - 1
                    for substitution in player.substitutions {
                        let substitute = person(substitution.player)
                        book(substitution.cards, to: substitute)
                        let minute = substitution.minute.flatMap { Results.eventMinutes.contains($0.minute) ? $0 : nil }
                        appearances.append(
                            SetupData.AppearanceEntry(
                                team: side.team.germanName, player: substitute.number, playerName: substitute.name,
                                captain: substitution.isCaptain, replaces: replaced, minute: minute?.minute,
                                addedMinute: minute?.addedTime))
                        replaced = appearances.count - 1
                    }
                }
            }
        }
        return (appearances, cards)
    }

    /// The kicks of `match`'s shoot-out, in order.
    ///
    /// A scored kick's team is the one whose score it raised; a missed kick's follows from the
    /// nearest scored kick, as the teams take turns (the home team's if none was scored).
    static func penaltyKicks(of match: MatchEntry, home: Side, away: Side) -> [SetupData.PenaltyKickEntry] {
        var sides: [Side?] = []
        var previous = GoalPair(home: 0, away: 0)
        for kick in match.shootout {
            guard let score = kick.score else {
                sides.append(nil)
                continue
            }
            sides.append(score.home > previous.home ? home : away)
            previous = score
        }
        let known = sides.indices.filter { sides[$0] != nil }
        return zip(match.shootout, sides.indices).map { kick, index in
            var side = home
            if let nearest = known.min(by: { abs($0 - index) < abs($1 - index) }), let taker = sides[nearest] {
                side = (index - nearest) % 2 == 0 ? taker : taker.team.code == home.team.code ? away : home
            }
            let number = side.shirt(of: kick.player)
            return SetupData.PenaltyKickEntry(
                team: side.team.germanName, player: number, playerName: number == nil ? kick.player : nil,
                scored: kick.isScored, note: kick.note)
        }
    }
}
