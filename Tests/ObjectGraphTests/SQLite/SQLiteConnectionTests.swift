import Foundation
import TestSupport
import Testing

@testable import ObjectGraph
@testable import ObjectGraphSQLite

/// The SQLite layer: opening, errors, values, statements, transactions, tracing, functions, locking.
@Suite("SQLite connection")
struct SQLiteConnectionTests {
    // MARK: Opening

    @Test func opensAnInMemoryDatabase() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        #expect(try connection.prepare("SELECT 1 + 1").rows() == [[.integer(2)]])
        #expect(!connection.isInTransaction)
    }

    @Test func opensAndReopensAFile() throws {
        try TemporaryDirectory.with(prefix: "SQLiteConnectionTests") { directory in
            let path = directory.appendingPathComponent("test.sqlite").path
            do {
                let connection = try SQLiteConnection(path: path)
                try connection.execute("CREATE TABLE t(a); INSERT INTO t VALUES (42)")
            }
            #expect(FileManager.default.fileExists(atPath: path))
            let reopened = try SQLiteConnection(path: path, readOnly: true)
            #expect(try reopened.prepare("SELECT a FROM t").rows() == [[.integer(42)]])
            let error = #expect(throws: SQLiteError.self) {
                try reopened.execute("INSERT INTO t VALUES (1)")
            }
            #expect(error?.primaryResultCode == 8)  // SQLITE_READONLY
        }
    }

    @Test func failsToOpenAMissingFileWithoutCreate() throws {
        try TemporaryDirectory.with(prefix: "SQLiteConnectionTests") { directory in
            let path = directory.appendingPathComponent("missing.sqlite").path
            let error = #expect(throws: SQLiteError.self) {
                try SQLiteConnection(path: path, create: false)
            }
            #expect(error?.primaryResultCode == 14)  // SQLITE_CANTOPEN
            #expect(error?.message.contains(path) == true)
            #expect(error?.sql == nil)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func reportsAFileThatIsNotADatabaseWhenQueried() throws {
        try TemporaryDirectory.with(prefix: "SQLiteConnectionTests") { directory in
            let url = directory.appendingPathComponent("garbage.sqlite")
            try Data(repeating: 0x41, count: 4096).write(to: url)
            let connection = try SQLiteConnection(path: url.path)
            let error = #expect(throws: SQLiteError.self) {
                try connection.execute("SELECT count(*) FROM sqlite_master")
            }
            #expect(error?.resultCode == 26)  // SQLITE_NOTADB
            #expect(error?.sql == "SELECT count(*) FROM sqlite_master")
        }
    }

    @Test func reportsTheLibraryVersion() {
        #expect(SQLiteConnection.libraryVersion.hasPrefix("3."))
    }

    // MARK: Errors

    @Test func syntaxErrorCarriesCodeMessageAndSQL() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute("SELEKT 1")
        }
        #expect(error?.resultCode == 1)  // SQLITE_ERROR
        #expect(error?.message == #"near "SELEKT": syntax error"#)
        #expect(error?.sql == "SELEKT 1")
        #expect(error?.description == #"SQLite error 1 (SQL logic error): near "SELEKT": syntax error — while running: SELEKT 1"#)
    }

    @Test func uniqueViolationCarriesExtendedCodeButNotArguments() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE ZTEAM(ZNAME TEXT UNIQUE)")
        let insert = "INSERT INTO ZTEAM(ZNAME)\n    VALUES (?)"
        try connection.execute(insert, [.text("Secret Name")])
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute(insert, [.text("Secret Name")])
        }
        #expect(error?.resultCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.primaryResultCode == 19)  // SQLITE_CONSTRAINT
        #expect(error?.sql == insert)
        #expect(
            error?.description
                == "SQLite error 19 (constraint failed): UNIQUE constraint failed: ZTEAM.ZNAME — while running: INSERT INTO ZTEAM(ZNAME) VALUES (?)"
        )
        #expect(error?.description.contains("Secret") == false)
    }

    @Test func errorInAScriptNamesTheFailingStatement() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute("CREATE TABLE t(a NOT NULL);\n INSERT INTO t VALUES (NULL); INSERT INTO t VALUES (1)")
        }
        #expect(error?.resultCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
        #expect(error?.sql == "INSERT INTO t VALUES (NULL);")
        #expect(try connection.prepare("SELECT count(*) FROM t").rows() == [[.integer(0)]])
    }

    @Test func prepareRejectsTwoStatementsAndNone() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let two = #expect(throws: SQLiteError.self) {
            try connection.prepare("SELECT 1; SELECT 2")
        }
        #expect(two?.resultCode == 21)  // SQLITE_MISUSE
        #expect(two?.sql == "SELECT 1; SELECT 2")
        let none = #expect(throws: SQLiteError.self) {
            try connection.prepare("  -- nothing")
        }
        #expect(none?.resultCode == 21)
        _ = try connection.prepare("SELECT 1; -- a trailing comment\n")
    }

    @Test func wrongArgumentCountIsAnError() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(a, b)")
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute("INSERT INTO t VALUES (?, ?)", [.integer(1)])
        }
        #expect(error?.resultCode == 25)  // SQLITE_RANGE
        #expect(error?.message == "statement expects 2 arguments, got 1")
        let statement = try connection.prepare("INSERT INTO t VALUES (?, ?)")
        let outOfRange = #expect(throws: SQLiteError.self) {
            try statement.bind(Int64(1), at: 3)
        }
        #expect(outOfRange?.message == "parameter index 3 is out of range 1...2")
    }

    // MARK: Values

    @Test func bindsAndReadsEveryKindOfValue() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(v)")
        let values: [SQLiteValue] = [
            .null,
            .integer(0), .integer(.min), .integer(.max),
            .real(0), .real(-1.5), .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude),
            .text(""), .text("Grüße aus Zürich"), .text("日本語 👋🏽 e\u{301}"), .text("nul\u{0}inside"),
            .text(String(repeating: "long text ", count: 1000)),
            .blob([]), .blob([0, 1, 2, 255]), .blob([UInt8](repeating: 7, count: 100_000)),
        ]
        for value in values {
            try connection.execute("INSERT INTO t(v) VALUES (?)", [value])
        }
        let read = try connection.prepare("SELECT v FROM t ORDER BY rowid").rows().map { $0[0] }
        #expect(read == values)
    }

    @Test func typedReadersReadEachStorageClass() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let statement = try connection.prepare("SELECT ?, ?, ?, ?, ?, ?, ? AS last")
        try statement.bind(Int64(-7), at: 1)
        try statement.bind(2.25, at: 2)
        try statement.bind("ünï 🧪", at: 3)
        try statement.bind([9, 8, 7] as [UInt8], at: 4)
        try statement.bindNull(at: 5)
        try statement.bind("", at: 6)
        try statement.bind([] as [UInt8], at: 7)
        #expect(try statement.step())
        #expect(statement.columnCount == 7)
        #expect(statement.columnName(6) == "last")
        #expect(statement.int64(at: 0) == -7)
        #expect(statement.double(at: 1) == 2.25)
        #expect(statement.text(at: 2) == "ünï 🧪")
        #expect(statement.blob(at: 3) == [9, 8, 7])
        #expect(statement.isNull(at: 4))
        #expect(statement.text(at: 4) == "")
        #expect(statement.int64(at: 4) == 0)
        #expect(!statement.isNull(at: 5))
        #expect(statement.value(at: 5) == .text(""))
        #expect(!statement.isNull(at: 6))
        #expect(statement.value(at: 6) == .blob([]))
        #expect(try !statement.step())
    }

    @Test func reportsLastInsertRowIDAndChanges() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a)")
        try connection.execute("INSERT INTO t(id, a) VALUES (?, ?)", [.integer(41), .integer(1)])
        #expect(connection.lastInsertRowID == 41)
        try connection.execute("INSERT INTO t(a) VALUES (?)", [.integer(1)])
        #expect(connection.lastInsertRowID == 42)
        try connection.execute("UPDATE t SET a = ?", [.integer(2)])
        #expect(connection.changes == 2)
    }

    // MARK: Statements

    @Test func cachedStatementIsReusedWithFreshBindings() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three')")
        let sql = "SELECT b FROM t WHERE a >= ? ORDER BY a"
        let first = try connection.cachedStatement(sql)
        try first.bind(Int64(2), at: 1)
        #expect(try first.step())
        #expect(first.text(at: 0) == "two")
        // Left mid-iteration on purpose: the cache must hand it back reset, bindings cleared.
        let second = try connection.cachedStatement(sql)
        #expect(second === first)
        #expect(try second.rows() == [])  // a >= NULL matches nothing
        #expect(try second.rows([.integer(3)]) == [[.text("three")]])
        #expect(try connection.cachedStatement(sql).rows([.integer(1)]).count == 3)
        #expect(try connection.cachedStatement("SELECT 1") !== first)
    }

    @Test func rowTextIsReadInPlaceRowAfterRowAndLongTextIsCopied() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(n, a, b, c)")
        let insert = try connection.prepare("INSERT INTO t VALUES (?, ?, ?, ?)")
        let long = String(repeating: "Ä", count: 3000)  // 6,000 bytes: more than the row buffer
        let rows: [[String]] = [
            ["short", "Grüße, 世界", ""],
            [long, "after the long one", "x"],
            ["a", long, long],
            ["small again", "", "Łódź"],
        ]
        for (number, row) in rows.enumerated() {
            insert.startRow()
            try insert.bind(Int64(number), at: 1)
            for (offset, text) in row.enumerated() { try insert.bindRowText(text, at: Int32(offset + 2)) }
            try insert.run()
        }
        let stored = try connection.prepare("SELECT a, b, c, typeof(c) FROM t ORDER BY n").rows()
        #expect(stored.map { Array($0.prefix(3)) } == rows.map { $0.map(SQLiteValue.text) })
        #expect(stored[0][3] == .text("text"), "empty text stays text, not NULL")
    }

    @Test func runUsesValuesAlreadyBound() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(a)")
        let insert = try connection.prepare("INSERT INTO t VALUES (?)")
        for value in Int64(1)...3 {
            try insert.bind(value, at: 1)
            try insert.run()
        }
        #expect(try connection.prepare("SELECT sum(a) FROM t").rows() == [[.integer(6)]])
    }

    @Test func statementKeepsItsConnectionOpen() throws {
        var connection: SQLiteConnection? = try SQLiteConnection(path: ":memory:")
        try connection?.execute("CREATE TABLE t(a); INSERT INTO t VALUES ('still here')")
        let statement = try #require(try connection?.prepare("SELECT a FROM t"))
        weak let weakConnection = connection
        connection = nil
        #expect(weakConnection == nil)
        #expect(try statement.rows() == [[.text("still here")]])
    }

    // MARK: Transactions

    @Test func transactionCommits() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(a)")
        let count = try connection.inTransaction {
            #expect(connection.isInTransaction)
            try connection.execute("INSERT INTO t VALUES (?)", [.integer(1)])
            try connection.execute("INSERT INTO t VALUES (?)", [.integer(2)])
            return try connection.prepare("SELECT count(*) FROM t").rows()
        }
        #expect(count == [[.integer(2)]])
        #expect(!connection.isInTransaction)
        #expect(try connection.prepare("SELECT count(*) FROM t").rows() == [[.integer(2)]])
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        struct Abort: Error {}
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(a)")
        #expect(throws: Abort.self) {
            try connection.inTransaction {
                try connection.execute("INSERT INTO t VALUES (?)", [.integer(1)])
                throw Abort()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.prepare("SELECT count(*) FROM t").rows() == [[.integer(0)]])
    }

    @Test func nestedTransactionRollsBackOnlyItsSavepoint() throws {
        struct Abort: Error {}
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute("CREATE TABLE t(a)")
        var statements: [String] = []
        connection.traceHandler = { statements.append($0) }
        try connection.inTransaction {
            try connection.execute("INSERT INTO t VALUES (1)")
            #expect(throws: Abort.self) {
                try connection.inTransaction {
                    try connection.execute("INSERT INTO t VALUES (2)")
                    throw Abort()
                }
            }
            try connection.inTransaction {
                try connection.execute("INSERT INTO t VALUES (3)")
            }
        }
        #expect(try connection.prepare("SELECT a FROM t ORDER BY a").rows() == [[.integer(1)], [.integer(3)]])
        #expect(
            statements == [
                "BEGIN IMMEDIATE",
                "INSERT INTO t VALUES (1)",
                "SAVEPOINT og_transaction", "INSERT INTO t VALUES (2)",
                "ROLLBACK TO og_transaction", "RELEASE og_transaction",
                "SAVEPOINT og_transaction", "INSERT INTO t VALUES (3)", "RELEASE og_transaction",
                "COMMIT",
                "SELECT a FROM t ORDER BY a",
            ]
        )
    }

    // MARK: Tracing

    @Test func traceHandlerSeesExactlyTheStatementsThatRan() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(
            """
            CREATE TABLE t(a);
            CREATE TABLE log(a);
            CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); END;
            """)
        var statements: [String] = []
        connection.traceHandler = { statements.append($0) }
        try connection.inTransaction {
            try connection.execute("INSERT INTO t VALUES (?)", [.integer(1)])
            try connection.execute("INSERT INTO t VALUES (?)", [.integer(2)])
        }
        try connection.execute("DELETE FROM log; -- tidy up\n  DELETE FROM t")
        _ = try connection.cachedStatement("SELECT a FROM t").rows()
        #expect(
            statements == [
                "BEGIN IMMEDIATE",
                "INSERT INTO t VALUES (?)",
                "INSERT INTO t VALUES (?)",
                "COMMIT",
                "DELETE FROM log;",
                "-- tidy up\n  DELETE FROM t",
                "SELECT a FROM t",
            ]
        )
        connection.traceHandler = nil
        try connection.execute("SELECT 1")
        #expect(statements.count == 7)
    }

    // MARK: Functions

    @Test func customFunctionIsCallableFromSQL() throws {
        struct NotText: Error, CustomStringConvertible {
            var description: String { "fold expects text" }
        }
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.createFunction("fold", argumentCount: 1) { arguments in
            switch arguments[0] {
            case .null: return .null
            case .text(let text): return .text(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
            default: throw NotText()
            }
        }
        try connection.execute("CREATE TABLE team(name); INSERT INTO team VALUES ('Österreich'), ('TÜRKEI'), ('Spain')")
        let rows = try connection.prepare("SELECT name FROM team WHERE fold(name) = fold(?) OR fold(name) LIKE ?")
            .rows([.text("osterreich"), .text("turk%")])
        #expect(rows == [[.text("Österreich")], [.text("TÜRKEI")]])
        #expect(try connection.prepare("SELECT fold(NULL)").rows() == [[.null]])

        let error = #expect(throws: SQLiteError.self) {
            try connection.prepare("SELECT fold(42)").rows()
        }
        #expect(error?.resultCode == 1)  // SQLITE_ERROR
        #expect(error?.message == "fold expects text")
        #expect(error?.sql == "SELECT fold(42)")
    }

    @Test func functionKeepsItsResultCodeWhenItThrowsSQLiteError() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.createFunction("refuse", argumentCount: 0, deterministic: false) { _ in
            throw SQLiteError(resultCode: 19, message: "refused")
        }
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute("SELECT refuse()")
        }
        #expect(error?.resultCode == 19)
        #expect(error?.message == "refused")
    }

    @Test func functionReturnsEveryKindOfValue() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.createFunction("echo", argumentCount: 1) { $0[0] }
        let values: [SQLiteValue] = [.null, .integer(-3), .real(0.5), .text(""), .text("ß🙂"), .blob([]), .blob([1, 2])]
        let statement = try connection.prepare("SELECT echo(?)")
        for value in values {
            #expect(try statement.rows([value]) == [[value]])
        }
    }

    @Test func connectionReleasesItsFunctionsWhenClosed() throws {
        final class Tracked {}
        weak var weakTracked: Tracked?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            let connection = try SQLiteConnection(path: ":memory:")
            try connection.createFunction("tracked", argumentCount: 0) { _ in
                withExtendedLifetime(tracked) { .integer(1) }
            }
            #expect(try connection.cachedStatement("SELECT tracked()").rows() == [[.integer(1)]])
        }
        #expect(weakTracked == nil)
    }

    // MARK: Locking

    @Test func busyTimeoutWaitsThenFailsWithBusy() throws {
        try TemporaryDirectory.with(prefix: "SQLiteConnectionTests") { directory in
            let path = directory.appendingPathComponent("busy.sqlite").path
            let writer = try SQLiteConnection(path: path)
            try writer.execute("PRAGMA journal_mode = WAL; CREATE TABLE t(a)")
            let other = try SQLiteConnection(path: path)
            other.setBusyTimeout(ms: 200)

            try writer.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
            // WAL lets the other connection read while the write transaction is open.
            #expect(try other.prepare("SELECT count(*) FROM t").rows() == [[.integer(0)]])
            let start = ContinuousClock.now
            let error = #expect(throws: SQLiteError.self) {
                try other.execute("INSERT INTO t VALUES (?)", [.integer(2)])
            }
            let waited = ContinuousClock.now - start
            #expect(error?.primaryResultCode == 5)  // SQLITE_BUSY
            #expect(error?.sql == "INSERT INTO t VALUES (?)")
            #expect(waited >= .milliseconds(150))

            try writer.execute("COMMIT")
            try other.execute("INSERT INTO t VALUES (?)", [.integer(2)])
            #expect(try writer.prepare("SELECT a FROM t ORDER BY a").rows() == [[.integer(1)], [.integer(2)]])
        }
    }
}
