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
    /// The team, its squad by position, then shirt number.
    let team: TeamProfile

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
        return Listing(columns, team.squad) { player in
            [
                OutputValue(player.position), OutputValue(player.number), OutputValue(player.person.givenname),
                OutputValue(player.person.name), OutputValue(player.club), OutputValue(player.born),
            ]
        }
    }

    private var text: String {
        let english = team.englishName.map { ", English: \($0)" } ?? ""
        let facts = TableRenderer(headers: ["", ""]).lines(
            (team.aliases.isEmpty ? [] : [["Aliases:", team.aliases.joined(separator: ", ")]]) + [
                ["Group:", team.group ?? "-"],
                ["Coach:", team.coach?.fullName ?? "-"],
                ["Squad:", "\(Count(team.squad.count, "player"))"],
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
            .init(key: "aliases", value: .array(team.aliases.map { OutputValue($0) })),
            .init(key: "group", value: OutputValue(team.group)),
            .init(key: "coach", value: coach),
            .init(key: "players", value: squadListing.objects),
        ])
    }
}
