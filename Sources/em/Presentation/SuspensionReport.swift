import EMPlanner

/// The suspensions, as `em suspensions` prints them: who misses which match, and why.
struct SuspensionReport {
    let tournament: Tournament
    let suspensions: [Suspension]

    /// The listing: team, number, name, the match to miss (id, pairing, day), reason, served.
    var listing: Listing {
        let columns: [Listing.Column] = [
            .init("team"), .init("number", title: "NO", numeric: true), .init("name"), .init("official", inTable: false),
            .init("match", numeric: true), .init("fixture"), .init("day"), .init("reason"), .init("served"),
        ]
        var listing = Listing(columns, suspensions) { suspension in
            let match = suspension.match
            return [
                OutputValue(suspension.team.code), OutputValue(suspension.player?.number),
                .string(suspension.player?.fullName ?? suspension.playerName ?? "\(suspension.official ?? "") (official)"),
                OutputValue(suspension.official), OutputValue(match.map(tournament.lookup.matchID)),
                .string(match.map(\.pairing) ?? "next match"),
                OutputValue(match?.localDay), .string(tournament.reports.reasonText(suspension)), .boolean(suspension.isServed),
            ]
        }
        listing.saysWhenEmpty("no suspensions")
        return listing
    }
}
