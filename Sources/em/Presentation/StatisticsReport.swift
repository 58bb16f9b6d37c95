import EMPlanner

/// The scorers' list and the cards' list, as `em stats` prints them.
enum StatisticsReport {
    /// The scorers: rank (shared on equal goals), team, number, name, goals, penalties, own goals.
    static func scorers(_ lines: [ScorerStatistic]) -> Listing {
        let columns: [Listing.Column] = [
            .init("rank", title: "#", numeric: true), .init("team"), .init("number", title: "NO", numeric: true),
            .init("name"), .init("goals", numeric: true), .init("penalties", title: "PEN", numeric: true),
            .init("ownGoals", title: "OG", numeric: true),
        ]
        let ranks = lines.indices.map { index in lines.firstIndex { $0.goals == lines[index].goals }! + 1 }
        var listing = Listing(columns, zip(ranks, lines)) { rank, line in
            [
                .integer(rank), OutputValue(line.player.team?.code), OutputValue(line.player.number),
                .string(line.player.fullName), .integer(line.goals), .integer(line.penalties), .integer(line.ownGoals),
            ]
        }
        listing.saysWhenEmpty("no goals recorded")
        return listing
    }

    /// The cards per player or official: team, number, name, yellow, second yellow, red.
    static func cards(_ lines: [CardStatistic]) -> Listing {
        let columns: [Listing.Column] = [
            .init("team"), .init("number", title: "NO", numeric: true), .init("name"), .init("official", inTable: false),
            .init("yellow", title: "Y", numeric: true), .init("secondYellow", title: "2Y", numeric: true),
            .init("red", title: "R", numeric: true),
        ]
        var listing = Listing(columns, lines) { line in
            [
                OutputValue(line.team.code), OutputValue(line.player?.number),
                .string(line.player?.fullName ?? line.playerName ?? "\(line.official ?? "") (official)"),
                OutputValue(line.official),
                .integer(line.yellow), .integer(line.secondYellow), .integer(line.red),
            ]
        }
        listing.saysWhenEmpty("no cards recorded")
        return listing
    }
}
