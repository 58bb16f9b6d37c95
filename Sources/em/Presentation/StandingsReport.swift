import EMPlanner

/// The group tables as `em standings` prints them: per group a table (rank, team, P W D L GF
/// GA GD Pts) and, when asked or in JSON, the tie-breaker that decided every tie.
struct StandingsReport {
    let tables: [GroupTable]
    /// German names by FIFA code.
    let names: [String: String]

    /// The columns of one row.
    private static let columns = [
        Listing.Column("group", inTable: false), Listing.Column("rank", title: "#", numeric: true), Listing.Column("team"),
        Listing.Column("name", fit: .shortensThenDropped(1)), Listing.Column("played", title: "P", numeric: true),
        Listing.Column("won", title: "W", numeric: true), Listing.Column("drawn", title: "D", numeric: true),
        Listing.Column("lost", title: "L", numeric: true), Listing.Column("goalsFor", title: "GF", numeric: true),
        Listing.Column("goalsAgainst", title: "GA", numeric: true),
        Listing.Column("goalDifference", title: "GD", numeric: true), Listing.Column("points", title: "PTS", numeric: true),
    ]

    /// One group's rows.
    private func listing(_ table: GroupTable) -> Listing {
        Listing(Self.columns, table.rows) { row in
            let record = row.record
            return [
                .string(table.name), .integer(row.rank), .string(row.team), OutputValue(names[row.team]),
                .integer(record.played), .integer(record.won), .integer(record.drawn), .integer(record.lost),
                .integer(record.goalsFor), .integer(record.goalsAgainst), .integer(record.goalDifference),
                .integer(record.points),
            ]
        }
    }

    /// The report in `format`; `explain` adds the tie-breaks to the table (JSON always has them).
    func rendered(as format: OutputFormat, explain: Bool) -> String {
        switch format {
        case .table:
            let width = Terminal.width
            return tables.map { table in
                let played = table.rows.reduce(0) { $0 + $1.record.played } / 2
                var text = "Group \(table.name)" + (table.isComplete ? "" : " (\(played) played so far)") + "\n"
                text += listing(table).rendered(as: .table, width: width)
                if explain { text += table.decisions.map { "  \($0)".paragraph(width: width, indent: "    ") }.joined() }
                return text
            }.joined(separator: "\n")
        case .csv:
            let rows = tables.flatMap { listing($0).rows }
            return Listing(Self.columns, rows) { $0 }.rendered(as: .csv)
        case .json:
            let groups = tables.map { table in
                OutputValue.object([
                    .init(key: "group", value: .string(table.name)),
                    .init(key: "complete", value: .boolean(table.isComplete)),
                    .init(key: "rows", value: listing(table).objects),
                    .init(key: "decisions", value: .array(table.decisions.map { .string($0.description) })),
                ])
            }
            return JSONRenderer().render(.array(groups)) + "\n"
        }
    }

    /// The tables as HTML, a section per group: the table, then how every tie was decided.
    func html() -> String {
        tables.map { table in
            let played = table.rows.reduce(0) { $0 + $1.record.played } / 2
            let caption = "Group \(table.name)" + (table.isComplete ? "" : " (\(played) played so far)")
            var html = "<section class=\"group\" id=\"group-\(table.name.xmlEscaped)\">\n" + listing(table).html(caption: caption)
            if !table.decisions.isEmpty {
                let items = table.decisions.map { "<li>\($0.description.xmlEscaped)</li>\n" }
                html += "<ul class=\"ties\">\n" + items.joined() + "</ul>\n"
            }
            return html + "</section>\n"
        }.joined()
    }
}
