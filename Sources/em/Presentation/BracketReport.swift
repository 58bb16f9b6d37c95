import EMPlanner

/// The knockout stage as `em bracket` prints it: a tree with one column per round, drawn with
/// box-drawing characters (or ASCII), or JSON.
///
/// A match that waits for its teams (``Knockout/waitingMatches()``) shows its slots and says
/// it waits. A what-if bracket (``Reports/bracket(assuming:)``) is drawn the same way.
struct BracketReport {
    /// The bracket's matches, by number.
    let matches: [KnockoutFixture]

    /// The width of a match's block.
    static let blockWidth = 20
    /// The width of the connector between two columns.
    static let gapWidth = 3

    /// The bracket as text trees, one per final match (a match whose winner goes nowhere): the
    /// final's first, then the match for third place.
    ///
    /// Each column is a round, a match centred between the two it follows. Fits 100 columns up
    /// to four rounds; in a narrower terminal (`width`), blocks narrow down to what their teams
    /// and slots need, their first lines (a.e.t., pens) cut with `…`.
    func tree(ascii: Bool, width: Int? = Terminal.width) -> String {
        guard !matches.isEmpty else { return "no knockout matches with slots\n" }
        return BracketLayout(matches).trees.map { render($0, ascii: ascii, within: width) }.joined(separator: "\n")
    }

    private func render(_ tree: BracketLayout.Tree, ascii: Bool, within limit: Int?) -> String {
        let placed = tree.placements
        let columns = tree.columns
        let block = blockWidth(columns: columns, within: limit)
        let height = tree.height
        // The last round's first lines (a.e.t., pens, a replay) run on past its blocks.
        let overhang =
            placed.values.filter { $0.column == columns - 1 }.map {
                self.lines(of: $0.match, width: block, fitting: limit != nil, ascii: ascii)[0].count - block
            }.max() ?? 0
        let width = columns * block + (columns - 1) * Self.gapWidth + max(0, overhang)
        var grid = [[Character]](repeating: [Character](repeating: " ", count: width), count: height)
        func put(_ text: String, row: Int, column: Int) {
            for (offset, character) in text.enumerated() where column + offset < width { grid[row][column + offset] = character }
        }
        let box = ascii ? BoxCharacters.ascii : BoxCharacters.unicode
        let headers = tree.roundNames
        for placement in placed.values {
            let left = placement.column * (block + Self.gapWidth)
            for (offset, line) in lines(of: placement.match, width: block, fitting: limit != nil, ascii: ascii).enumerated() {
                put(line, row: placement.row + offset, column: left)
            }
            guard !placement.feeders.isEmpty else { continue }
            // The connector: from each feeder's middle row to this match's middle row.
            let bar = left - 2
            let rows = placement.feeders.map { placed[$0]!.row + 1 }
            let top = rows.min()!
            let bottom = rows.max()!
            for row in top...bottom { grid[row][bar] = box.vertical }
            for child in placement.feeders {
                let from = placed[child]!
                let start = from.column * (block + Self.gapWidth) + block
                for column in start..<bar { grid[from.row + 1][column] = box.horizontal }
            }
            grid[top][bar] = rows.count > 1 ? box.topRight : box.horizontal
            grid[bottom][bar] = rows.count > 1 ? box.bottomRight : box.horizontal
            let middle = placement.row + 1
            grid[middle][bar] = top < middle && middle < bottom ? box.teeRight : grid[middle][bar]
            grid[middle][bar + 1] = box.horizontal
        }
        var header = ""
        for column in 0..<columns {
            let name = headers[column] ?? ""
            header +=
                column == columns - 1
                ? name.truncated(toWidth: block)
                : name.truncated(toWidth: block + Self.gapWidth - 1).padded(toWidth: block + Self.gapWidth)
        }
        var lines = grid.map { row in String(row.reversed().drop { $0 == " " }.reversed()) }
        if let limit { lines = lines.map { $0.truncated(toWidth: limit) } }
        while lines.last?.isEmpty == true { lines.removeLast() }
        var text = ([header] + lines).joined(separator: "\n") + "\n"
        if tree.root.round == .final, let champion = tree.root.winner { text += "\nWinner: \(champion)\n" }
        return text
    }

    /// The width of a match's block: ``blockWidth``, or in a terminal narrower than `columns`
    /// rounds of them, what fits, but no less than any side's team or slot and goals need.
    private func blockWidth(columns: Int, within limit: Int?) -> Int {
        guard let limit else { return Self.blockWidth }
        let fitting = (limit - (columns - 1) * Self.gapWidth) / columns
        let needed = matches.flatMap { sides(of: $0) }.map { $0.label.count + 1 + $0.score.count }.max() ?? 0
        return min(Self.blockWidth, max(fitting, needed))
    }

    /// The label (the team's code, or the slot until known, after a space, or after `winner`
    /// for the side that went through) and goals of each side of a match, home first.
    private func sides(of entry: KnockoutFixture, winner: Character = " ") -> [(label: String, score: String)] {
        let score = entry.result?.finalScore
        return [(entry.homeTeam, entry.home, score?.home), (entry.awayTeam, entry.away, score?.away)].map {
            team, slot, goals in
            let mark = team != nil && team == entry.winner && !entry.isWaiting ? winner : " "
            return (String(mark) + (team ?? slot.description), goals.map(String.init) ?? "")
        }
    }

    /// A match's block, `width` columns: its number and how it ended (cut to the width when
    /// `fitting` a terminal, else running on into the gap), then a line per side with the team
    /// (or the slot until known) and its goals, the winner marked `▸` (`>` in ASCII).
    private func lines(of entry: KnockoutFixture, width: Int, fitting: Bool, ascii: Bool) -> [String] {
        guard !entry.isWaiting else {
            let pairing = "\(entry.homeTeam ?? entry.home.description)-\(entry.awayTeam ?? entry.away.description)"
            return ["\(entry.number) waits: \(pairing)", " \(entry.home)", " \(entry.away)"]
        }
        var note = "\(entry.number)"
        if entry.result?.afterExtraTime != nil { note += " a.e.t." }
        if let penalties = entry.result?.penalties { note += ", \(penalties) pens" }
        if let side = entry.result?.wonByLots {
            note += ", \((side == .home ? entry.homeTeam : entry.awayTeam) ?? "\(side)") on lots"
        }
        if let replay = entry.replay { note += ", replay \(replay.number) \(replay.result.finalScore)" }
        if entry.isAssumed { note += " (assumed)" }
        return [fitting ? note.truncated(toWidth: width) : note]
            + sides(of: entry, winner: ascii ? ">" : "▸").map { side in
                side.label.padding(toLength: width - 1 - side.score.count, withPad: " ", startingAt: 0) + side.score
            }
    }

    /// How people name a round, as a column's title.
    static func roundName(_ round: KnockoutRound) -> String {
        switch round {
        case .round16: "Round of 16"
        case .quarterfinal: "Quarter-finals"
        case .semifinal: "Semi-finals"
        case .thirdPlace: "Third place"
        case .final: "Final"
        }
    }

    /// The knockout matches as JSON: number, round, slots, teams (null until known), score
    /// (null until played), winner, whether it waits (then its teams and score are those of the
    /// result it keeps, and it has no winner), whether its result is assumed, and the replay
    /// that decided it (null for none).
    func json() -> String {
        let objects = matches.map { entry -> OutputValue in
            var score = OutputValue.null
            if let result = entry.result {
                let penalties = result.penalties.map { kicks in
                    OutputValue.object([
                        .init(key: "home", value: .integer(kicks.home)), .init(key: "away", value: .integer(kicks.away)),
                    ])
                }
                score = .object([
                    .init(key: "home", value: .integer(result.finalScore.home)),
                    .init(key: "away", value: .integer(result.finalScore.away)),
                    .init(key: "afterExtraTime", value: .boolean(result.afterExtraTime != nil)),
                    .init(key: "penalties", value: penalties ?? .null),
                ])
            }
            return .object([
                .init(key: "number", value: .integer(entry.number)),
                .init(key: "round", value: .string(entry.round.rawValue)),
                .init(key: "homeSlot", value: .string(entry.home.description)),
                .init(key: "awaySlot", value: .string(entry.away.description)),
                .init(key: "home", value: OutputValue(entry.homeTeam)),
                .init(key: "away", value: OutputValue(entry.awayTeam)),
                .init(key: "score", value: score),
                .init(key: "winner", value: OutputValue(entry.winner)),
                .init(key: "waiting", value: .boolean(entry.isWaiting)),
                .init(key: "assumed", value: .boolean(entry.isAssumed)),
                .init(
                    key: "replay",
                    value: entry.replay.map { replay in
                        .object([
                            .init(key: "match", value: .integer(replay.number)),
                            .init(key: "home", value: .integer(replay.result.finalScore.home)),
                            .init(key: "away", value: .integer(replay.result.finalScore.away)),
                        ])
                    } ?? .null),
            ])
        }
        return JSONRenderer().render(.array(objects)) + "\n"
    }
}

/// The characters a tree's connectors are drawn with.
private struct BoxCharacters {
    var horizontal: Character
    var vertical: Character
    var topRight: Character
    var bottomRight: Character
    var teeRight: Character

    static let unicode = BoxCharacters(horizontal: "─", vertical: "│", topRight: "┐", bottomRight: "┘", teeRight: "├")
    static let ascii = BoxCharacters(horizontal: "-", vertical: "|", topRight: "+", bottomRight: "+", teeRight: "+")
}
