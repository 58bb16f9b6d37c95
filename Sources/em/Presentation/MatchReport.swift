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
    let tournament: Tournament
    let match: Match
    /// Whether the match waits for its teams.
    let waits: Bool
    let events: [MatchEvent]
    let lineups: [(team: Team, text: String)]
    let shootout: String?
    /// The zone the kick-off is shown in.
    let zone: KickoffZone

    /// The report of `match`, its kick-off in `zone`, of the matches `waiting` for their teams.
    init(_ match: Match, in tournament: Tournament, zone: KickoffZone = .venue, waiting: Set<Match>) {
        self.tournament = tournament
        self.match = match
        self.zone = zone
        self.waits = waiting.contains(match)
        self.events = tournament.results.events(in: match)
        (lineups, shootout) = tournament.interchange.lineupTexts(of: match)
    }

    /// The report in `format`: text for people, the match with its events as JSON (a knockout
    /// match's slots too, its teams `null` until known), the events as CSV.
    func rendered(as format: OutputFormat) -> String {
        switch format {
        case .table:
            let when =
                match.kickoff == nil
                ? "day unknown"
                : [match.day(in: zone), match.time(in: zone)].filter { !$0.isEmpty }.joined(separator: " ")
                    + " (\(match.offset(in: zone)))"
            var text = "Match \(tournament.lookup.matchID(match)) · \(stage) · \(when)\n"
            let place = [match.venue, match.city].compactMap { $0 }.joined(separator: ", ")
            if !place.isEmpty { text += place + "\n" }
            text += "\(match.pairing) \(match.resultText ?? "not played")\n"
            if waits {
                text +=
                    "Waits for its teams (\(match.homeSlot ?? "?") v \(match.awaySlot ?? "?")): "
                    + "the result counts again once \(match.pairing) play it\n"
            }
            text += events.isEmpty ? "No goals or cards recorded.\n" : "\n" + listing.rendered(as: .table)
            if !lineups.isEmpty {
                text += "\nLine-ups\n" + lineups.map { "\($0.team.code ?? "")  \($0.text)\n" }.joined()
            }
            if let shootout { text += "\nPenalties  \(shootout)\n" }
            return text
        case .csv:
            return listing.rendered(as: .csv)
        case .json:
            let object = OutputValue.object([
                .init(key: "id", value: .integer(tournament.lookup.matchID(match))),
                .init(key: "round", value: OutputValue(match.round)),
                .init(key: "group", value: OutputValue(match.group?.name)),
                .init(key: "kickoff", value: .string(match.kickoffText(in: zone))),
                .init(key: "venue", value: OutputValue(match.venue)),
                .init(key: "city", value: OutputValue(match.city)),
                .init(key: "homeSlot", value: OutputValue(match.homeSlot)),
                .init(key: "awaySlot", value: OutputValue(match.awaySlot)),
                .init(key: "home", value: OutputValue(match.homeTeam?.code)),
                .init(key: "away", value: OutputValue(match.awayTeam?.code)),
                .init(key: "result", value: OutputValue(match.resultText)),
                .init(key: "waiting", value: .boolean(waits)),
                .init(key: "events", value: listing.objects),
                .init(
                    key: "lineups",
                    value: .array(
                        lineups.map { lineup in
                            .object([
                                .init(key: "team", value: OutputValue(lineup.team.code)),
                                .init(key: "players", value: .string(lineup.text)),
                            ])
                        })),
                .init(key: "penalties", value: OutputValue(shootout)),
            ])
            return JSONRenderer().render(object) + "\n"
        }
    }

    private var stage: String {
        if let group = match.group?.name { return "group \(group)" }
        return match.round ?? ""
    }

    private static let columns: [Listing.Column] = [
        .init("minute", title: "MIN", numeric: true), .init("event"), .init("team"), .init("number", title: "NO", numeric: true),
        .init("name"), .init("official", inTable: false),
    ]

    private var listing: Listing {
        Listing(Self.columns, events) { event in
            switch event {
            case .goal(let goal):
                let kind = goal.ownGoal == true ? "own goal" : goal.penalty == true ? "penalty goal" : "goal"
                return [
                    OutputValue(goal.minute), .string(kind), OutputValue(goal.scorerTeam?.code),
                    OutputValue(goal.scorer?.number),
                    OutputValue(goal.scorerFullName), .null,
                ]
            case .card(let card):
                return [
                    OutputValue(card.minute), .string("\(card.cardKind?.description ?? card.kind ?? "") card"),
                    OutputValue(card.team?.code), OutputValue(card.player?.number),
                    .string(card.player?.fullName ?? card.playerName ?? "\(card.official ?? "") (official)"),
                    OutputValue(card.official),
                ]
            }
        }
    }
}
