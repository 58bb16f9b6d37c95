import EMPlanner

/// A team at a glance: names, aliases (if any), group, head coach, and the squad ordered by
/// position (GK, DF, MF, FW) and shirt number.
///
/// ```
/// Deutschland (GER), English: Germany
/// Group:  B
/// Coach:  Joachim Löw
/// Squad:  23 players
///
/// POS  NO  GIVEN NAME  NAME   CLUB               BORN
/// GK    1  Manuel      Neuer  FC Bayern München  1986-03-27
/// ```
struct TeamCard {
    /// The team.
    let team: Team
    /// The squad, by position, then shirt number.
    let squad: [Player]
    /// The team's aliases, alphabetically.
    let aliases: [String]

    /// The card of `team`.
    init(_ team: Team) {
        self.team = team
        squad = team.players.sorted { ($0.positionRank, $0.number ?? 0) < ($1.positionRank, $1.number ?? 0) }
        aliases = team.aliases.compactMap(\.name).sorted()
    }

    /// The card in `format`: a card for people, the whole card as JSON, the squad as CSV.
    func rendered(as format: OutputFormat) -> String {
        switch format {
        case .table: text
        case .json: JSONRenderer().render(json) + "\n"
        case .csv: squadListing.rendered(as: .csv)
        }
    }

    private var squadListing: Listing {
        let columns: [Listing.Column] = [
            .init("position", title: "POS"), .init("number", title: "NO", numeric: true),
            .init("givenname", title: "GIVEN NAME"), .init("name"), .init("club"), .init("born"),
        ]
        return Listing(columns, squad) { player in
            [
                OutputValue(player.position), OutputValue(player.number), OutputValue(player.givenname),
                OutputValue(player.name), OutputValue(player.club), OutputValue(player.bornDay),
            ]
        }
    }

    private var text: String {
        let english = team.englishName.map { ", English: \($0)" } ?? ""
        let facts = TableRenderer(headers: ["", ""]).lines(
            (aliases.isEmpty ? [] : [["Aliases:", aliases.joined(separator: ", ")]]) + [
                ["Group:", team.group?.name ?? "-"],
                ["Coach:", team.coach?.fullName ?? "-"],
                ["Squad:", "\(Count(squad.count, "player"))"],
            ])
        let heading = "\(team.name ?? "") (\(team.code ?? ""))\(english)"
        let players = squadListing.rendered(as: .table)
        return ([heading] + facts).map { $0 + "\n" }.joined() + (players.isEmpty ? "" : "\n" + players)
    }

    private var json: OutputValue {
        let coach: OutputValue =
            team.coach.map { coach in
                .object([
                    .init(key: "givenname", value: OutputValue(coach.givenname)),
                    .init(key: "name", value: OutputValue(coach.name)),
                ])
            } ?? .null
        return .object([
            .init(key: "code", value: OutputValue(team.code)),
            .init(key: "name", value: OutputValue(team.name)),
            .init(key: "englishName", value: OutputValue(team.englishName)),
            .init(key: "aliases", value: .array(aliases.map { OutputValue($0) })),
            .init(key: "group", value: OutputValue(team.group?.name)),
            .init(key: "coach", value: coach),
            .init(key: "players", value: squadListing.objects),
        ])
    }
}

extension Player {
    /// Where the position comes in a squad: GK, DF, MF, FW, then anything else.
    fileprivate var positionRank: Int {
        ["GK", "DF", "MF", "FW"].firstIndex(of: position ?? "") ?? 4
    }
}
