import ObjectGraph

/// Seeding a match's line-ups and penalty shoot-out from a setup.
extension Interchange {
    /// Inserts the line-ups and shoot-out kicks of a setup's match, checking each against the
    /// match: the team plays it, a player is in its squad (or named), appears once, a starter
    /// has a formation line, a substitute replaces an earlier player of his team; kicks only
    /// after a shoot-out, as many scored per team as its penalties.
    ///
    /// - Throws: ``SetupError`` naming `matches[index]` and the entry.
    func seedLineups(of entry: SetupData.MatchEntry, match: Match, index: Int) throws {
        guard !entry.appearances.isEmpty || !entry.penaltyKicks.isEmpty else { return }
        let path = "matches[\(index)]"
        func fail(_ key: String, _ message: String) -> SetupError {
            SetupError(source: "setup", keyPath: "\(path).\(key)", message: message)
        }
        func side(_ name: String, at key: String) throws -> Team {
            guard let team = [match.homeTeam, match.awayTeam].compactMap({ $0 }).first(where: { $0.name == name }) else {
                throw fail("\(key).team", "team \(quoted(name)) does not play match \(index + 1)")
            }
            return team
        }
        func person(_ team: Team, _ number: Int?, _ name: String?, at key: String) throws -> (Player?, String?) {
            switch (number, name) {
            case (let number?, nil):
                guard let player = team.players.first(where: { $0.number.map(Int.init) == number }) else {
                    throw fail("\(key).player", "team \(quoted(team.name ?? "")) has no player with shirt number \(number)")
                }
                return (player, nil)
            case (nil, let name?) where !SetupData.isBlank(name):
                return (nil, name)
            default:
                throw fail("\(key).player", "give the player's shirt number or his name, one of them")
            }
        }

        var appearances: [Appearance] = []
        var seen = Set<String>()
        for (a, item) in entry.appearances.enumerated() {
            let key = "appearances[\(a)]"
            let team = try side(item.team, at: key)
            let (player, name) = try person(team, item.player, item.playerName, at: key)
            let identity = "\(team.code ?? "") " + (player.map { "#\($0.number ?? 0)" } ?? TournamentRules.fold(name ?? ""))
            guard seen.insert(identity).inserted else { throw fail(key, "the player appears twice in the match") }
            let appearance = Appearance(context: context)
            if let replaced = item.replaces {
                guard item.formationLine == nil else { throw fail("\(key).line", "a substitute has no line of his own") }
                guard replaced < a, appearances[replaced].team == team else {
                    throw fail("\(key).replaces", "expected the place of an earlier appearance of his team, found \(replaced)")
                }
                guard appearances[replaced].replacedBy == nil else {
                    throw fail("\(key).replaces", "appearances[\(replaced)] is replaced already")
                }
                appearance.replaces = appearances[replaced]
            } else {
                guard item.formationLine != nil else { throw fail("\(key).line", "a starter needs the line he played in") }
                guard item.minute == nil else { throw fail("\(key).minute", "a starter comes on at kick-off") }
            }
            if let minute = item.minute, !Results.eventMinutes.contains(minute) {
                throw fail("\(key).minute", "expected 1 to 130, found \(minute)")
            }
            appearance.match = match
            appearance.team = team
            appearance.player = player
            appearance.playerName = name
            appearance.order = Int16(a + 1)
            appearance.formationLine = item.formationLine.map(Int16.init)
            appearance.captain = item.captain
            appearance.minuteOn = item.minute.map(Int16.init)
            appearance.addedMinuteOn = item.addedMinute.map(Int16.init)
            appearances.append(appearance)
        }

        guard !entry.penaltyKicks.isEmpty else { return }
        guard let homePenalties = entry.homePenalties, let awayPenalties = entry.awayPenalties else {
            throw fail("penaltyKicks", "the match has no penalty shoot-out")
        }
        var scored: [Team: Int] = [:]
        for (k, item) in entry.penaltyKicks.enumerated() {
            let key = "penaltyKicks[\(k)]"
            let team = try side(item.team, at: key)
            let (player, name) = try person(team, item.player, item.playerName, at: key)
            let kick = PenaltyKick(context: context)
            kick.match = match
            kick.team = team
            kick.player = player
            kick.playerName = name
            kick.order = Int16(k + 1)
            kick.scored = item.scored
            kick.note = item.note
            if item.scored { scored[team, default: 0] += 1 }
        }
        for (team, penalties) in [(match.homeTeam, homePenalties), (match.awayTeam, awayPenalties)] {
            guard let team, scored[team, default: 0] == penalties else {
                throw fail(
                    "penaltyKicks",
                    "the kicks scored by \(quoted(team?.name ?? "")) (\(team.map { scored[$0, default: 0] } ?? 0)) "
                        + "are not its \(penalties) penalties")
            }
        }
    }
}
