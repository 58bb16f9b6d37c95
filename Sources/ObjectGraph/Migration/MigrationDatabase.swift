import ObjectGraphSQLite

/// The database a ``StoreMigration`` moves tables in: a SQLite store's file, or a PostgreSQL
/// store's schema.
///
/// The migration writes its SQL once, with `?` placeholders and values as the SQLite store
/// keeps them (``StoredValue``); each database runs it in its own dialect (``SQLDatabase``)
/// and reads its own catalog.
protocol MigrationDatabase: SQLDatabase {
    /// The column names of a table, spelled as the store's schema spells them (upper-case).
    func columns(of table: String) throws -> Set<String>

    /// Drops the indexes that would keep `column` of `table` from being dropped.
    func dropIndexes(on column: String, of table: String) throws

    /// Makes the indexes of the store those of `schema`.
    ///
    /// - Throws: ``DuplicateValues`` when the rows already break a uniqueness constraint whose
    ///   index is to be made; the database's errors otherwise.
    func synchroniseIndexes(of schema: StoreSchema) throws
}

extension MigrationDatabase {
    /// Runs one statement without placeholders.
    func perform(_ sql: String) throws { try perform(sql, []) }
}
