import CSQLite3

/// A full row of `ZPLAYER`, as a C programmer's struct holds it.
///
/// The raw side always reads whole rows, as the other two do: that is the physical limit of an
/// object-graph design, whose objects carry all their attributes.
struct PlayerRow {
    static let columns = "Z_PK, Z_ENT, Z_OPT, ZNAME, ZNUMBER, ZPOSITION, ZTEAM"

    var pk: Int64
    var entity: Int64
    var version: Int64
    var name: String
    var number: Int64
    var position: String
    var team: Int64

    /// Reads the current row of a statement that selects ``columns`` first.
    init(_ statement: OpaquePointer) {
        pk = sqlite3_column_int64(statement, 0)
        entity = sqlite3_column_int64(statement, 1)
        version = sqlite3_column_int64(statement, 2)
        name = String(column: 3, of: statement)
        number = sqlite3_column_int64(statement, 4)
        position = String(column: 5, of: statement)
        team = sqlite3_column_int64(statement, 6)
    }

    /// Every row a statement returns.
    static func all(_ statement: OpaquePointer) -> [PlayerRow] {
        var rows: [PlayerRow] = []
        while sqlite3_step(statement) == SQLITE_ROW { rows.append(PlayerRow(statement)) }
        return rows
    }
}

/// A full row of `ZTEAM`.
struct TeamRow {
    static let columns = "Z_PK, Z_ENT, Z_OPT, ZNAME"

    var pk: Int64
    var entity: Int64
    var version: Int64
    var name: String

    init(_ statement: OpaquePointer) {
        pk = sqlite3_column_int64(statement, 0)
        entity = sqlite3_column_int64(statement, 1)
        version = sqlite3_column_int64(statement, 2)
        name = String(column: 3, of: statement)
    }
}
