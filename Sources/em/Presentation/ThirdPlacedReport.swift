import EMPlanner

/// The ranking of the third-placed teams as `em standings --thirds` prints it: who goes
/// through, which allocation row applies, and the tie-breaker of every tie; while groups are
/// still playing, marked provisional, with the groups still playing and those left out.
struct ThirdPlacedReport {
    let table: ThirdPlacedTable
    /// German names by FIFA code.
    let names: [String: String]

    private static let columns = [
        Listing.Column("rank", title: "#", numeric: true), Listing.Column("group"), Listing.Column("team"),
        Listing.Column("name", fit: .shortensThenDropped(1)), Listing.Column("played", title: "P", numeric: true),
        Listing.Column("won", title: "W", numeric: true), Listing.Column("drawn", title: "D", numeric: true),
        Listing.Column("lost", title: "L", numeric: true), Listing.Column("goalsFor", title: "GF", numeric: true),
        Listing.Column("goalsAgainst", title: "GA", numeric: true),
        Listing.Column("goalDifference", title: "GD", numeric: true), Listing.Column("points", title: "PTS", numeric: true),
        Listing.Column("status"), Listing.Column("provisional", inTable: false),
    ]

    private var listing: Listing {
        Listing(Self.columns, table.rows) { row in
            let record = row.record
            let status: String
            switch row.status {
            case .qualified: status = table.isProvisional ? "qualifying" : "through"
            case .eliminated: status = "out"
            case .undecided: status = "undecided"
            }
            return [
                .integer(row.rank), .string(row.group), .string(row.team), OutputValue(names[row.team]),
                .integer(record.played), .integer(record.won), .integer(record.drawn), .integer(record.lost),
                .integer(record.goalsFor), .integer(record.goalsAgainst), .integer(record.goalDifference),
                .integer(record.points), .string(status), .boolean(table.groupsStillPlaying.contains(row.group)),
            ]
        }
    }

    /// The report in `format`; `explain` adds the tie-breaks to the table (JSON always has them).
    func rendered(as format: OutputFormat, explain: Bool) -> String {
        switch format {
        case .table:
            let width = Terminal.width
            var heading = "Third-placed teams (the best \(table.qualifyingCount) go through)"
            if table.isProvisional {
                heading +=
                    ", provisional: group\(table.groupsStillPlaying.count == 1 ? "" : "s") "
                    + "\(table.groupsStillPlaying.joined(separator: ", ")) still playing"
            }
            var text = heading.paragraph(width: width) + listing.rendered(as: .table, width: width)
            if !table.omissions.isEmpty {
                text += "Not ranked: \(table.omissions.map(\.description).joined(separator: "; "))".paragraph(width: width)
            }
            if let groups = table.qualifiedGroups, !table.isProvisional || table.allocation != nil {
                let allocation =
                    (table.isProvisional ? "If the groups ended now, allocation: " : "Allocation: ")
                    + "third-placed teams of \(groups.joined(separator: " "))"
                text += allocation.paragraph(width: width)
            }
            if explain { text += table.decisions.map { "  \($0)".paragraph(width: width, indent: "    ") }.joined() }
            return text
        case .csv:
            return listing.rendered(as: .csv)
        case .json:
            let report = OutputValue.object([
                .init(key: "provisional", value: .boolean(table.isProvisional)),
                .init(key: "groupsStillPlaying", value: .array(table.groupsStillPlaying.map(OutputValue.string))),
                .init(
                    key: "notRanked",
                    value: .array(
                        table.omissions.map {
                            .object([
                                .init(key: "group", value: .string($0.group)),
                                .init(key: "reason", value: .string($0.description)),
                            ])
                        })),
                .init(key: "qualifying", value: .integer(table.qualifyingCount)),
                .init(key: "rows", value: listing.objects),
                .init(key: "qualifiedGroups", value: table.qualifiedGroups.map { .array($0.map(OutputValue.string)) } ?? .null),
                .init(key: "decisions", value: .array(table.decisions.map { .string($0.description) })),
            ])
            return JSONRenderer().render(report) + "\n"
        }
    }

    /// The ranking as HTML: the table, who goes through and the allocation, and how every tie
    /// was decided.
    func html() -> String {
        var caption = "Third-placed teams (the best \(table.qualifyingCount) go through)"
        if table.isProvisional {
            caption += ", provisional: groups \(table.groupsStillPlaying.joined(separator: ", ")) still playing"
        }
        var html = listing.html(caption: caption)
        var notes = table.decisions.map(\.description)
        if !table.omissions.isEmpty { notes.append("Not ranked: \(table.omissions.map(\.description).joined(separator: "; "))") }
        if let groups = table.qualifiedGroups, !table.isProvisional || table.allocation != nil {
            notes.append(
                (table.isProvisional ? "If the groups ended now, allocation: " : "Allocation: ")
                    + "third-placed teams of \(groups.joined(separator: " "))")
        }
        if !notes.isEmpty { html += "<ul class=\"ties\">\n" + notes.map { "<li>\($0.xmlEscaped)</li>\n" }.joined() + "</ul>\n" }
        return html
    }
}
