/// Writes a `FootballTextDocument` as openfootball writes Football.TXT: title, header comments
/// and zone line, group and matchday declarations, then each round with `▪` headers, date
/// lines and indented match lines such as
/// `  21:00  Germany  5-1 (3-0)  Scotland  @ München`, with scorer lists, shoot-outs, line-ups
/// and comments under them.
///
/// Reading the output with `FootballTextParser` gives back the same document (every value);
/// the text is not the original's byte for byte: dates get their weekday, every match line
/// carries its own time and venue, scores use the `3-0 pen. 0-0 a.e.t. (0-0)` form.
///
/// That holds for every document the parser produces. A document built by hand can hold
/// states the format cannot express, which are written as near as it allows: a `ScoreLine`
/// with neither `fullTime` nor `afterExtraTime` is written as `v` (no result); a half-time
/// score after extra time without a full-time score, and a golden or silver goal without an
/// extra-time score, are left out; a match without a date after one with a date in the same
/// round takes that date; goals are written home part first; a title comment needs a title.
public struct FootballTextWriter: Sendable {
    /// A writer.
    public init() {}

    /// The text of `document`, lines ending in `\n`.
    public func write(_ document: FootballTextDocument) -> String {
        var out: [String] = []
        let year = document.year
        if let title = document.title {
            if let comment = document.titleComment {
                out.append("= \(title)   # \(comment)")
            } else {
                out.append("= \(title)")
            }
        }
        var header = document.headerComments
        if let zone = ZoneComment.format(name: document.zoneName, offsetMinutes: document.utcOffsetMinutes) {
            header.insert(zone, at: 0)
        }
        if !header.isEmpty {
            if !out.isEmpty { out.append("") }
            out += header.map(commentLine)
        }
        if !document.groups.isEmpty {
            out.append("")
            out += groupLines(document.groups)
        }
        if !document.matchdays.isEmpty {
            out.append("")
            let width = document.matchdays.map(\.name.count).max() ?? 0
            for matchday in document.matchdays {
                var dates = DateSyntax.format(matchday.start, defaultYear: year)
                if let end = matchday.end { dates += " - " + DateSyntax.format(end, defaultYear: year) }
                out.append("▪ \(pad(matchday.name, width)) | \(dates)")
            }
        }
        for round in document.rounds {
            out.append("")
            if !round.comments.isEmpty {
                out.append("")
                out += round.comments.map(commentLine)
            }
            if !round.name.isEmpty { out.append("▪ \(round.name)") }
            writeMatches(round.matches, year: year, into: &out)
        }
        if !document.trailingComments.isEmpty {
            out.append("")
            out += document.trailingComments.map(commentLine)
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Parts

    private func commentLine(_ text: String) -> String {
        text.isEmpty ? "#" : "# \(text)"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private func groupLines(_ groups: [GroupDeclaration]) -> [String] {
        let nameWidth = groups.map(\.name.count).max() ?? 0
        let columns = groups.map(\.teams.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for group in groups {
            for (index, team) in group.teams.enumerated() { widths[index] = max(widths[index], team.count) }
        }
        return groups.map { group in
            var line = "\(pad(group.name, nameWidth))  |  "
            for (index, team) in group.teams.enumerated() {
                line += index == group.teams.count - 1 ? team : pad(team, widths[index]) + "   "
            }
            return line
        }
    }

    private func writeMatches(_ matches: [MatchEntry], year: Int?, into out: inout [String]) {
        var writtenDate: CalendarDate? = nil
        var timeAbove: TimeOfDay? = nil
        for match in matches {
            if let date = match.date, date != writtenDate || (match.time == nil && timeAbove != nil) {
                out.append(DateSyntax.format(date, defaultYear: year))
                writtenDate = date
                timeAbove = nil
            }
            out.append(matchLine(match))
            timeAbove = match.time ?? timeAbove
            if let goals = goalItems(match) { out += LineWrapper(width: 80).wrap(prefix: "    (", items: goals) }
            if !match.shootout.isEmpty {
                out += LineWrapper(width: 80).wrap(prefix: "    Penalties: ", items: shootoutItems(match.shootout))
            }
            for lineup in match.lineups {
                out += LineWrapper(width: 80).wrap(prefix: "    \(lineup.team): ", items: lineupItems(lineup))
            }
            out += match.comments.map { "    " + commentLine($0) }
        }
    }

    private func matchLine(_ match: MatchEntry) -> String {
        var line = "  "
        if let number = match.number { line += "(\(number))  " }
        if let time = match.time {
            line += time.description
            if let second = match.secondTime { line += " (\(second))" }
            line += "  "
        }
        line += match.home
        if let score = match.score, let text = scoreText(score) {
            line += "  \(text.main)  \(match.away)"
            if let note = text.note { line += "  \(note)" }
        } else {
            line += "  v  \(match.away)"
        }
        if let venue = match.venue { line += "  @ \(venue)" }
        return line
    }

    /// The score before the away team and the note bracket after it.
    private func scoreText(_ score: ScoreLine) -> (main: String, note: String?)? {
        if let extraTime = score.afterExtraTime {
            var main = score.penalties.map { "\($0) pen. " } ?? ""
            main += "\(extraTime) a.e.t."
            if let fullTime = score.fullTime {
                main += " (\(fullTime)"
                if let halfTime = score.halfTime { main += ", \(halfTime)" }
                main += ")"
            }
            return (main, score.extraTimeDecider.map { "(aet/\($0.rawValue))" })
        }
        guard let fullTime = score.fullTime else { return nil }
        var main = fullTime.description
        if let halfTime = score.halfTime { main += " (\(halfTime))" }
        return (main, score.penalties.map { "(\($0) pen)" })
    }

    /// The scorer list after its opening bracket, a scorer (with his minutes) an item, with
    /// `;` only where the parser would not infer the side.
    private func goalItems(_ match: MatchEntry) -> [(text: String, separator: String)]? {
        guard !match.goals.isEmpty else { return nil }
        let home = match.goals.filter { $0.side == .home }
        let away = match.goals.filter { $0.side == .away }
        var onlyAwayScored = false
        if let final = match.score?.final { onlyAwayScored = final.home == 0 && final.away > 0 }
        var items: [(text: String, separator: String)]
        if away.isEmpty, !onlyAwayScored {
            items = scorerItems(home)
        } else if home.isEmpty, onlyAwayScored {
            items = scorerItems(away)
        } else {
            items = scorerItems(home)
            if items.isEmpty { items = [(";", " ")] } else { items[items.count - 1].text += ";" }
            items[items.count - 1].separator = " "
            items += scorerItems(away)
        }
        items[items.count - 1].text += ")"
        return items
    }

    private func scorerItems(_ goals: [GoalEntry]) -> [(text: String, separator: String)] {
        var items: [(text: String, separator: String)] = []
        var index = 0
        while index < goals.count {
            let goal = goals[index]
            var text = goal.player
            guard goal.minute != nil else {
                items.append((text + goalMarks(goal), ", "))
                index += 1
                continue
            }
            text += " " + goalMinute(goal)
            index += 1
            while index < goals.count, goals[index].player == goal.player, goals[index].minute != nil {
                text += ", " + goalMinute(goals[index])
                index += 1
            }
            items.append((text, " "))
        }
        return items
    }

    private func goalMinute(_ goal: GoalEntry) -> String {
        (goal.minute?.description ?? "") + goalMarks(goal)
    }

    private func goalMarks(_ goal: GoalEntry) -> String {
        (goal.isPenalty ? " (pen.)" : "") + (goal.isOwnGoal ? " (o.g.)" : "")
    }

    /// A line-up on one line, without its team: `Neuer - Kimmich, Rüdiger, Tah [Y] - …`.
    public func lineupText(_ lineup: LineupEntry) -> String {
        joined(lineupItems(lineup))
    }

    /// A shoot-out on one line: `1-0 Masny, 1-1 Bonhof, …, U.Hoeneß (over), 5-3 Panenka`.
    public func shootoutText(_ kicks: [ShootoutKick]) -> String {
        joined(shootoutItems(kicks))
    }

    private func joined(_ items: [(text: String, separator: String)]) -> String {
        items.enumerated().map { $1.text + ($0 < items.count - 1 ? $1.separator : "") }.joined()
    }

    private func lineupItems(_ lineup: LineupEntry) -> [(text: String, separator: String)] {
        var items: [(text: String, separator: String)] = []
        for (lineIndex, line) in lineup.formationLines.enumerated() {
            for (index, player) in line.enumerated() {
                let endsLine = index == line.count - 1 && lineIndex < lineup.formationLines.count - 1
                items.append((playerText(player), endsLine ? " - " : ", "))
            }
        }
        return items
    }

    private func shootoutItems(_ kicks: [ShootoutKick]) -> [(text: String, separator: String)] {
        kicks.map { kick in
            var text = kick.score.map { "\($0) " } ?? ""
            text += kick.player
            if let note = kick.note { text += " (\(note))" }
            return (text, ", ")
        }
    }

    private func playerText(_ player: LineupPlayer) -> String {
        var text = player.name + marksText(captain: player.isCaptain, cards: player.cards)
        if !player.substitutions.isEmpty {
            var nested = ""
            for substitution in player.substitutions.reversed() {
                var inner = substitution.player + marksText(captain: substitution.isCaptain, cards: substitution.cards)
                if let minute = substitution.minute { inner += " \(minute)" }
                if !nested.isEmpty { inner += " " + nested }
                nested = "(\(inner))"
            }
            text += " " + nested
        }
        return text
    }

    private func marksText(captain: Bool, cards: [CardEntry]) -> String {
        var text = captain ? " [c]" : ""
        for card in cards { text += " [\(card)]" }
        return text
    }
}
