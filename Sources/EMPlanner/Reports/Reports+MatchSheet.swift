extension Reports {
    /// The sheet of the match `reference` names (see ``Lookup/match(_:)``), with kick-off
    /// times in `zone`.
    ///
    /// - Throws: The errors of ``Lookup/match(_:)``.
    /// - Complexity: Loads the match, its events and line-ups, and what
    ///   ``Knockout/waitingMatches()`` loads.
    public func matchSheet(_ reference: String, zone: KickoffZone = .venue) throws -> MatchSheet {
        let match = try lookup.match(reference)
        let waiting = try tournament.knockout.waitingMatches()
        let (lineups, shootout) = tournament.interchange.lineupTexts(of: match)
        let events = tournament.results.events(in: match).map { event -> MatchSheet.Event in
            switch event {
            case .goal(let goal):
                MatchSheet.Event(
                    minute: goal.minute.map(Int.init),
                    kind: goal.ownGoal == true ? "own goal" : goal.penalty == true ? "penalty goal" : "goal",
                    team: goal.scorerTeam?.code, number: goal.scorer?.number.map(Int.init), name: goal.scorerFullName,
                    official: nil)
            case .card(let card):
                MatchSheet.Event(
                    minute: card.minute.map(Int.init), kind: "\(card.cardKind?.description ?? card.kind ?? "") card",
                    team: card.team?.code, number: card.player?.number.map(Int.init),
                    name: card.player?.fullName ?? card.playerName ?? "\(card.official ?? "") (official)",
                    official: card.official)
            }
        }
        return MatchSheet(
            id: lookup.matchID(match), round: match.round, group: match.group?.name, day: match.day(in: zone),
            time: match.time(in: zone), offset: match.offset(in: zone), kickoff: match.kickoffText(in: zone),
            hasKickoff: match.kickoff != nil, venue: match.venue, city: match.city, homeSlot: match.homeSlot,
            awaySlot: match.awaySlot, home: match.homeTeam?.code, away: match.awayTeam?.code, pairing: match.pairing,
            result: match.resultText, waits: waiting.contains(match), events: events,
            lineups: lineups.map { MatchSheet.Lineup(team: $0.team.code ?? "", text: $0.text) }, shootout: shootout)
    }
}
