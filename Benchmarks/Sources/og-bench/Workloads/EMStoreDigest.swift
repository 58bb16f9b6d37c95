import CSQLite3
import Foundation

/// A digest of what an em store holds, for the workloads where em and a reference program
/// write em stores (S1 to S3): no side can pass by writing less, or otherwise.
///
/// It folds every row of the tournament's tables, sorted by content, with every column both
/// sides write but the primary keys (which the order of insertion decides): `Z_ENT`, `Z_OPT`,
/// the values, and each to-one relationship resolved to what it points at (a team's code, a
/// group's name, a coach's names). Then the entity numbers and `Z_MAX`, the schema (every
/// `CREATE` statement), the journal mode, SQLite's integrity check, and the metadata property
/// list but for its store UUID, which is new for every store.
///
/// The persistent history em keeps (`ATRANSACTION`, `ACHANGE`, `ATRANSACTIONSTRING`: who saved
/// what, when) is left out: the reference scripts keep none, so em does that work on top.
enum EMStoreDigest {
    /// The queries whose rows are folded, each ordered so that the order of insertion does not
    /// matter.
    static let queries = [
        "SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT < 16001 ORDER BY Z_ENT",
        "SELECT Z_ENT, Z_OPT, ZRULESET, ZTITLE FROM ZCOMPETITION ORDER BY ZTITLE",
        "SELECT Z_ENT, Z_OPT, ZNAME, ZOFFICIALORDER FROM ZGROUP ORDER BY ZNAME",
        """
        SELECT t.Z_ENT, t.Z_OPT, t.ZCODE, t.ZNAME, t.ZENGLISHNAME, t.ZRANKING, g.ZNAME, c.ZGIVENNAME, c.ZNAME,
               c.ZTEAM = t.Z_PK
        FROM ZTEAM t LEFT JOIN ZGROUP g ON g.Z_PK = t.ZGROUP LEFT JOIN ZHUMAN c ON c.Z_PK = t.ZCOACH
        ORDER BY t.ZCODE
        """,
        """
        SELECT h.Z_ENT, h.Z_OPT, h.ZGIVENNAME, h.ZNAME, h.ZBORN, h.ZCLUB, h.ZNUMBER, h.ZPOSITION, p.ZCODE, c.ZCODE
        FROM ZHUMAN h LEFT JOIN ZTEAM p ON p.Z_PK = h.ZTEAM1 LEFT JOIN ZTEAM c ON c.Z_PK = h.ZTEAM
        ORDER BY h.Z_ENT, p.ZCODE, c.ZCODE, h.ZNUMBER, h.ZNAME, h.ZGIVENNAME
        """,
        """
        SELECT m.Z_ENT, m.Z_OPT, m.ZAFTEREXTRATIME, m.ZAWAYSLOT, m.ZAWAYGOALS, m.ZAWAYPENALTIES, m.ZCITY, m.ZHOMESLOT,
               m.ZHOMEGOALS, m.ZHOMEPENALTIES, m.ZKICKOFF, m.ZROUND, m.ZTIMEZONE, m.ZVENUE, a.ZCODE, g.ZNAME, h.ZCODE
        FROM ZMATCH m LEFT JOIN ZTEAM a ON a.Z_PK = m.ZAWAYTEAM LEFT JOIN ZTEAM h ON h.Z_PK = m.ZHOMETEAM
            LEFT JOIN ZGROUP g ON g.Z_PK = m.ZGROUP
        ORDER BY m.ZKICKOFF, m.ZVENUE
        """,
        "SELECT (SELECT COUNT(*) FROM ZGOAL), (SELECT COUNT(*) FROM ZCARD), (SELECT COUNT(*) FROM Z_METADATA)",
        """
        SELECT type, name, tbl_name, sql FROM sqlite_master
        WHERE tbl_name NOT IN ('ACHANGE', 'ATRANSACTION', 'ATRANSACTIONSTRING') ORDER BY type, name
        """,
        "PRAGMA journal_mode",
        "PRAGMA integrity_check",
    ]

    static func digest(_ path: String) throws -> UInt64 {
        let db = try RawDatabase(path: path)
        var digest = Digest()
        for sql in queries {
            let statement = try db.prepare(sql)
            defer { sqlite3_finalize(statement) }
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw db.error(code, sql) }
                for column in 0..<sqlite3_column_count(statement) {
                    // The text of a value shows its type too: 1 and 1.0 differ.
                    if sqlite3_column_type(statement, column) == SQLITE_NULL {
                        digest.add("NULL")
                    } else {
                        digest.add("'" + String(column: column, of: statement))
                    }
                }
                digest.add("\n")
            }
        }
        var metadata = try PropertyListSerialization.propertyList(
            from: try db.blob("SELECT Z_PLIST FROM Z_METADATA"), options: [], format: nil)
        if var dictionary = metadata as? [String: Any] {
            dictionary["NSStoreUUID"] = nil
            metadata = dictionary
        }
        digest.add(plist: metadata)
        digest.add(String(try db.integers("SELECT Z_VERSION FROM Z_METADATA")[0]))
        return digest.value
    }

    /// FNV-1a over the bytes of the values added.
    private struct Digest {
        var value: UInt64 = 14_695_981_039_346_656_037

        mutating func add(_ text: String) {
            for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 1_099_511_628_211 }
            value = (value ^ 0xFF) &* 1_099_511_628_211
        }

        /// A property list value, dictionaries in the order of their keys.
        mutating func add(plist value: Any) {
            switch value {
            case let dictionary as [String: Any]:
                add("{")
                for key in dictionary.keys.sorted() {
                    add(key)
                    add(plist: dictionary[key]!)
                }
                add("}")
            case let array as [Any]:
                add("[")
                for element in array { add(plist: element) }
                add("]")
            case let data as Data:
                add(data.map { String($0, radix: 16) }.joined(separator: " "))
            default:
                add("\(value)")
            }
        }
    }
}
