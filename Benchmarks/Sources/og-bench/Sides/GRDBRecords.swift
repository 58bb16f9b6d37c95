import GRDB

/// The GRDB baseline: record structs mapped onto ObjectGraph's tables.
///
/// They are written the way GRDB's documentation recommends for speed: `init(row:)` and
/// `encode(to:)` by hand rather than `Codable`, and rows read by column index (every request
/// here selects the table's columns in table order, `SELECT *`), which is about twice as fast
/// as by name. They run on a `DatabaseQueue` with the pragmas ObjectGraph's store uses.
enum GRDBSide {
    static func open(path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}

/// A row of `ZTEAM`.
struct TeamRecord: FetchableRecord, PersistableRecord, TableRecord {
    static let databaseTableName = "ZTEAM"
    static let players = hasMany(PlayerRecord.self, using: ForeignKey(["ZTEAM"]))

    enum Columns {
        static let pk = Column("Z_PK"), entity = Column("Z_ENT"), version = Column("Z_OPT")
        static let name = Column("ZNAME")
    }

    var pk: Int64
    var entity: Int64
    var version: Int64
    var name: String

    init(pk: Int64, entity: Int64, version: Int64 = 1, name: String) {
        self.pk = pk
        self.entity = entity
        self.version = version
        self.name = name
    }

    init(row: Row) {
        pk = row[0]
        entity = row[1]
        version = row[2]
        name = row[3]
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.pk] = pk
        container[Columns.entity] = entity
        container[Columns.version] = version
        container[Columns.name] = name
    }
}

/// A row of `ZPLAYER`.
struct PlayerRecord: FetchableRecord, PersistableRecord, TableRecord {
    static let databaseTableName = "ZPLAYER"
    static let team = belongsTo(TeamRecord.self, using: ForeignKey(["ZTEAM"]))

    enum Columns {
        static let pk = Column("Z_PK"), entity = Column("Z_ENT"), version = Column("Z_OPT")
        static let name = Column("ZNAME"), number = Column("ZNUMBER"), position = Column("ZPOSITION")
        static let team = Column("ZTEAM")
    }

    var pk: Int64
    var entity: Int64
    var version: Int64
    var name: String
    var number: Int64
    var position: String
    var team: Int64?

    init(pk: Int64, entity: Int64, version: Int64 = 1, name: String, number: Int64, position: String, team: Int64?) {
        self.pk = pk
        self.entity = entity
        self.version = version
        self.name = name
        self.number = number
        self.position = position
        self.team = team
    }

    init(row: Row) {
        pk = row[0]
        entity = row[1]
        version = row[2]
        name = row[3]
        number = row[4]
        position = row[5]
        team = row[6]
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.pk] = pk
        container[Columns.entity] = entity
        container[Columns.version] = version
        container[Columns.name] = name
        container[Columns.number] = number
        container[Columns.position] = position
        container[Columns.team] = team
    }
}
