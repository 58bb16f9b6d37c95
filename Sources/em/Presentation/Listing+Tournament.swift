import EMPlanner

/// The listings of the tournament's objects, one column per attribute a user cares about.
///
/// Teams, players and coaches name their team by FIFA code; people's given name and name stay
/// apart so that scripts can use them.
extension Listing {
    /// Groups: name and the codes of their teams.
    static func groups(_ groups: [GroupSummary]) -> Listing {
        Listing([Column("name", title: "GROUP"), Column("teams")], groups) { group in
            [OutputValue(group.name), .array(group.teams.map(OutputValue.string))]
        }
    }

    /// Teams: code, names, group, head coach and squad size.
    static func teams(_ teams: [TeamSummary]) -> Listing {
        let columns = [
            Column("code"), Column("name", fit: .shortens), Column("englishName", title: "ENGLISH", fit: .shortensThenDropped(2)),
            Column("group"), Column("coach", fit: .shortensThenDropped(1)), Column("players", numeric: true),
        ]
        return Listing(columns, teams) { team in
            [
                OutputValue(team.code), OutputValue(team.name), OutputValue(team.englishName), OutputValue(team.group),
                OutputValue(team.coach), .integer(team.players),
            ]
        }
    }

    /// Players: team, shirt number, names, position, club and date of birth.
    static func players(_ players: [PlayerSummary]) -> Listing {
        let columns = [
            Column("team"), Column("number", title: "NO", numeric: true),
            Column("givenname", title: "GIVEN NAME", fit: .shortens), Column("name", fit: .shortens),
            Column("position", title: "POS"), Column("club", fit: .shortensThenDropped(1)), Column("born", fit: .dropped(2)),
        ]
        return Listing(columns, players) { player in
            [
                OutputValue(player.team), OutputValue(player.number), OutputValue(player.givenname),
                OutputValue(player.name), OutputValue(player.position), OutputValue(player.club), OutputValue(player.born),
            ]
        }
    }

    /// Head coaches: team and names.
    static func coaches(_ coaches: [CoachSummary]) -> Listing {
        let columns = [Column("team"), Column("givenname", title: "GIVEN NAME", fit: .shortens), Column("name", fit: .shortens)]
        return Listing(columns, coaches) { coach in
            [OutputValue(coach.team), OutputValue(coach.givenname), OutputValue(coach.name)]
        }
    }

    /// Matches: id, kick-off (in the zone they were read in), round, teams, result, venue; a
    /// table leaves out the venue's time zone and the result's numbers, which JSON and CSV
    /// carry for scripts, and whether the match waits (`waiting`, by id,
    /// ``Knockout/waitingMatchIDs()``): then its teams are those that played its result, which
    /// counts again once they are the match's teams again.
    static func matches(_ matches: [MatchSummary], waiting: Set<Int>) -> Listing {
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
                .integer(match.id), OutputValue(match.kickoffText), OutputValue(match.timeZone), OutputValue(match.round),
                OutputValue(match.group), OutputValue(match.homeTeam), OutputValue(match.awayTeam),
                OutputValue(match.resultText), OutputValue(match.homeGoals), OutputValue(match.awayGoals),
                .boolean(match.afterExtraTime), OutputValue(match.homePenalties), OutputValue(match.awayPenalties),
                OutputValue(match.venue), OutputValue(match.city), .boolean(waiting.contains(match.id)),
            ]
        }
    }
}
