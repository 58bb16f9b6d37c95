import EMPlanner

/// The knockout stage as an SVG picture, as `em bracket --format svg` writes it.
///
/// The trees of ``BracketLayout``: a box per match with its teams (or slots until known) and
/// goals, the winner in bold with `▸`, above the box the match's number and how it ended
/// (a.e.t., penalties, lots, assumed, waiting), and a title naming all of it for screen
/// readers and tooltips. Light or dark as the viewer prefers; nothing but the picture itself.
struct BracketSVG {
    /// The bracket's matches.
    let matches: [KnockoutFixture]
    /// The names of the teams by code, for the titles.
    var names: [String: String] = [:]

    /// A box's width and a team line's height, in pixels.
    static let boxWidth = 168
    static let lineHeight = 22
    /// The room between two rounds, for the connectors.
    static let gap = 36
    /// The height of a row of ``BracketLayout``: a leaf takes four.
    static let rowHeight = 19
    /// The room above a tree, for the round names.
    static let header = 28

    /// A standalone SVG file.
    var document: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element(standalone: true)
    }

    /// The picture as an `<svg>` element; `standalone` carries its own style and namespace.
    func element(standalone: Bool = false) -> String {
        let trees = BracketLayout(matches).trees
        var body = ""
        var top = 0
        var width = 0
        for tree in trees {
            body += self.tree(tree, top: top)
            top += Self.header + tree.height * Self.rowHeight + Self.lineHeight
            width = max(width, tree.columns * (Self.boxWidth + Self.gap) - Self.gap + 2)
        }
        let champion = trees.first?.root.winner.map { " Winner: \(label($0))." } ?? ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="bracket" role="img" width="\(width)" height="\(top)" \
            viewBox="0 0 \(width) \(top)" aria-labelledby="bracket-title">
            <title id="bracket-title">The knockout bracket.\(champion.xmlEscaped)</title>
            \(standalone ? "<style>\(Self.style)</style>\n" : "")\(body)</svg>

            """
    }

    /// The colours and fonts, light by default and dark where the viewer prefers it.
    static let style = """
        svg.bracket { --ink: #1d1d1f; --muted: #5f6368; --box: #ffffff; --line: #9aa0a6; --win: #0b57d0; \
        font-family: system-ui, sans-serif; font-size: 13px; }
        @media (prefers-color-scheme: dark) { svg.bracket { --ink: #e8eaed; --muted: #9aa0a6; --box: #202124; \
        --line: #5f6368; --win: #8ab4f8; } }
        svg.bracket .box { fill: var(--box); stroke: var(--line); }
        svg.bracket .connector { fill: none; stroke: var(--line); }
        svg.bracket text { fill: var(--ink); }
        svg.bracket .note, svg.bracket .round { fill: var(--muted); font-size: 11px; }
        svg.bracket .round { font-weight: 600; }
        svg.bracket .winner { font-weight: 700; fill: var(--win); }
        svg.bracket .score { font-variant-numeric: tabular-nums; }
        """

    /// One tree, from `top` down.
    private func tree(_ tree: BracketLayout.Tree, top: Int) -> String {
        var text = ""
        for (column, name) in tree.roundNames.sorted(by: { $0.key < $1.key }) {
            text += "<text class=\"round\" x=\"\(x(column) + 4)\" y=\"\(top + 16)\">\(name.xmlEscaped)</text>\n"
        }
        for placement in tree.placements.values.sorted(by: { $0.match.number < $1.match.number }) {
            let left = x(placement.column)
            let boxTop = y(placement.row, top: top)
            for feeder in placement.feeders.compactMap({ tree.placements[$0] }) {
                let fromY = y(feeder.row, top: top) + Self.lineHeight
                let middle = left - Self.gap / 2
                text +=
                    "<path class=\"connector\" d=\"M\(x(feeder.column) + Self.boxWidth) \(fromY) H\(middle) V\(boxTop + Self.lineHeight) H\(left)\"/>\n"
            }
            text += match(placement.match, left: left, top: boxTop)
        }
        return text
    }

    /// The left edge of `column`'s boxes.
    private func x(_ column: Int) -> Int { 1 + column * (Self.boxWidth + Self.gap) }

    /// The top of the box of a match at `row`, in a tree from `top`: below its note line.
    private func y(_ row: Int, top: Int) -> Int { top + Self.header + row * Self.rowHeight + Self.rowHeight }

    /// One match's group: its title, note, box and sides.
    private func match(_ match: KnockoutFixture, left: Int, top: Int) -> String {
        let score = match.result?.finalScore
        let sides = [
            (team: match.homeTeam, slot: match.home, goals: score?.home, side: "home"),
            (team: match.awayTeam, slot: match.away, goals: score?.away, side: "away"),
        ]
        var text = "<g class=\"match\" id=\"match-\(match.number)\""
        for side in sides { text += " data-\(side.side)=\"\((side.team ?? side.slot.description).xmlEscaped)\"" }
        if let winner = match.winner, !match.isWaiting { text += " data-winner=\"\(winner.xmlEscaped)\"" }
        text += ">\n<title>\(title(of: match).xmlEscaped)</title>\n"
        text += "<text class=\"note\" x=\"\(left + 2)\" y=\"\(top - 5)\">\(note(of: match).xmlEscaped)</text>\n"
        text +=
            "<rect class=\"box\" x=\"\(left)\" y=\"\(top)\" width=\"\(Self.boxWidth)\" height=\"\(2 * Self.lineHeight)\" rx=\"3\"/>\n"
        for (index, side) in sides.enumerated() {
            let baseline = top + index * Self.lineHeight + 15
            let wins = side.team != nil && side.team == match.winner && !match.isWaiting
            let classes = wins ? "team winner" : "team"
            let label = (wins ? "▸ " : "") + (side.team ?? side.slot.description)
            text +=
                "<text class=\"\(classes)\" data-side=\"\(side.side)\" x=\"\(left + 8)\" y=\"\(baseline)\">\(label.xmlEscaped)</text>\n"
            if let goals = side.goals {
                text +=
                    "<text class=\"score\(wins ? " winner" : "")\" data-side=\"\(side.side)\" x=\"\(left + Self.boxWidth - 8)\" y=\"\(baseline)\" text-anchor=\"end\">\(goals)</text>\n"
            }
        }
        return text + "</g>\n"
    }

    /// The line above a box: the number, how the match ended, whether it is assumed or waits.
    private func note(of match: KnockoutFixture) -> String {
        var note = "\(match.number)"
        if match.isWaiting { return note + " waits for its teams" }
        if match.result?.afterExtraTime != nil { note += " a.e.t." }
        if let penalties = match.result?.penalties { note += ", \(penalties) pens" }
        if let side = match.result?.wonByLots {
            note += ", \((side == .home ? match.homeTeam : match.awayTeam) ?? "\(side)") on lots"
        }
        if let replay = match.replay { note += ", replay \(replay.number) \(replay.result.finalScore)" }
        if match.isAssumed { note += " (assumed)" }
        return note
    }

    /// What the match's title says: round, number, the two sides, the score and the winner.
    private func title(of match: KnockoutFixture) -> String {
        let home = match.homeTeam.map(label) ?? "winner of \(match.home)"
        let away = match.awayTeam.map(label) ?? "winner of \(match.away)"
        var title = "\(BracketReport.roundName(match.round)), match \(match.number): \(home) against \(away)"
        if let score = match.result?.finalScore {
            title += ", \(score.home):\(score.away)"
            if match.result?.afterExtraTime != nil { title += " after extra time" }
            if let penalties = match.result?.penalties { title += ", \(penalties) on penalties" }
            if let side = match.result?.wonByLots { title += ", decided by lots for the \(side) side" }
            if let replay = match.replay { title += ", replayed as match \(replay.number): \(replay.result.finalScore)" }
        }
        if match.isWaiting {
            title += "; waits for its teams"
        } else if let winner = match.winner {
            title += "; \(label(winner)) went through"
        }
        return title + "."
    }

    /// A team as a title names it: its name and code, or the code alone.
    private func label(_ code: String) -> String {
        names[code].map { "\($0) (\(code))" } ?? code
    }
}
