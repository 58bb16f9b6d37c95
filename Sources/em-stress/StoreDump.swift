/// A store's logical contents: every table's rows as SQLite reads them, in a fixed order, and
/// the schema; equal dumps mean equal stores whatever WAL checkpoints did to the file's bytes.
///
/// The store's UUID, which every new store draws afresh, is blanked wherever it occurs in
/// `Z_METADATA`, so that an exported or newly made store can equal a reference one.
struct StoreDump: Equatable, Sendable {
    /// Each table's column names, by table name; the schema itself under `sqlite_master`.
    let columns: [String: [String]]
    /// Each table's rows, each value as a SQL literal, sorted.
    let rows: [String: [[String]]]

    /// The tables of the store's persistent history, which record every save: how many rows
    /// they hold grows with each command that saved, whatever the tournament.
    static let historyTables: Set = ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING"]

    /// How many rows a table holds, 0 when it is missing.
    ///
    /// - Parameter table: The table's name.
    func count(_ table: String) -> Int {
        rows[table]?.count ?? 0
    }

    /// The tournaments' titles, from `ZCOMPETITION`.
    var tournaments: [String] {
        guard let index = columns["ZCOMPETITION"]?.firstIndex(of: "ZTITLE") else { return [] }
        return rows["ZCOMPETITION", default: []].map { $0[index] }
    }

    /// What the store holds, in a few words: "1 tournament ('UEFA EURO 2012'), 16 teams, 384 people, 31 matches".
    var summary: String {
        guard !rows.isEmpty else { return "no tables" }
        let titles = tournaments.joined(separator: ", ")
        return
            "\(tournaments.count) tournament(s) (\(titles)), \(count("ZTEAM")) teams, \(count("ZHUMAN")) people, "
            + "\(count("ZMATCH")) matches"
    }

    /// The tables whose rows differ from `other`'s, with both row counts: "ZTEAM 17/16".
    ///
    /// - Parameter other: The dump to compare with.
    func differences(from other: StoreDump) -> String {
        let tables = Set(rows.keys).union(other.rows.keys).sorted()
        let changed = tables.filter { rows[$0] != other.rows[$0] }.map { "\($0) \(count($0))/\(other.count($0))" }
        return changed.isEmpty ? "no table differs" : changed.joined(separator: ", ")
    }
}
