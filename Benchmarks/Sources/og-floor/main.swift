import CSQLite3
import Glibc

// og-floor: the least a command line on an ObjectGraph store can do. It opens the store file
// given as its only argument with the SQLite C API, reads one row and prints it. Workload 9
// times `em` against this program, built the same way, to see what em adds to a process start.

guard CommandLine.arguments.count == 2 else {
    print("usage: og-floor <store.sqlite>")
    exit(64)
}
var db: OpaquePointer?
guard sqlite3_open_v2(CommandLine.arguments[1], &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
    print("cannot open \(CommandLine.arguments[1])")
    sqlite3_close_v2(db)
    exit(66)
}
defer { sqlite3_close_v2(db) }
var statement: OpaquePointer?
guard sqlite3_prepare_v2(db, "SELECT Z_VERSION, Z_UUID FROM Z_METADATA LIMIT 1", -1, &statement, nil) == SQLITE_OK else {
    print(String(cString: sqlite3_errmsg(db)))
    exit(65)
}
defer { sqlite3_finalize(statement) }
if sqlite3_step(statement) == SQLITE_ROW {
    print(sqlite3_column_int64(statement, 0), String(cString: sqlite3_column_text(statement, 1)))
}
