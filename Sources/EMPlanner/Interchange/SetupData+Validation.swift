import Foundation

/// Checking a whole setup before anything is inserted.
extension SetupData {
    /// Checks that the setup describes a consistent tournament, by the same rules the edits of
    /// ``Tournament`` enforce.
    ///
    /// Text: no control characters anywhere. Groups: names not empty and unique. Teams: names, English names and codes unique across
    /// all teams (ignoring case and diacritics, as look-ups do); codes three capital letters,
    /// or the team's draw slot (a letter and a digit, `A1`, each slot once) while it is still
    /// to be drawn.
    /// Rule set: one of ``RuleSet/all`` (EURO 2012's when none is named). Players: no more than
    /// the rule set's squads have, numbers in its range (1 to the squad's size) unique within
    /// the team and number 1 a goalkeeper's, positions GK/DF/MF/FW, dates of birth `YYYY-MM-DD`
    /// that make the players 15 to 50 years old on the first day (``SquadRules``). Matches: teams named by their German
    /// names, a known round, a group exactly for group matches with both teams in it, knockout
    /// slots (both or neither; then the teams may be missing) that parse as ``SlotLabel``s and
    /// name the setup's groups or earlier knockout matches, both teams for a match with a
    /// result, a known time zone, no team playing itself or twice on one local day, no venue
    /// used twice within 3 hours, one final at most (and its replay), a group's official order naming each of
    /// its teams' codes at most once, results by the rules of
    /// ``Results/recordResult(match:home:away:afterExtraTime:penalties:)``.
    ///
    /// - Parameter source: What to call the setup in errors.
    /// - Throws: ``SetupError`` with the key path of the first culprit.
    public func validate(source: String) throws(SetupError) {
        func fail(_ path: String, _ message: String) -> SetupError {
            SetupError(source: source, keyPath: path, message: message)
        }
        func requireName(_ text: String, _ path: String) throws(SetupError) {
            if Self.isBlank(text) { throw fail(path, "must not be empty") }
        }

        if let path = firstTextWithControlCharacter { throw fail(path, TournamentRules.controlCharacterRule) }
        if let ruleSet, RuleSet.named(ruleSet) == nil {
            throw fail(
                "ruleSet",
                "unknown rule set \(quoted(ruleSet)); expected one of \(RuleSet.all.map(\.identifier).joined(separator: ", "))")
        }
        let squad = (ruleSet.flatMap(RuleSet.named) ?? .euro2012).squad
        let firstDay = SquadRules.firstDay(kickoff: matches.compactMap(\.kickoff).min())

        var groupNames: [String: Int] = [:]
        var teamKeys: [String: String] = [:]
        var teamGroups: [String: String?] = [:]
        var drawSlots: [String: String] = [:]
        var teamEntries: [(team: TeamEntry, path: String, group: String?)] = []
        for (g, group) in groups.enumerated() {
            let path = "groups[\(g)]"
            try requireName(group.name, "\(path).name")
            if let first = groupNames[group.name] {
                throw fail("\(path).name", "duplicate group \(quoted(group.name)), already groups[\(first)]")
            }
            groupNames[group.name] = g
            for (t, team) in group.teams.enumerated() {
                teamEntries.append((team, "\(path).teams[\(t)]", group.name))
            }
            var ordered: Set<String> = []
            for (o, code) in (group.officialOrder ?? []).enumerated() {
                guard group.teams.contains(where: { $0.code == code }) else {
                    throw fail(
                        "\(path).officialOrder[\(o)]", "\(quoted(code)) is not the code of a team in group \(quoted(group.name))")
                }
                guard ordered.insert(code).inserted else {
                    throw fail("\(path).officialOrder[\(o)]", "team \(quoted(code)) is listed twice")
                }
            }
        }
        for (t, team) in ungroupedTeams.enumerated() {
            teamEntries.append((team, "teams[\(t)]", nil))
        }
        for (team, teamPath, groupName) in teamEntries {
            try requireName(team.name, "\(teamPath).name")
            if let slot = team.drawSlot {
                guard TournamentRules.isDrawSlot(slot) else {
                    throw fail("\(teamPath).drawSlot", "expected a group's letter and a digit (A1), found \(quoted(slot))")
                }
                if let other = drawSlots.updateValue(team.name, forKey: slot) {
                    throw fail("\(teamPath).drawSlot", "slot \(slot) is team \(quoted(other))'s already")
                }
            }
            guard TournamentRules.isTeamCode(team.code) || (team.drawSlot != nil && team.code == team.drawSlot) else {
                throw fail(
                    "\(teamPath).code",
                    "expected three capital letters\(team.drawSlot.map { " or \($0)" } ?? ""), found \(quoted(team.code))")
            }
            let keys =
                [("name", team.name), ("englishName", team.englishName), ("code", team.code)]
                + team.aliases.enumerated().map { ("aliases[\($0.offset)]", Optional($0.element)) }
            for (key, value) in keys {
                guard let value else { continue }
                let isAlias = key.hasPrefix("aliases")
                if isAlias { try requireName(value, "\(teamPath).\(key)") }
                let folded = TournamentRules.fold(value)
                if let other = teamKeys[folded], isAlias || other != team.name {
                    throw fail("\(teamPath).\(key)", "\(quoted(value)) already names team \(quoted(other))")
                }
                teamKeys[folded] = team.name
            }
            if teamGroups[team.name] != nil { throw fail("\(teamPath).name", "duplicate team \(quoted(team.name))") }
            teamGroups[team.name] = .some(groupName)
            if let coach = team.coach { try requireName(coach.name, "\(teamPath).coach.name") }
            if team.players.count > squad.maximumPlayers {
                throw fail(
                    "\(teamPath).players[\(squad.maximumPlayers)]",
                    "team \(quoted(team.name)) has \(team.players.count) players, more than the \(squad.maximumPlayers) a squad has"
                )
            }
            var numbers: [Int: Int] = [:]
            for (p, player) in team.players.enumerated() {
                let playerPath = "\(teamPath).players[\(p)]"
                if case .shirtNumberOutOfRange = squad.shirtProblem(number: player.number, position: player.position) {
                    throw fail(
                        "\(playerPath).number",
                        "expected an integer from \(squad.shirtNumbers.lowerBound) to \(squad.shirtNumbers.upperBound), found \(player.number)"
                    )
                }
                if let first = numbers[player.number] {
                    throw fail(
                        "\(playerPath).number",
                        "duplicate shirt number \(player.number) in team \(quoted(team.name)), already players[\(first)]")
                }
                numbers[player.number] = p
                try requireName(player.name, "\(playerPath).name")
                guard TournamentRules.positions.contains(player.position) else {
                    throw fail("\(playerPath).position", "expected GK, DF, MF or FW, found \(quoted(player.position))")
                }
                if let problem = squad.shirtProblem(number: player.number, position: player.position) {
                    throw fail("\(playerPath).number", PlannerError(problem).description)
                }
                if let born = player.born {
                    guard let day = CalendarDay.numbers(born), CalendarDay.utcMidnight(born) != nil else {
                        throw fail("\(playerPath).born", "expected a date as YYYY-MM-DD, found \(quoted(born))")
                    }
                    if let problem = squad.birthProblem(day, text: born, firstDay: firstDay) {
                        throw fail("\(playerPath).born", PlannerError(problem).description)
                    }
                }
            }
        }

        let groupSizes = Dictionary(groups.map { ($0.name, $0.teams.count) }, uniquingKeysWith: { first, _ in first })
        var slots: [TournamentRules.Slot] = []
        // The earlier matches a match may conflict with: those of its teams, and those at its
        // venue (folded as the rules compare venues), so that checking is not quadratic.
        var slotsOfTeam: [String: [Int]] = [:]
        var slotsAtVenue: [VenueKey: [Int]] = [:]
        var final: Int?
        for (m, match) in matches.enumerated() {
            let path = "matches[\(m)]"
            if match.round == "final", !match.replay {
                if let final { throw fail("\(path).round", "a second final; matches[\(final)] is the final") }
                final = m
            }
            for (key, name) in [("home", match.home), ("away", match.away)] {
                guard let name else {
                    if match.round == "group" || !TournamentRules.isRound(match.round) {
                        throw fail("\(path).\(key)", "missing required key")
                    }
                    continue
                }
                if teamGroups[name] == nil {
                    throw fail(
                        "\(path).\(key)",
                        "unknown team \(quoted(name)); teams are named by their German name as in groups[].teams[].name")
                }
            }
            guard let zone = TournamentRules.timeZone(match.timeZone) else {
                throw fail(
                    "\(path).timeZone",
                    "unknown time zone \(quoted(match.timeZone)); expected an IANA identifier such as \"Europe/Warsaw\"")
            }
            if let venue = match.venue { try requireName(venue, "\(path).venue") }
            if let city = match.city { try requireName(city, "\(path).city") }
            if let lotsWinner = match.lotsWinner, !["home", "away"].contains(lotsWinner) {
                throw fail("\(path).lotsWinner", "expected home or away, found \(quoted(lotsWinner))")
            }
            guard TournamentRules.isRound(match.round) else {
                throw fail("\(path).round", "expected one of \(Round.all.joined(separator: ", ")), found \(quoted(match.round))")
            }
            if match.round == "group" {
                guard let group = match.group else { throw fail("\(path).group", "missing required key for a group match") }
                guard groupNames[group] != nil else { throw fail("\(path).group", "unknown group \(quoted(group))") }
                for (key, name) in [("home", match.home), ("away", match.away)]
                where (name.flatMap { teamGroups[$0] } ?? nil) != group {
                    throw fail("\(path).\(key)", "team \(quoted(name ?? "")) is not in group \(quoted(group))")
                }
                for (key, slot) in [("homeSlot", match.homeSlot), ("awaySlot", match.awaySlot)] where slot != nil {
                    throw fail("\(path).\(key)", "a group match has no knockout slot")
                }
            } else if let group = match.group {
                throw fail("\(path).group", "a \(match.round) match cannot belong to group \(quoted(group))")
            } else {
                try validateSlots(of: match, at: path, number: m + 1, groupSizes: groupSizes, fail: fail)
            }
            // Replayed: a later match of the round between the same teams is its replay.
            let drawnKnockout =
                match.round != "group" && match.homeGoals != nil && match.homeGoals == match.awayGoals
                && match.homePenalties == nil
            let replayed =
                drawnKnockout
                && matches[(m + 1)...].contains {
                    $0.replay && $0.round == match.round && $0.home == match.home && $0.away == match.away
                }
            try validateResult(of: match, at: path, replayed: replayed, fail: fail)
            // A match whose day is unknown clashes with none.
            guard let kickoff = match.kickoff else { continue }
            let knownVenue = match.kickoffTimeKnown ? match.venue : nil
            let slot = TournamentRules.Slot(
                home: match.home ?? "", away: match.away ?? "", kickoff: kickoff, timeZone: zone, venue: knownVenue,
                city: match.city)
            let venue = knownVenue.map {
                VenueKey(venue: TournamentRules.fold($0), city: TournamentRules.fold(match.city ?? ""))
            }
            var candidates =
                venue.map { venue in
                    slotsAtVenue[venue, default: []].filter {
                        abs(slots[$0].kickoff.timeIntervalSince(slot.kickoff)) < TournamentRules.venueSlot
                    }
                } ?? []
            for team in [slot.home, slot.away] where !team.isEmpty { candidates += slotsOfTeam[team, default: []] }
            // In setup order, as among all earlier matches: the first conflict is the same.
            if let conflict = TournamentRules.conflict(of: slot, with: Set(candidates).sorted().map { slots[$0] }) {
                throw fail(path, PlannerError(conflict).description)
            }
            for team in Set([slot.home, slot.away]) where !team.isEmpty { slotsOfTeam[team, default: []].append(slots.count) }
            if let venue { slotsAtVenue[venue, default: []].append(slots.count) }
            slots.append(slot)
        }
    }

    /// Whether `text` is empty or white space only (as `.whitespaces` has it), answered at
    /// the first character for a name, which does not start with white space.
    static func isBlank(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return true }
        return CharacterSet.whitespaces.contains(first) && text.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// A venue as the rules tell venues apart: name and city folded.
    private struct VenueKey: Hashable {
        var venue: String
        var city: String
    }

    /// A knockout match's slots: both or neither, each a slot label naming a group of the
    /// setup (a position it has) or an earlier knockout match; a side without a slot has a team.
    private func validateSlots(
        of match: MatchEntry, at path: String, number: Int, groupSizes: [String: Int], fail: (String, String) -> SetupError
    ) throws(SetupError) {
        switch (match.homeSlot, match.awaySlot) {
        case (nil, nil):
            for (key, team) in [("home", match.home), ("away", match.away)] where team == nil {
                throw fail("\(path).\(key)", "missing; a knockout match names its team or both homeSlot and awaySlot")
            }
            return
        case (_?, nil): throw fail("\(path).awaySlot", "missing; give both homeSlot and awaySlot")
        case (nil, _?): throw fail("\(path).homeSlot", "missing; give both homeSlot and awaySlot")
        case (_?, _?): break
        }
        for (key, text) in [("homeSlot", match.homeSlot!), ("awaySlot", match.awaySlot!)] {
            let label: SlotLabel
            do {
                label = try SlotLabel(parsing: text)
            } catch {
                throw fail("\(path).\(key)", error.description)
            }
            switch label {
            case .groupPosition(let position, let group):
                guard let size = groupSizes[group] else {
                    throw fail("\(path).\(key)", "unknown group \(quoted(group)) in \(quoted(text))")
                }
                guard position <= size else {
                    throw fail(
                        "\(path).\(key)", "\(quoted(text)) names position \(position), but group \(group) has \(size) teams")
                }
            case .thirdPlaced(let choices):
                for group in choices where groupSizes[group] == nil {
                    throw fail("\(path).\(key)", "unknown group \(quoted(group)) in \(quoted(text))")
                }
            case .winner(let earlier), .loser(let earlier):
                guard earlier < number, matches[earlier - 1].round != "group" else {
                    throw fail(
                        "\(path).\(key)",
                        "\(quoted(text)) names match \(earlier), which is not an earlier knockout match (matches are numbered from 1 in setup order)"
                    )
                }
            case .qualifier:
                if (key == "homeSlot" ? match.home : match.away) == nil {
                    throw fail("\(path).\(key)", "\(quoted(text)) names a qualified team: give the team as well")
                }
            }
        }
    }

    private func validateResult(
        of match: MatchEntry, at path: String, replayed: Bool, fail: (String, String) -> SetupError
    ) throws(SetupError) {
        let penalties = (match.homePenalties, match.awayPenalties)
        switch (match.homeGoals, match.awayGoals) {
        case (nil, nil):
            if match.afterExtraTime { throw fail("\(path).afterExtraTime", "extra time without a result") }
            if penalties.0 != nil || penalties.1 != nil { throw fail("\(path).homePenalties", "penalties without a result") }
        case (let home?, let away?):
            for (key, team) in [("home", match.home), ("away", match.away)] where team == nil {
                throw fail("\(path).\(key)", "missing; a match with a result names both teams")
            }
            var shootOut: (home: Int, away: Int)?
            switch penalties {
            case (nil, nil): shootOut = nil
            case (let h?, let a?): shootOut = (h, a)
            case (nil, _): throw fail("\(path).homePenalties", "missing; give both homePenalties and awayPenalties")
            case (_, nil): throw fail("\(path).awayPenalties", "missing; give both homePenalties and awayPenalties")
            }
            if let problem = TournamentRules.resultProblem(
                round: match.round, home: home, away: away, afterExtraTime: match.afterExtraTime, penalties: shootOut,
                decidedByLots: match.lotsWinner != nil, replayed: replayed)
            {
                throw fail(path, "invalid result: \(problem)")
            }
        case (nil, _):
            throw fail("\(path).homeGoals", "missing; give both homeGoals and awayGoals")
        case (_, nil):
            throw fail("\(path).awayGoals", "missing; give both homeGoals and awayGoals")
        }
    }
}
