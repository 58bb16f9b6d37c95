import FootballText
import Foundation

/// Writing the tournament in openfootball's Football.TXT.
extension Interchange {
    /// The whole current tournament (unsaved changes included) in Football.TXT, as
    /// openfootball writes a EURO: title, time zone, groups, then the rounds with their
    /// matches, results and scorers.
    ///
    /// Teams go by their English names (their German ones where they have none), players of a
    /// squad by their family names where no teammate shares it; a knockout
    /// match whose teams are not both known names its sides by their slots, as openfootball
    /// does before a tournament (`(39) Winner Group B v 3rd Group A/D/E/F`), and so do the
    /// matches of teams still to be drawn (`A1 v A2`). Times are in
    /// the zone most matches kick off in; a match elsewhere shows its own time in brackets
    /// (`20:45 (21:45 UTC+3)`). ``FootballTextImport`` of the text gives the same tournament:
    /// teams, groups, matches, results, lots, replays, half-time scores, notes, goals, and
    /// line-ups with their cards; with the squads of ``footballTextSquads()``, its players too.
    /// ``footballTextLosses()`` says what it cannot hold.
    ///
    /// - Throws: ``PlannerError`` if the store cannot be read.
    /// - Complexity: Loads the whole tournament.
    public func footballText() throws -> String {
        FootballTextWriter().write(Self.footballTextDocument(of: try exportSetup()))
    }

    /// The setup as a Football.TXT document.
    static func footballTextDocument(of setup: SetupData) -> FootballTextDocument {
        let teams = Dictionary(setup.allTeams.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func english(_ name: String?) -> String {
            name.flatMap { teams[$0]?.englishName ?? $0 } ?? "?"
        }
        let zones = setup.matches.compactMap { match in
            match.kickoff.map { TimeZone(identifier: match.timeZone)?.secondsFromGMT(for: $0) ?? 0 }
        }
        let fileOffset =
            Dictionary(zones.map { ($0, 1) }, uniquingKeysWith: +).max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 0
        let fileZone = TimeZone(secondsFromGMT: fileOffset) ?? CalendarDay.utc

        var sections: [RoundSection] = []
        for (index, setupMatch) in setup.matches.enumerated() {
            let name = sectionName(of: setupMatch)
            var match = footballTextMatch(setupMatch, round: name, fileZone: fileZone, teams: teams, english: english)
            if setupMatch.home == nil || setupMatch.away == nil, let home = setupMatch.homeSlot, let away = setupMatch.awaySlot,
                let homeSlot = try? SlotLabel(parsing: home), let awaySlot = try? SlotLabel(parsing: away)
            {
                match.number = index + 1
                match.home = homeSlot.footballText
                match.away = awaySlot.footballText
            }
            if sections.last?.name == name {
                sections[sections.count - 1].matches.append(match)
            } else {
                sections.append(RoundSection(name: name, matches: [match]))
            }
        }
        return FootballTextDocument(
            title: setup.tournament, utcOffsetMinutes: fileOffset / 60,
            groups: setup.groups.map {
                GroupDeclaration(name: "Group \($0.name)", teams: $0.teams.map { $0.englishName ?? $0.name })
            },
            rounds: sections)
    }

    /// `Group A`, `Round of 16`, `Quarter-finals`, `Semi-finals`, `Third place play-off`,
    /// `Final`, `Final, Replay`.
    private static func sectionName(of match: SetupData.MatchEntry) -> String {
        let name =
            switch match.round {
            case "group": "Group \(match.group ?? "?")"
            case "round16": "Round of 16"
            case "quarterfinal": "Quarter-finals"
            case "semifinal": "Semi-finals"
            case "thirdPlace": "Third place play-off"
            default: "Final"
            }
        return match.replay ? "\(name), Replay" : name
    }

    /// One match as Football.TXT has it.
    private static func footballTextMatch(
        _ match: SetupData.MatchEntry, round: String, fileZone: TimeZone, teams: [String: SetupData.TeamEntry],
        english: (String?) -> String
    ) -> MatchEntry {
        let venueZone = TimeZone(identifier: match.timeZone) ?? fileZone
        var entry = MatchEntry(
            round: round, group: match.round == "group" ? round : nil, home: english(match.home), away: english(match.away))
        if let kickoff = match.kickoff {
            let zone = match.kickoffTimeKnown ? fileZone : venueZone
            let parts = CalendarDay.calendar(in: zone).dateComponents([.year, .month, .day, .hour, .minute], from: kickoff)
            entry.date = CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)
            if match.kickoffTimeKnown {
                entry.time = TimeOfDay(hour: parts.hour!, minute: parts.minute!)
                let offset = venueZone.secondsFromGMT(for: kickoff)
                if offset != fileZone.secondsFromGMT(for: kickoff) {
                    let local = CalendarDay.calendar(in: venueZone).dateComponents([.hour, .minute], from: kickoff)
                    entry.secondTime = ZonedTime(
                        time: TimeOfDay(hour: local.hour!, minute: local.minute!), zone: zoneLabel(offset))
                }
            }
        }
        if let city = match.city {
            var place = city
            var detail: String?
            if place.hasSuffix(")"), let open = place.range(of: " (", options: .backwards) {
                detail = String(place[open.upperBound..<place.index(before: place.endIndex)])
                place = String(place[..<open.lowerBound])
            }
            entry.venue = Venue(stadium: match.venue, city: place, detail: detail)
        }
        if let home = match.homeGoals, let away = match.awayGoals {
            var score = ScoreLine()
            let final = GoalPair(home: home, away: away)
            if match.afterExtraTime {
                score.afterExtraTime = final
                if let homeFull = match.homeFullTimeGoals, let awayFull = match.awayFullTimeGoals {
                    score.fullTime = GoalPair(home: homeFull, away: awayFull)
                }
            } else {
                score.fullTime = final
            }
            if let homeHalf = match.homeHalfTimeGoals, let awayHalf = match.awayHalfTimeGoals {
                score.halfTime = GoalPair(home: homeHalf, away: awayHalf)
            }
            if let homePenalties = match.homePenalties, let awayPenalties = match.awayPenalties {
                score.penalties = GoalPair(home: homePenalties, away: awayPenalties)
            }
            entry.score = score
        }
        // A squad's player by his family name, as openfootball writes him, where no teammate
        // shares it (else in full); the import finds him by either.
        func name(_ team: String, _ number: Int?, _ playerName: String?) -> String {
            let squad = teams[team]?.players ?? []
            guard let player = number.flatMap({ number in squad.first { $0.number == number } }) else {
                return playerName ?? "?"
            }
            let family = TournamentRules.fold(player.name)
            let shared = squad.contains { $0.number != player.number && TournamentRules.fold($0.name) == family }
            return shared ? [player.givenname, player.name].compactMap { $0 }.joined(separator: " ") : player.name
        }
        entry.goals = match.goals.map { goal in
            let scorerIsHome = goal.team == match.home
            let name = name(goal.team, goal.player, goal.scorerName)
            return GoalEntry(
                side: scorerIsHome != goal.ownGoal ? .home : .away, player: name,
                minute: MatchMinute(goal.minute, addedTime: goal.addedMinute), isPenalty: goal.penalty, isOwnGoal: goal.ownGoal)
        }
        entry.lineups = lineups(of: match, name: name).map { LineupEntry(team: english($0.team), formationLines: $0.lines) }
        entry.shootout = shootout(of: match, name: name)
        entry.comments = match.notes.map { $0.components(separatedBy: "\n") } ?? []
        if let lotsWinner = match.lotsWinner, entry.comments.isEmpty {
            entry.comments = ["\(lotsWinner == "home" ? entry.home : entry.away) won on coin toss"]
        }
        return entry
    }

    /// A match's line-ups and shoot-out as Football.TXT writes them, on one line each: the
    /// teams' line-ups in the order given (`Neuer - Kimmich, Rüdiger, Tah [Y], … - Havertz
    /// (Füllkrug 63')`), and the kicks (`1-0 Masny, 1-1 Bonhof, …, U.Hoeneß (over)`), if any.
    ///
    /// - Complexity: Loads the match's line-ups, events and its teams' squads.
    func lineupTexts(of match: Match) -> (lineups: [(team: Team, text: String)], shootout: String?) {
        let teams = [match.homeTeam, match.awayTeam].compactMap { $0 }
        var entry = SetupData.MatchEntry(
            home: match.homeTeam?.name, away: match.awayTeam?.name, kickoff: nil, timeZone: "UTC", venue: nil, city: nil,
            round: match.round ?? "", group: nil)
        entry.appearances = Self.appearanceEntries(Array(match.appearances))
        entry.cards = tournament.results.events(in: match).compactMap(\.cardEntry)
        entry.penaltyKicks = Self.penaltyKickEntries(Array(match.penaltyKicks))
        func name(_ team: String, _ number: Int?, _ playerName: String?) -> String {
            let player = number.flatMap { number in
                teams.first { $0.name == team }?.players.first { $0.number.map(Int.init) == number }
            }
            return player?.fullName ?? playerName ?? "?"
        }
        let writer = FootballTextWriter()
        let lineups = Self.lineups(of: entry, name: name).compactMap { lineup in
            teams.first { $0.name == lineup.team }.map {
                (team: $0, text: writer.lineupText(LineupEntry(team: lineup.team, formationLines: lineup.lines)))
            }
        }
        let kicks = Self.shootout(of: entry, name: name)
        return (lineups, kicks.isEmpty ? nil : writer.shootoutText(kicks))
    }

    /// A match's shoot-out as Football.TXT has it: a scored kick with the score after it.
    private static func shootout(
        of match: SetupData.MatchEntry, name: (String, Int?, String?) -> String
    ) -> [ShootoutKick] {
        var score = GoalPair(home: 0, away: 0)
        return match.penaltyKicks.map { kick in
            if kick.scored {
                if kick.team == match.home { score.home += 1 } else { score.away += 1 }
            }
            return ShootoutKick(
                score: kick.scored ? score : nil, player: name(kick.team, kick.player, kick.playerName), note: kick.note)
        }
    }

    /// A match's line-ups as Football.TXT has them, in the order given, each with its team's
    /// German name: each team's starters by line, each followed by those who replaced him in
    /// turn, with the cards each was shown.
    static func lineups(
        of match: SetupData.MatchEntry, name: (String, Int?, String?) -> String
    ) -> [(team: String, lines: [[LineupPlayer]])] {
        let appearances = match.appearances
        func cards(of appearance: SetupData.AppearanceEntry) -> [CardEntry] {
            match.cards.filter { card in
                guard card.team == appearance.team else { return false }
                switch card.holder {
                case .player(let number): return number == appearance.player
                case .namedPlayer(let name): return name == appearance.playerName
                case .official: return false
                }
            }.map { card in
                let kind: CardMark =
                    switch card.kind {
                    case .yellow: .yellow
                    case .secondYellow: .yellowRed
                    case .red: .red
                    }
                return CardEntry(kind, minute: card.minute.map { MatchMinute($0, addedTime: card.addedMinute) })
            }
        }
        var lineups: [(team: String, lines: [[LineupPlayer]])] = []
        // The teams in the order their line-ups were given.
        var teams: [String] = []
        for appearance in appearances where !teams.contains(appearance.team) { teams.append(appearance.team) }
        for team in teams {
            var lines: [[LineupPlayer]] = []
            for (index, appearance) in appearances.enumerated() where appearance.team == team {
                guard let line = appearance.formationLine else { continue }
                var player = LineupPlayer(
                    name: name(team, appearance.player, appearance.playerName), isCaptain: appearance.captain,
                    cards: cards(of: appearance))
                var replaced = index
                while let next = appearances.firstIndex(where: { $0.replaces == replaced }) {
                    let substitute = appearances[next]
                    player.substitutions.append(
                        Substitution(
                            player: name(team, substitute.player, substitute.playerName),
                            minute: substitute.minute.map { MatchMinute($0, addedTime: substitute.addedMinute) },
                            isCaptain: substitute.captain, cards: cards(of: substitute)))
                    replaced = next
                }
                while lines.count < line { lines.append([]) }
                lines[line - 1].append(player)
            }
            if !lines.isEmpty { lineups.append((team, lines.filter { !$0.isEmpty })) }
        }
        return lineups
    }

    /// `UTC+3`, `UTC-4:30`: a fixed offset as a zone's name.
    private static func zoneLabel(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "-" : "+"
        return "UTC\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":\(CalendarDay.padded(minutes % 60, 2))")
    }
}
