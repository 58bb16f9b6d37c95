import ObjectGraphSQLite

/// Statements that take a list of primary keys (`… IN (?, ?, …)`): keyed reads for faults and
/// to-many relationships.
extension SQLiteStore {
    /// Keys are bound in chunks of at most this many (bound parameters per statement).
    static let chunkSize = 512

    /// The number of parameters a statement for `count` keys has: the next power of two.
    ///
    /// A handful of statements per query shape then serves every batch size. The extra
    /// parameters repeat a key, which an `IN` list ignores.
    static func parameterCount(for count: Int) -> Int {
        count <= 1 ? 1 : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// The statement of `shape` for `count` keys, prepared once per shape and parameter count;
    /// `sql` makes its text from the placeholder list.
    func keyedStatement(_ shape: KeyedShape, count: Int, sql: (String) -> String) throws -> SQLiteStatement {
        let key = KeyedStatementKey(shape: shape, parameterCount: Self.parameterCount(for: count))
        if let statement = keyedStatements[key] { return statement }
        let statement = try connection.cachedStatement(sql(Self.placeholders(key.parameterCount)))
        keyedStatements[key] = statement
        return statement
    }

    /// Binds `keys` to the first parameters of `statement`, repeating the first key in the rest.
    static func bind(_ keys: ArraySlice<Int64>, to statement: SQLiteStatement) throws {
        var index: Int32 = 1
        for key in keys {
            try statement.bind(key, at: index)
            index += 1
        }
        let count = statement.parameterCount
        while index <= count {
            try statement.bind(keys.first ?? 0, at: index)
            index += 1
        }
    }

    /// `?, ?, ?` for `count` parameters.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

/// What a keyed statement does, for the store's cache of SQL.
enum KeyedShape: Hashable {
    /// Reads full rows of a table by primary key.
    case row(String)
    /// Reads full destination rows of a to-many relationship by source key.
    case related(ObjectIdentifier)
}

/// A keyed statement's SQL: its shape and how many keys it binds.
struct KeyedStatementKey: Hashable {
    var shape: KeyedShape
    var parameterCount: Int
}
