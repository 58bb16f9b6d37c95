import EMPlanner

/// The suspensions, as `em suspensions` prints them: who misses which match, and why.
struct SuspensionReport {
    /// The suspensions, in the planner's order.
    let suspensions: [Suspension]

    /// The listing: team, number, name, the match to miss (id, pairing, day), reason, served.
    var listing: Listing {
        let columns: [Listing.Column] = [
            .init("team"), .init("number", title: "NO", numeric: true), .init("name"), .init("official", inTable: false),
            .init("match", numeric: true), .init("fixture"), .init("day"), .init("reason"), .init("served"),
        ]
        var listing = Listing(columns, suspensions) { suspension in
            [
                OutputValue(suspension.teamCode), OutputValue(suspension.number), .string(suspension.name),
                OutputValue(suspension.official), OutputValue(suspension.matchID), .string(suspension.pairing ?? "next match"),
                OutputValue(suspension.day), .string(suspension.reasonText), .boolean(suspension.isServed),
            ]
        }
        listing.saysWhenEmpty("no suspensions")
        return listing
    }
}
