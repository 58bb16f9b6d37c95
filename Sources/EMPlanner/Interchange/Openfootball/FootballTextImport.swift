import FootballText
import Foundation

/// A tournament read from openfootball's Football.TXT: the setup that seeds it.
///
/// Teams are found by any of their names in the table of every team that played or could play
/// a EURO (historic ones included); the German name becomes the team's name, the file's
/// spelling its English name. A file written before the draw names slots instead (`A1`, as
/// EURO 2028's does): each becomes a team awaiting the draw (``Structure/draw(_:)``), and
/// its knockout matches name their sides as slots (`Winner Group A`, `3rd Group A/D/E/F`,
/// `Winner Match 39`). A file without group lines gets its groups from its group matches. The rules are the edition's (`euro1968`), or for an edition the
/// engine does not know, the latest with as many groups. Knockout matches get the slots of the
/// rule set's bracket that the results give their teams, so the planner's bracket follows
/// them. Goals keep their scorers' names, or find the scorer in the squads given.
///
/// Line-ups come with their substitutions and the cards they show, shoot-outs kick by kick;
/// players are found in the squads given, else kept by name.
public struct FootballTextImport {
    /// The tournament as a setup, ready for ``Interchange/seed(from:)``.
    public var setup: SetupData
    /// The lines skipped in lenient mode, one message each (`euro.txt:12:5: …`).
    public var warnings: [String]

    /// Reads a tournament file, and squad files for its teams.
    ///
    /// - Parameters:
    ///   - text: The tournament file's text.
    ///   - file: What to call it in errors.
    ///   - squads: The squad files, each with its name.
    ///   - lenient: Whether to skip lines the parser does not understand (each a warning)
    ///     instead of refusing the file.
    /// - Throws: ``ImportError`` naming file, line and column: a line not understood, a team no
    ///   table knows (with the closest names), a knockout match no bracket slot fits, or one
    ///   that names a team and a slot.
    public init(
        text: String, file: String, squads: [(text: String, file: String)] = [], lenient: Bool = false
    ) throws(ImportError) {
        let parsed: (document: FootballTextDocument, warnings: [FootballTextWarning])
        do {
            parsed = try FootballTextParser().parse(text, fileName: file, lenient: lenient)
        } catch {
            throw ImportError(error)
        }
        var warnings = parsed.warnings.map(\.description)
        let document = parsed.document
        let source = SourceText(text: text, file: file)

        // The squads, by team code.
        var squadsByCode: [String: FootballTextSquad] = [:]
        var namesByCode: [String: SquadNames] = [:]
        for squadFile in squads {
            let squad: FootballTextSquad
            do {
                let result = try FootballTextSquadParser().parse(squadFile.text, fileName: squadFile.file, lenient: lenient)
                squad = result.squad
                warnings += result.warnings.map(\.description)
            } catch {
                throw ImportError(error)
            }
            let team = try SourceText(text: squadFile.text, file: squadFile.file).knownTeam(squad.team)
            squadsByCode[team.code] = squad
            namesByCode[team.code] = SquadNames(squad)
        }

        let declarations = document.groups.isEmpty ? Self.groupsOfMatches(document.matches) : document.groups
        let ruleSet =
            document.year.flatMap(RuleSet.edition(playedIn:))
            ?? RuleSet.all.last { $0.groupNames.count == declarations.count } ?? .euro2024
        var teams: [String: KnownTeam] = [:]
        func team(_ name: String) throws(ImportError) -> KnownTeam {
            if let known = teams[name] { return known }
            // A slot of the draw stands for a team until the draw.
            let known =
                TournamentRules.isDrawSlot(name)
                ? KnownTeam(code: name, germanName: name, englishName: name, otherNames: []) : try source.knownTeam(name)
            teams[name] = known
            return known
        }
        func entry(_ name: String) throws(ImportError) -> SetupData.TeamEntry {
            let known = try team(name)
            let slot = TournamentRules.isDrawSlot(name) ? name : nil
            return SetupData.TeamEntry(
                name: known.germanName, englishName: slot == nil ? name : nil, code: known.code, coach: nil,
                players: squadsByCode[known.code].map(Self.players) ?? [], drawSlot: slot)
        }

        // Groups: a group of the file is the rule set's group at its place (`Group 1` is A).
        var groupNames: [String: String] = [:]
        var groups: [SetupData.GroupEntry] = []
        for (index, declaration) in declarations.enumerated() {
            let name = ruleSet.groupNames.indices.contains(index) ? ruleSet.groupNames[index] : declaration.name
            groupNames[declaration.name] = name
            var members = try declaration.teams.map(entry)
            // In a group partly drawn, a team drawn already has the slot of its place.
            if members.contains(where: { $0.drawSlot != nil }) {
                for index in members.indices where members[index].drawSlot == nil {
                    let slot = "\(name)\(index + 1)"
                    if TournamentRules.isDrawSlot(slot), !members.contains(where: { $0.drawSlot == slot }) {
                        members[index].drawSlot = slot
                    }
                }
            }
            groups.append(SetupData.GroupEntry(name: name, teams: members))
        }
        let fileZone = TimeZone(secondsFromGMT: (document.utcOffsetMinutes ?? 0) * 60) ?? CalendarDay.utc
        let (slots, officialOrders) = try Self.bracketSlots(
            document, groups: declarations, ruleSet: ruleSet, groupNames: groupNames, source: source
        ) { name throws(ImportError) in try team(name).code }
        for index in groups.indices { groups[index].officialOrder = officialOrders[groups[index].name] }
        // Teams in no group (1960 to 1976), once each however the file spells them.
        var ungrouped: [SetupData.TeamEntry] = []
        var placed = Set(groups.flatMap(\.teams).map(\.code))
        for match in document.matches where !match.namesSlots {
            for name in [match.home, match.away] where placed.insert(try team(name).code).inserted {
                ungrouped.append(try entry(name))
            }
        }

        var matches: [SetupData.MatchEntry] = []
        for (index, match) in document.matches.enumerated() {
            guard let stage = match.stage else {
                throw source.error(at: match.round, "unknown round \(quoted(match.round))")
            }
            let home = match.namesSlots ? nil : try team(match.home)
            let away = match.namesSlots ? nil : try team(match.away)
            let zone = Self.venueZone(of: match, fileZone: fileZone)
            var kickoff: Date?
            if let date = match.date {
                let time = match.time ?? TimeOfDay(hour: 0, minute: 0)
                kickoff = CalendarDay.date(
                    year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute,
                    in: match.time == nil ? zone : fileZone)
            }
            var entry = SetupData.MatchEntry(
                home: home?.germanName, away: away?.germanName, kickoff: kickoff, kickoffTimeKnown: match.time != nil,
                timeZone: zone.identifier, venue: match.venue?.stadium,
                city: match.venue.map { venue in venue.detail.map { "\(venue.city) (\($0))" } ?? venue.city },
                round: stage.roundName, group: match.group.flatMap { groupNames[$0] },
                homeSlot: slots[index]?.home.description, awaySlot: slots[index]?.away.description,
                lotsWinner: match.lotsWinner.map { $0 == .home ? "home" : "away" }, replay: match.isReplay,
                notes: match.comments.isEmpty ? nil : match.comments.joined(separator: "\n"))
            if let score = match.score, let final = score.final {
                entry.homeGoals = final.home
                entry.awayGoals = final.away
                entry.afterExtraTime = score.afterExtraTime != nil
                entry.homePenalties = score.penalties?.home
                entry.awayPenalties = score.penalties?.away
                if score.afterExtraTime != nil {
                    entry.homeFullTimeGoals = score.fullTime?.home
                    entry.awayFullTimeGoals = score.fullTime?.away
                }
                entry.homeHalfTimeGoals = score.halfTime?.home
                entry.awayHalfTimeGoals = score.halfTime?.away
            }
            entry.goals = match.goals.compactMap { goal in
                // The file lists a goal under the team it counts for; an own goal's scorer
                // plays for the other.
                guard let scorerTeam = (goal.side == .home) != goal.isOwnGoal ? home : away else { return nil }
                let number = namesByCode[scorerTeam.code]?.shirt(of: goal.player)
                return SetupData.GoalEntry(
                    team: scorerTeam.germanName, player: number, scorerName: number == nil ? goal.player : nil,
                    minute: goal.minute?.minute ?? 1, addedMinute: goal.minute?.addedTime, penalty: goal.isPenalty,
                    ownGoal: goal.isOwnGoal)
            }
            if let home, let away {
                let sides = (Side(team: home, names: namesByCode[home.code]), Side(team: away, names: namesByCode[away.code]))
                (entry.appearances, entry.cards) = Self.lineups(of: match, home: sides.0, away: sides.1)
                entry.penaltyKicks = Self.penaltyKicks(of: match, home: sides.0, away: sides.1)
            }
            matches.append(entry)
        }
        setup = SetupData(
            tournament: document.title ?? ruleSet.displayName, ruleSet: ruleSet.identifier, groups: groups,
            ungroupedTeams: ungrouped,
            matches: matches)
        self.warnings = warnings
    }

    /// The zone of a match's venue: the file's, or the one its second time states
    /// (`18:00 (19:00 EEST)`), as a fixed offset.
    private static func venueZone(of match: MatchEntry, fileZone: TimeZone) -> TimeZone {
        guard let time = match.time, let second = match.secondTime?.time else { return fileZone }
        var difference = (second.hour * 60 + second.minute) - (time.hour * 60 + time.minute)
        if difference > 12 * 60 { difference -= 24 * 60 }
        if difference < -12 * 60 { difference += 24 * 60 }
        return TimeZone(secondsFromGMT: fileZone.secondsFromGMT() + difference * 60) ?? fileZone
    }

    /// The squad of a Football.TXT squad file as setup players (`Marc-André ter Stegen`: given
    /// name `Marc-André`, name `ter Stegen`).
    private static func players(_ squad: FootballTextSquad) -> [SetupData.PlayerEntry] {
        squad.players.map { player in
            let parts = player.name.split(separator: " ", maxSplits: 1).map(String.init)
            return SetupData.PlayerEntry(
                number: player.number, givenname: parts.count == 2 ? parts[0] : nil, name: parts.last ?? player.name,
                position: player.position, club: player.club, born: nil)
        }
    }

    /// The bracket slots of the knockout matches, by index among the file's matches.
    ///
    /// For each match in the order played, the slots of the rule set's bracket match of its
    /// round whose sides the group tables and the results so far give its teams (or leave
    /// open). Slots that name matches (`W25`) name them by their place in the file. A replay
    /// has none.
    ///
    /// A group position the results leave open (teams level on cards the file does not show)
    /// is given by the team that played in its slot: the group's official order, returned.
    private static func bracketSlots(
        _ document: FootballTextDocument, groups: [GroupDeclaration], ruleSet: RuleSet, groupNames: [String: String],
        source: SourceText, code: (String) throws(ImportError) -> String
    ) throws(ImportError) -> (slots: [Int: (home: SlotLabel, away: SlotLabel)], officialOrders: [String: [String]]) {
        var results: [GroupResults] = []
        for declaration in groups {
            let played = document.matches.filter { $0.group == declaration.name }
            var groupMatches: [GroupMatch] = []
            for (number, match) in played.enumerated() {
                groupMatches.append(
                    GroupMatch(
                        home: try code(match.home), away: try code(match.away), matchday: number / 2 + 1,
                        score: match.result?.regularTime))
            }
            var teamCodes: [String] = []
            for name in declaration.teams { teamCodes.append(try code(name)) }
            results.append(
                GroupResults(name: groupNames[declaration.name] ?? declaration.name, teams: teamCodes, matches: groupMatches))
        }
        var tables = results.map { GroupTable($0, ruleSet: ruleSet) }
        var officialOrders: [String: [String]] = [:]
        var qualifiers: [String] = []
        if ruleSet.groupNames.isEmpty {
            for match in document.matches where match.stage == .knockout(.semifinal) {
                qualifiers += [try code(match.home), try code(match.away)]
            }
        }
        var knockoutResults: [KnockoutResult] = []
        var places: [Int: Int] = [:]
        var slots: [Int: (home: SlotLabel, away: SlotLabel)] = [:]
        // The file's match numbers (`(39)`), which sides such as `Winner Match 39` name.
        var fileNumbers: [Int: Int] = [:]
        for (index, match) in document.matches.enumerated() {
            if let number = match.number { fileNumbers[number] = index + 1 }
        }
        for (index, match) in document.matches.enumerated() {
            guard case .knockout(let round)? = match.stage, !match.isReplay else { continue }
            switch (SlotLabel(footballText: match.home), SlotLabel(footballText: match.away)) {
            case (nil, nil):
                break
            case (let home?, let away?):
                slots[index] = (renumbered(home, fileNumbers), renumbered(away, fileNumbers))
                continue
            default:
                throw source.error(
                    at: match.home, alongside: match.away,
                    "the \(round) \(match.home) v \(match.away) names a team and a slot: give both or neither")
            }
            let home = try code(match.home)
            let away = try code(match.away)
            let bracket = Bracket(ruleSet: ruleSet, groups: tables, results: knockoutResults, qualifiers: qualifiers)
            func fits(_ assignment: SlotAssignment, _ team: String) -> Bool { assignment.team == nil || assignment.team == team }
            let candidates = bracket.matches.filter { state in
                state.match.round == round && places[state.number] == nil
                    && ((fits(state.home, home) && fits(state.away, away)) || (fits(state.home, away) && fits(state.away, home)))
            }
            let exact = candidates.filter { Set([$0.home.team, $0.away.team]) == Set([home, away]) }
            guard let state = exact.count == 1 ? exact[0] : candidates.count == 1 ? candidates[0] : nil else {
                throw source.error(
                    at: match.home, alongside: match.away,
                    "no match of the \(round) in the \(ruleSet.displayName) bracket fits \(match.home) v \(match.away)")
            }
            places[state.number] = index + 1
            let swapped = state.home.team == away || state.away.team == home
            let (homeSlot, awaySlot) = swapped ? (state.match.away, state.match.home) : (state.match.home, state.match.away)
            slots[index] = (renumbered(homeSlot, places), renumbered(awaySlot, places))
            // An open group position is the team that played in it.
            for (slot, team) in [(homeSlot, home), (awaySlot, away)] {
                guard case .groupPosition(let position, let group) = slot,
                    let g = tables.firstIndex(where: { $0.name == group }), tables[g].teams(atPosition: position) != [team],
                    var order = Optional(tables[g].rows.map(\.team)), let from = order.firstIndex(of: team),
                    order.indices.contains(position - 1)
                else { continue }
                order.swapAt(from, position - 1)
                officialOrders[group] = order
                results[g].officialOrder = order
                tables[g] = GroupTable(results[g], ruleSet: ruleSet)
            }
            // A match without a winner (a drawn final) is decided by its replay.
            let replay = document.matches[(index + 1)...].first {
                $0.isReplay && $0.home == match.home && $0.away == match.away
            }
            let deciding = match.result?.winner != nil ? match.result : replay?.result
            if let deciding,
                let knockout = try? KnockoutResult(match: state.number, home: home, away: away, result: deciding, round: round)
            {
                knockoutResults.append(knockout)
            }
        }
        return (slots, officialOrders)
    }

    /// The groups of a file without group lines: each group its matches have, with their
    /// teams in the order they first play (slots of the draw by slot), in the order the file
    /// first names them.
    private static func groupsOfMatches(_ matches: [MatchEntry]) -> [GroupDeclaration] {
        var groups: [GroupDeclaration] = []
        for match in matches {
            guard let name = match.group else { continue }
            let index =
                groups.firstIndex { $0.name == name }
                ?? {
                    groups.append(GroupDeclaration(name: name, teams: []))
                    return groups.count - 1
                }()
            for team in [match.home, match.away] where !groups[index].teams.contains(team) {
                groups[index].teams.append(team)
            }
        }
        for index in groups.indices where groups[index].teams.allSatisfy(TournamentRules.isDrawSlot) {
            groups[index].teams.sort()
        }
        return groups
    }

    /// A slot with the bracket match it names replaced by that match's place in the file.
    private static func renumbered(_ slot: SlotLabel, _ places: [Int: Int]) -> SlotLabel {
        switch slot {
        case .winner(let number): .winner(of: places[number] ?? number)
        case .loser(let number): .loser(of: places[number] ?? number)
        default: slot
        }
    }
}

extension ImportError {
    /// The parser's error, as it located it.
    init(_ error: FootballTextError) {
        self.init(
            file: error.fileName, line: error.line, column: error.column, lineText: error.lineText, message: error.message)
    }
}

/// A file's text, for locating what an import refuses.
private struct SourceText {
    let text: String
    let file: String

    /// The team one of whose names `name` is, or an error at its first place in the file with
    /// the closest names.
    func knownTeam(_ name: String) throws(ImportError) -> KnownTeam {
        if let team = KnownTeam.named(name) { return team }
        let close = KnownTeam.closest(to: name)
        throw error(at: name, "unknown team \(quoted(name))" + (close.isEmpty ? "" : ": \(Suggestions.phrase(close))"))
    }

    /// An error at the first place `fragment` appears in the file on a line that also holds
    /// `other` (its first line if nowhere).
    func error(at fragment: String, alongside other: String = "", _ message: String) -> ImportError {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (number, line) in lines.enumerated() {
            if let range = line.range(of: fragment), other.isEmpty || line.contains(other) {
                return ImportError(
                    file: file, line: number + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1,
                    lineText: String(line), message: message)
            }
        }
        return ImportError(file: file, line: 1, column: 1, lineText: lines.first.map(String.init) ?? "", message: message)
    }
}
