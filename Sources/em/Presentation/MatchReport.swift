import EMPlanner

/// A match in detail, as `em show match` prints it: when and where, the result, its goals
/// and cards by minute, and the line-ups and shoot-out where recorded.
///
/// ```
/// Match 1 · group A · 2012-06-08 18:00 (+02:00)
/// National Stadium (Stadion Narodowy), Warsaw
/// POL-GRE 1:1
///
/// MIN  EVENT   TEAM  NO  NAME
/// 17'  goal    POL    9  Robert Lewandowski
/// ```
///
/// A match that waits for its teams (``Knockout/waitingMatches()``) says so under its result.
struct MatchReport {
    /// The match.
    let match: MatchSheet

    /// The report in `format`: text for people, the match with its events as JSON (a knockout
    /// match's slots too, its teams `null` until known), the events as CSV.
    func rendered(as format: OutputFormat) -> String {
        switch format {
        case .table:
            let when =
                !match.hasKickoff
                ? "day unknown"
                : [match.day, match.time].filter { !$0.isEmpty }.joined(separator: " ") + " (\(match.offset))"
            var text = "Match \(match.id) · \(stage) · \(when)\n"
            let place = [match.venue, match.city].compactMap { $0 }.joined(separator: ", ")
            if !place.isEmpty { text += place + "\n" }
            text += "\(match.pairing) \(match.result ?? "not played")\n"
            if match.waits {
                text +=
                    "Waits for its teams (\(match.homeSlot ?? "?") v \(match.awaySlot ?? "?")): "
                    + "the result counts again once \(match.pairing) play it\n"
            }
            text += match.events.isEmpty ? "No goals or cards recorded.\n" : "\n" + listing.rendered(as: .table)
            if !match.lineups.isEmpty {
                text += "\nLine-ups\n" + match.lineups.map { "\($0.team)  \($0.text)\n" }.joined()
            }
            if let shootout = match.shootout { text += "\nPenalties  \(shootout)\n" }
            return text
        case .csv:
            return listing.rendered(as: .csv)
        case .json:
            let object = OutputValue.object([
                .init(key: "id", value: .integer(match.id)),
                .init(key: "round", value: OutputValue(match.round)),
                .init(key: "group", value: OutputValue(match.group)),
                .init(key: "kickoff", value: .string(match.kickoff)),
                .init(key: "venue", value: OutputValue(match.venue)),
                .init(key: "city", value: OutputValue(match.city)),
                .init(key: "homeSlot", value: OutputValue(match.homeSlot)),
                .init(key: "awaySlot", value: OutputValue(match.awaySlot)),
                .init(key: "home", value: OutputValue(match.home)),
                .init(key: "away", value: OutputValue(match.away)),
                .init(key: "result", value: OutputValue(match.result)),
                .init(key: "waiting", value: .boolean(match.waits)),
                .init(key: "events", value: listing.objects),
                .init(
                    key: "lineups",
                    value: .array(
                        match.lineups.map { lineup in
                            .object([
                                .init(key: "team", value: OutputValue(lineup.team)),
                                .init(key: "players", value: .string(lineup.text)),
                            ])
                        })),
                .init(key: "penalties", value: OutputValue(match.shootout)),
            ])
            return JSONRenderer().render(object) + "\n"
        }
    }

    private var stage: String {
        if let group = match.group { return "group \(group)" }
        return match.round ?? ""
    }

    private static let columns: [Listing.Column] = [
        .init("minute", title: "MIN", numeric: true), .init("event"), .init("team"), .init("number", title: "NO", numeric: true),
        .init("name"), .init("official", inTable: false),
    ]

    private var listing: Listing {
        Listing(Self.columns, match.events) { event in
            [
                OutputValue(event.minute), .string(event.kind), OutputValue(event.team), OutputValue(event.number),
                OutputValue(event.name), OutputValue(event.official),
            ]
        }
    }
}
