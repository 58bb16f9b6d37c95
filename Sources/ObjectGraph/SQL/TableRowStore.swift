import ObjectGraphSQLite

/// A store kept in SQL tables laid out by a ``StoreSchema``, whose rows can be read and written
/// whole: what copying a store from one database to another needs.
protocol TableRowStore: PersistentStore {
    /// The store's tables and names.
    var schema: StoreSchema { get }
    /// Every row of `table`, the given columns in order, by the first column.
    func allRows(of table: String, columns: [String]) throws -> [[SQLiteValue]]
    /// The key counter (`Z_MAX`) of each root entity, by entity number.
    func keyCounters() throws -> [Int: Int64]
    /// Writes rows into tables and sets key counters, in one transaction.
    func insert(_ tables: [TableRows], keyCounters: [Int: Int64]) throws
}

/// The rows of one table, for ``TableRowStore``.
struct TableRows {
    var table: String
    var columns: [String]
    var rows: [[SQLiteValue]]
}
