import EMPlanner

/// The scorers' list and the cards' list, as `em stats` prints them.
enum StatisticsReport {
    /// The scorers: rank (shared on equal goals), team, number, name, goals, penalties, own goals.
    ///
    /// A player with own goals only comes last, without a rank. A table leaves out the own
    /// goals, which ``scorersTable(_:)`` lists apart.
    static func scorers(_ lines: [ScorerStatistic]) -> Listing {
        let columns: [Listing.Column] = [
            .init("rank", title: "#", numeric: true), .init("team"), .init("number", title: "NO", numeric: true),
            .init("name"), .init("goals", numeric: true), .init("penalties", title: "PEN", numeric: true),
            .init("ownGoals", title: "OG", numeric: true, inTable: false),
        ]
        let ranks = lines.indices.map { index in
            lines[index].goals == 0 ? nil : lines.firstIndex { $0.goals == lines[index].goals }! + 1
        }
        var listing = Listing(columns, zip(ranks, lines)) { rank, line in
            [
                OutputValue(rank), OutputValue(line.teamCode), OutputValue(line.number), .string(line.name),
                .integer(line.goals), .integer(line.penalties), .integer(line.ownGoals),
            ]
        }
        listing.saysWhenEmpty("no goals recorded")
        return listing
    }

    /// The scorers as a table: the ranked players, then, apart under `Own goals`, every player
    /// with an own goal.
    static func scorersTable(_ lines: [ScorerStatistic]) -> String {
        let ranked = scorers(lines.filter { $0.goals > 0 }).rendered(as: .table)
        let own = lines.filter { $0.ownGoals > 0 }.sorted {
            (-$0.ownGoals, $0.teamCode ?? "", $0.number ?? 0) < (-$1.ownGoals, $1.teamCode ?? "", $1.number ?? 0)
        }
        guard !own.isEmpty else { return ranked }
        let columns: [Listing.Column] = [
            .init("team"), .init("number", title: "NO", numeric: true), .init("name"),
            .init("ownGoals", title: "OG", numeric: true),
        ]
        let listing = Listing(columns, own) { line in
            [
                OutputValue(line.teamCode), OutputValue(line.number), .string(line.name), .integer(line.ownGoals),
            ]
        }
        return ranked + "\nOwn goals\n" + listing.rendered(as: .table)
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
                OutputValue(line.teamCode), OutputValue(line.number), .string(line.name), OutputValue(line.official),
                .integer(line.yellow), .integer(line.secondYellow), .integer(line.red),
            ]
        }
        listing.saysWhenEmpty("no cards recorded")
        return listing
    }
}
