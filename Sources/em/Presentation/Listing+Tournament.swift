import EMPlanner

/// The listings of the tournament's objects, one column per attribute a user cares about.
///
/// Teams, players and coaches name their team by FIFA code; people's given name and name stay
/// apart so that scripts can use them.
extension Listing {
    /// Groups: name and the codes of their teams.
    static func groups(_ groups: [Group]) -> Listing {
        Listing([Column("name", title: "GROUP"), Column("teams")], groups) { group in
            [OutputValue(group.name), .array(group.teams.compactMap(\.code).sorted().map(OutputValue.string))]
        }
    }

    /// Teams: code, names, group, head coach and squad size (counted, not loaded).
    static func teams(_ teams: [Team], in tournament: Tournament) throws -> Listing {
        let columns = [
            Column("code"), Column("name", fit: .shortens), Column("englishName", title: "ENGLISH", fit: .shortensThenDropped(2)),
            Column("group"), Column("coach", fit: .shortensThenDropped(1)), Column("players", numeric: true),
        ]
        let squadSizes = try tournament.lookup.squadSizes()
        return Listing(columns, teams) { team in
            [
                OutputValue(team.code), OutputValue(team.name), OutputValue(team.englishName),
                OutputValue(team.group?.name), OutputValue(team.coach.map(\.fullName)),
                .integer(squadSizes[team]),
            ]
        }
    }

    /// Players: team, shirt number, names, position, club and date of birth.
    static func players(_ players: [Player]) -> Listing {
        let columns = [
            Column("team"), Column("number", title: "NO", numeric: true),
            Column("givenname", title: "GIVEN NAME", fit: .shortens), Column("name", fit: .shortens),
            Column("position", title: "POS"), Column("club", fit: .shortensThenDropped(1)), Column("born", fit: .dropped(2)),
        ]
        return Listing(columns, players) { player in
            [
                OutputValue(player.team?.code), OutputValue(player.number), OutputValue(player.givenname),
                OutputValue(player.name), OutputValue(player.position), OutputValue(player.club),
                OutputValue(player.bornDay),
            ]
        }
    }

    /// Head coaches: team and names.
    static func coaches(_ coaches: [Coach]) -> Listing {
        let columns = [Column("team"), Column("givenname", title: "GIVEN NAME", fit: .shortens), Column("name", fit: .shortens)]
        return Listing(columns, coaches) { coach in
            [OutputValue(coach.team?.code), OutputValue(coach.givenname), OutputValue(coach.name)]
        }
    }

    /// Matches: id, kick-off (in `zone`), round, teams, result, venue; a table leaves out the
    /// venue's time zone and the result's numbers, which JSON and CSV carry for scripts, and
    /// whether the match waits (``Knockout/waitingMatches()``): then its teams are those that
    /// played its result, which counts again once they are the match's teams again.
    static func matches(
        _ matches: [Match], in tournament: Tournament, zone: KickoffZone = .venue, waiting: Set<Match>
    ) -> Listing {
        let columns = [
            Column("id", numeric: true), Column("kickoff", title: "KICK-OFF"), Column("timeZone", inTable: false),
            Column("round", fit: .dropped(3)), Column("group", fit: .dropped(4)), Column("home"), Column("away"),
            Column("result"),
            Column("homeGoals", inTable: false), Column("awayGoals", inTable: false),
            Column("afterExtraTime", inTable: false), Column("homePenalties", inTable: false),
            Column("awayPenalties", inTable: false), Column("venue", fit: .shortensThenDropped(1)),
            Column("city", fit: .shortensThenDropped(2)), Column("waiting", inTable: false),
        ]
        return Listing(columns, matches) { match in
            [
                .integer(tournament.lookup.matchID(match)), OutputValue(match.kickoffText(in: zone)),
                OutputValue(match.timeZone),
                OutputValue(match.round), OutputValue(match.group?.name), OutputValue(match.homeTeam?.code),
                OutputValue(match.awayTeam?.code), OutputValue(match.resultText), OutputValue(match.homeGoals),
                OutputValue(match.awayGoals), .boolean(match.afterExtraTime ?? false), OutputValue(match.homePenalties),
                OutputValue(match.awayPenalties), OutputValue(match.venue), OutputValue(match.city),
                .boolean(waiting.contains(match)),
            ]
        }
    }
}
