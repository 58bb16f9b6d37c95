import EMPlanner

/// What `em scenarios` prints: per group, the matches to play, each team's reachable positions
/// and knockout qualification, each possible final order with the results that can give it,
/// and the flags; or the same as JSON.
struct ScenariosReport {
    let groups: [Reports.Scenarios]

    /// The report as text, `width` columns wide at most (`nil`: no limit).
    func text(width: Int?) -> String {
        groups.map { text(of: $0, width: width) }.joined(separator: "\n")
    }

    /// The report as a JSON array, one object per group (documented in `em scenarios --help`).
    func json() -> String {
        JSONRenderer().render(.array(groups.map(json(of:)))) + "\n"
    }

    private func text(of entry: Reports.Scenarios, width: Int?) -> String {
        let scenarios = entry.group
        let matches = scenarios.remaining.indices.map { label(entry, match: $0) }
        var text =
            (matches.isEmpty
            ? "Group \(scenarios.name): every match played"
            : "Group \(scenarios.name): to play \(matches.joined(separator: ", "))").paragraph(width: width)
        let listing = Listing(
            [Listing.Column("team"), Listing.Column("positions"), Listing.Column("knockout")], scenarios.teams
        ) { outlook in
            [.string(outlook.team), .string(Self.list(outlook.positions)), .string(outlook.qualification.rawValue)]
        }
        text += listing.rendered(as: .table, width: width)
        text += thirdPlacesText(of: entry, width: width)
        text += "Final orders:\n"
        for (order, outcomes) in scenarios.finalOrders {
            text += "  \(order)".paragraph(width: width, indent: "    ")
            for outcome in outcomes where !matches.isEmpty {
                let results = outcome.results.enumerated().map { index, result in
                    "\(label(entry, match: index)) \(words(result, match: scenarios.remaining[index]))"
                }
                let scores = outcome.orders.count > 1 ? " (some scores)" : ""
                text += "    \(results.joined(separator: ", "))\(scores)".paragraph(width: width, indent: "      ")
            }
        }
        for flag in scenarios.flags {
            let match = scenarios.remaining[flag.match]
            switch flag {
            case .drawTakesBothThrough:
                text += "A draw in \(label(entry, match: flag.match)) takes \(match.home) and \(match.away) through."
                    .paragraph(width: width)
            case .nothingAtStake(_, let team):
                text += "Nothing at stake for \(team) in \(label(entry, match: flag.match)): its place is settled."
                    .paragraph(width: width)
            }
        }
        return text
    }

    /// The race for the best thirds, for the group's teams that can still finish third.
    private func thirdPlacesText(of entry: Reports.Scenarios, width: Int?) -> String {
        guard !entry.thirdPlaces.isEmpty else { return "" }
        let listing = Listing(
            [
                Listing.Column("team"), Listing.Column("as third"), Listing.Column("rank"), Listing.Column("best"),
                Listing.Column("worst"), Listing.Column("would meet"),
            ], entry.thirdPlaces
        ) { third in
            [
                .string(third.team), .string(third.qualification.rawValue),
                .string(third.rankWords),
                .string(ThirdPlaceRace.words(third.records.best, criteria: entry.thirdPlaceCriteria)),
                .string(ThirdPlaceRace.words(third.records.worst, criteria: entry.thirdPlaceCriteria)),
                .string(third.opponentSlots.joined(separator: " ")),
            ]
        }
        return "Third places (the best \(entry.qualifyingThirds) go through; rank among the thirds):\n"
            + listing.rendered(as: .table, width: width)
    }

    private func json(of entry: Reports.Scenarios) -> OutputValue {
        let scenarios = entry.group
        let remaining = scenarios.remaining.enumerated().map { index, match in
            OutputValue.object([
                .init(key: "match", value: .integer(entry.matchIDs[index])), .init(key: "home", value: .string(match.home)),
                .init(key: "away", value: .string(match.away)),
            ])
        }
        let outcomes = scenarios.outcomes.map { outcome in
            OutputValue.object([
                .init(
                    key: "results",
                    value: .object(
                        outcome.results.enumerated().map {
                            .init(key: String(entry.matchIDs[$0.offset]), value: .string($0.element.rawValue))
                        })),
                .init(key: "teams", value: .array(outcome.teams.map(Self.json))),
                .init(
                    key: "orders",
                    value: .array(outcome.orders.map { .array($0.tiers.map { .array($0.map(OutputValue.string)) }) })),
            ])
        }
        let flags = scenarios.flags.map { flag in
            var members: [OutputValue.Member] = []
            switch flag {
            case .drawTakesBothThrough: members.append(.init(key: "flag", value: .string("drawTakesBothThrough")))
            case .nothingAtStake: members.append(.init(key: "flag", value: .string("nothingAtStake")))
            }
            members.append(.init(key: "match", value: .integer(entry.matchIDs[flag.match])))
            members.append(.init(key: "team", value: OutputValue(flag.team)))
            return OutputValue.object(members)
        }
        return .object([
            .init(key: "group", value: .string(scenarios.name)), .init(key: "remaining", value: .array(remaining)),
            .init(key: "teams", value: .array(scenarios.teams.map(Self.json))),
            .init(key: "outcomes", value: .array(outcomes)), .init(key: "flags", value: .array(flags)),
            .init(key: "thirdPlaces", value: .array(entry.thirdPlaces.map { Self.json($0, criteria: entry.thirdPlaceCriteria) })),
        ])
    }

    /// A team's place in the race for the best thirds: `ranks` the best and worst rank among
    /// the thirds, `best` and `worst` its records by criterion, `null` for a value without
    /// bound (and the values after it), `sureAbove` and `outBelow` the records a third must
    /// pass to be sure of going through and falls below to be out (`null`: none).
    private static func json(_ third: ThirdPlaceRace.Entry, criteria: [TieBreaker]) -> OutputValue {
        let record = { (values: [Int]) in ThirdPlaceRace.json(values, criteria: criteria) }
        return .object([
            .init(key: "team", value: .string(third.team)),
            .init(key: "qualification", value: .string(third.qualification.rawValue)),
            .init(key: "ranks", value: third.ranksJSON),
            .init(key: "best", value: record(third.records.best)), .init(key: "worst", value: record(third.records.worst)),
            .init(key: "sureAbove", value: third.sureAbove.map(record) ?? .null),
            .init(key: "outBelow", value: third.outBelow.map(record) ?? .null),
            .init(key: "opponents", value: .array(third.opponentSlots.map(OutputValue.string))),
        ])
    }

    private static func json(_ outlook: TeamOutlook) -> OutputValue {
        .object([
            .init(key: "team", value: .string(outlook.team)),
            .init(key: "positions", value: .array(outlook.positions.map(OutputValue.integer))),
            .init(key: "qualification", value: .string(outlook.qualification.rawValue)),
        ])
    }

    /// A match as `35 SUI-GER`.
    private func label(_ entry: Reports.Scenarios, match index: Int) -> String {
        let match = entry.group.remaining[index]
        return "\(entry.matchIDs[index]) \(match.home)-\(match.away)"
    }

    /// An outcome in words: `SUI win`, `draw`.
    private func words(_ outcome: MatchOutcome, match: GroupMatch) -> String {
        switch outcome {
        case .home: "\(match.home) win"
        case .draw: "draw"
        case .away: "\(match.away) win"
        }
    }

    /// Positions as `1, 2, 3`.
    private static func list(_ positions: [Int]) -> String {
        positions.map(String.init).joined(separator: ", ")
    }
}
