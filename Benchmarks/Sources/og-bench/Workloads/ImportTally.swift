/// A digest of what a store of workload S4 holds, told the same way whichever program made it:
/// em's store (Core Data's layout) or the Python reference's (openfootball's own, the tables of
/// its sportdb tooling).
///
/// It folds the figures of the tournament both must have loaded: the teams; the matches, the
/// goals of their scores and of their penalty shoot-outs; the goals, their minutes and added
/// minutes, own goals, penalties, and those that count for the first-named team; the squads'
/// players and their shirt numbers. Scorers found in the squads are not compared: each side
/// matches names its own way.
enum ImportTally {
    /// The figures in em's layout, one row.
    static let emQuery = """
        SELECT (SELECT COUNT(*) FROM ZTEAM),
               (SELECT COUNT(*) FROM ZMATCH), (SELECT TOTAL(ZHOMEGOALS + ZAWAYGOALS) FROM ZMATCH),
               (SELECT TOTAL(ZHOMEPENALTIES + ZAWAYPENALTIES) FROM ZMATCH),
               (SELECT COUNT(*) FROM ZGOAL), (SELECT TOTAL(ZMINUTE) FROM ZGOAL), (SELECT TOTAL(ZADDEDMINUTE) FROM ZGOAL),
               (SELECT TOTAL(ZOWNGOAL) FROM ZGOAL), (SELECT TOTAL(ZPENALTY) FROM ZGOAL),
               (SELECT COUNT(*) FROM ZGOAL g JOIN ZMATCH m ON m.Z_PK = g.ZMATCH WHERE g.ZTEAM = m.ZHOMETEAM),
               (SELECT COUNT(*) FROM ZHUMAN h JOIN Z_PRIMARYKEY k ON k.Z_ENT = h.Z_ENT WHERE k.Z_NAME = 'Player'),
               (SELECT TOTAL(h.ZNUMBER) FROM ZHUMAN h JOIN Z_PRIMARYKEY k ON k.Z_ENT = h.Z_ENT WHERE k.Z_NAME = 'Player')
        """

    /// The same figures in the reference's layout, one row.
    static let referenceQuery = """
        SELECT (SELECT COUNT(*) FROM teams),
               (SELECT COUNT(*) FROM matches), (SELECT TOTAL(score1 + score2) FROM matches),
               (SELECT TOTAL(score1p + score2p) FROM matches),
               (SELECT COUNT(*) FROM goals), (SELECT TOTAL(minute) FROM goals), (SELECT TOTAL("offset") FROM goals),
               (SELECT TOTAL(owngoal) FROM goals), (SELECT TOTAL(penalty) FROM goals),
               (SELECT COUNT(*) FROM goals g JOIN matches m ON m.id = g.match_id WHERE g.team_id = m.team1_id),
               (SELECT COUNT(*) FROM rosters), (SELECT TOTAL(pos) FROM rosters)
        """

    /// The digest of the store at `path`: em's if it has em's match table, else the reference's.
    static func digest(_ path: String) throws -> UInt64 {
        let db = try RawDatabase(path: path)
        let isEM = try db.integers("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'ZMATCH'")[0] == 1
        let figures = try db.integers(isEM ? emQuery : referenceQuery)
        return figures.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64(bitPattern: $1)) &* 1_099_511_628_211 }
    }
}
