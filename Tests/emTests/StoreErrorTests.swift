import Foundation
import Testing

@testable import ObjectGraphSQLite

/// Stores em cannot use: every command refuses with status 74 and leaves the file as it was.
@Suite("Unusable stores")
struct StoreErrorTests {
    /// A command of every kind: reading, editing, seeding, exporting, the shell.
    static let commands: [[String]] = [
        ["list", "teams"],
        ["show", "team", "GER"],
        ["schedule"],
        ["init"],
        ["add-player", "--team", "GER", "--name", "Götze", "--number", "19", "--position", "MF"],
        ["remove-player", "--team", "GER", "--number", "1"],
        ["update-player", "--team", "GER", "--number", "1", "--club", "X"],
        ["set-coach", "--team", "GER", "--name", "Flick"],
        ["add-team", "--name", "Österreich", "--code", "AUT"],
        [
            "schedule", "add", "--home", "GER", "--away", "POR", "--at", "2012-06-20T18:00+02:00", "--venue", "V", "--city", "C",
            "--group", "B",
        ],
        ["result", "1", "1:0"],
        ["save", "--to", "copy.sqlite"],
        ["shell"],
    ]

    @Test("A text file as --store is refused with 74 and left unchanged", arguments: commands)
    func textFile(_ command: [String]) throws {
        let workspace = try Workspace()
        let text = Data("these are my notes, not a database\n".utf8)
        let path = workspace.path("notes.txt")
        try text.write(to: URL(filePath: path))
        let result = try EMProcess.run(command + ["--store", path], home: workspace.directory)
        expectFailure(result, status: 74, message: "notes.txt")
        #expect(try Data(contentsOf: URL(filePath: path)) == text)
    }

    @Test("A folder as --store is refused with 74, in one line that says it is a folder, and left empty", arguments: commands)
    func folder(_ command: [String]) throws {
        let workspace = try Workspace()
        let path = workspace.path("stores")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let result = try EMProcess.run(command + ["--store", path], home: workspace.directory)
        expectFailure(result, status: 74, message: "\(path) is not an ObjectGraph store: it is a folder")
        #expect(!result.stderr.contains("SQLite"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
    }

    @Test("A store this user may not read or write, or in a folder it may not write, is refused saying what the system said")
    func permissions() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let folder = workspace.directory.path
        let store = workspace.store.path
        func run(_ arguments: String...) throws -> EMResult {
            try EMProcess.run(arguments + ["--store", store], home: workspace.directory, unprivileged: true)
        }
        // Readable and writable by everyone, in a folder only its owner writes: SQLite cannot
        // make the store's -wal and -shm files, even to read.
        chmod(folder, 0o755)
        chmod(store, 0o666)
        defer { chmod(folder, 0o700) }
        let before = try Data(contentsOf: workspace.store)
        expectFailure(
            try run("list", "teams"), status: 74,
            message: "cannot use \(store): its folder \(folder) is not writable (Permission denied)")
        chmod(store, 0o644)
        expectFailure(
            try run("add-team", "--code", "ZZZ", "--name", "Zedland"), status: 74,
            message: "cannot use \(store): it is read-only to this user (Permission denied)")
        chmod(store, 0o600)
        expectFailure(try run("list", "teams"), status: 74, message: "cannot use \(store): it cannot be read (Permission denied)")
        let new = workspace.path("new.sqlite")
        let made = try EMProcess.run(["init", "--store", new], home: workspace.directory, unprivileged: true)
        expectFailure(made, status: 74, message: "cannot create \(new): \(folder): Permission denied")
        #expect(try Data(contentsOf: workspace.store) == before)
        #expect(!FileManager.default.fileExists(atPath: new))
    }

    @Test(
        "A SQLite database of another program is refused with 74 and left unchanged",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func foreignDatabase() throws {
        let workspace = try Workspace()
        let path = workspace.path("foreign.sqlite")
        let sqlite = Process()
        sqlite.executableURL = URL(filePath: "/usr/bin/sqlite3")
        sqlite.arguments = [path, "create table notes (body text); insert into notes values ('mine');"]
        try sqlite.run()
        sqlite.waitUntilExit()
        try #require(sqlite.terminationStatus == 0)
        let bytes = try Data(contentsOf: URL(filePath: path))
        try workspace.fail("list", "teams", status: 74, message: "foreign.sqlite", store: path)
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
    }

    @Test("A store error while a --where listing reads is a store error, 74, not a bad predicate")
    func storeErrorDuringListing() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        // Another program drops the players' table: the store opens, the listing cannot read.
        let connection = try SQLiteConnection(path: workspace.store.path)
        try connection.execute("DROP TABLE ZHUMAN")
        let result = try workspace.fail(
            "list", "players", "--where", "name == 'Götze'", status: 74, message: "store error: ")
        #expect(!result.stderr.contains("predicate"))
    }

    @Test("A command whose save fails reports no success: only the error, exit 74, the store unchanged")
    func noSuccessBeforeTheSave() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        // Another program holds the write lock past em's busy timeout.
        let connection = try SQLiteConnection(path: workspace.store.path)
        try connection.execute("BEGIN IMMEDIATE")
        try workspace.fail(
            "add-team", "--name", "Österreich", "--english", "Austria", "--code", "aut", status: 74,
            message: "database is locked")
        try connection.execute("ROLLBACK")
        #expect(try workspace.snapshot() == before)
    }
}

extension StoreErrorTests {
    @Test(
        "A damaged store is refused with 74 and left as it was found: the same bytes, and no -wal or -shm beside it",
        arguments: commands)
    func damagedStoreLeftAsFound(_ command: [String]) throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let path = workspace.path("truncated.sqlite")
        let bytes = try Data(contentsOf: workspace.store).prefix(4096)
        try bytes.write(to: URL(filePath: path))
        let result = try EMProcess.run(command + ["--store", path], home: workspace.directory)
        expectFailure(result, status: 74, message: "truncated.sqlite is damaged")
        #expect(try Data(contentsOf: URL(filePath: path)) == bytes)
        let beside = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(beside.filter { $0.hasPrefix("truncated.sqlite") } == ["truncated.sqlite"])
    }

    @Test(
        "A store with a malformed page says the store is damaged, without SQL, when it opens and when a listing reads",
        arguments: ["Z_METADATA", "ZHUMAN"])
    func malformedPage(table: String) throws {
        let workspace = try Workspace()
        try workspace.seeded()
        // The table's first page, read before the connection closes.
        let (size, page) = try { () throws -> (Int64, Int64) in
            let connection = try SQLiteConnection(path: workspace.store.path)
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            let size = try connection.prepare("PRAGMA page_size").rows()[0][0]
            let page = try connection.prepare("SELECT rootpage FROM sqlite_master WHERE name = '\(table)'").rows()[0][0]
            guard case .integer(let size) = size, case .integer(let page) = page else { throw CocoaError(.fileReadCorruptFile) }
            return (size, page)
        }()
        let file = try FileHandle(forWritingTo: workspace.store)
        try file.seek(toOffset: UInt64((page - 1) * size))
        try file.write(contentsOf: Data(repeating: 0xEE, count: Int(size)))
        try file.close()
        let result = try workspace.fail(
            "list", "players", status: 74, message: "damaged: database disk image is malformed")
        #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("while running"), "\(result.stderr)")
    }
}

extension StoreErrorTests {
    @Test("A store in a folder that does not exist: list and init both say the folder is missing, and make nothing")
    func missingFolder() throws {
        let workspace = try Workspace()
        let folder = workspace.path("missing/sub")
        let path = folder + "/e.sqlite"
        let listed = try workspace.fail(
            "list", "teams", status: 66, message: "no store at \(path): its folder \(folder) does not exist", store: path)
        #expect(!listed.stderr.contains("em init"))
        try workspace.fail(
            "init", status: 74, message: "cannot create \(path): its folder \(folder) does not exist", store: path)
        #expect(!FileManager.default.fileExists(atPath: workspace.path("missing")))
    }
}

extension StoreErrorTests {
    @Test("A save that meets a model rule another program broke names the object by its label, not by its URI")
    func validationNamesLabels() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let connection = try SQLiteConnection(path: workspace.store.path)
        try connection.execute(
            "UPDATE ZHUMAN SET ZNAME = NULL WHERE ZNUMBER = 1 AND ZTEAM1 = (SELECT Z_PK FROM ZTEAM WHERE ZCODE = 'GER')")
        let result = try workspace.fail(
            "update-player", "--team", "GER", "--number", "1", "--club", "Bayern", status: 65,
            message: "not saved: Player.name is required but empty on player GER 1")
        #expect(!result.stderr.contains("x-coredata"), "\(result.stderr)")
        try connection.execute("UPDATE ZHUMAN SET ZNAME = 'Neuer' WHERE ZNAME IS NULL")
        #expect(try workspace.snapshot() == before)
    }
}
