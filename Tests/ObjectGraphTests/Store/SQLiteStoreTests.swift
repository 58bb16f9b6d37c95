import Foundation
import Testing

@testable import ObjectGraph
@testable import ObjectGraphSQLite

/// The SQLite store: Core Data's layout, bookkeeping, the SQL that runs, refusing what is not
/// ours, several processes on one file.
@Suite("SQLite store")
struct SQLiteStoreTests {
    /// Runs SQL on the store file with a separate connection.
    private func rows(_ stack: TestStack, _ sql: String) throws -> [[SQLiteValue]] {
        let connection = try SQLiteConnection(path: stack.storeURL!.path, readOnly: true)
        return try connection.prepare(sql).rows()
    }

    private func sqliteStore(_ stack: TestStack) -> SQLiteStore { stack.coordinator.persistentStores[0].store as! SQLiteStore }

    @Test("Tables follow Core Data's layout: one per inheritance root, Z_PK/Z_ENT/Z_OPT, Z columns, join tables")
    func layout() throws {
        let stack = try TestStack(.sqlite)
        let tables = Set(try rows(stack, "SELECT name FROM sqlite_master WHERE type = 'table'").map { $0[0] })
        #expect(
            tables
                == Set(
                    [
                        "Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE", "ZGROUP", "ZTEAM", "ZHUMAN", "ZMATCH",
                        "ZSAMPLE", "ZSPONSOR", "Z_5SPONSORS",
                    ].map(SQLiteValue.text)))
        let columns = try rows(stack, "SELECT name || ' ' || type FROM pragma_table_info('ZHUMAN')").map { row -> String in
            guard case .text(let text) = row[0] else { return "?" }
            return text
        }
        #expect(
            columns == [
                "Z_PK INTEGER", "Z_ENT INTEGER", "Z_OPT INTEGER", "ZGIVENNAME VARCHAR", "ZNAME VARCHAR",
                "ZTEAM INTEGER", "ZBORN TIMESTAMP", "ZNUMBER INTEGER", "ZPOSITION VARCHAR", "ZTEAM1 INTEGER",
            ])
        let join = try rows(stack, "SELECT name FROM pragma_table_info('Z_5SPONSORS')").map { $0[0] }
        #expect(join == [.text("Z_5PLAYERS"), .text("Z_7SPONSORS")])
        let keys = try rows(stack, "SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
        #expect(
            keys.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" } == [
                "1 'Coach' 3 0", "2 'Group' 0 0", "3 'Human' 0 0", "4 'Match' 0 0", "5 'Player' 3 0", "6 'Sample' 0 0",
                "7 'Sponsor' 0 0", "8 'Team' 0 0",
            ])
        let indexes = Set(
            try rows(stack, "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").map { $0[0] })
        for expected in [
            "ZTEAM_ZNAME_INDEX", "ZHUMAN_ZNUMBER_INDEX", "ZHUMAN_ZTEAM_INDEX", "ZHUMAN_ZTEAM1_INDEX", "ZHUMAN_Z_ENT_INDEX",
        ] {
            #expect(indexes.contains(.text(expected)))
        }
        #expect(try rows(stack, "PRAGMA journal_mode") == [[.text("wal")]])
        let metadata = try rows(stack, "SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA")
        #expect(metadata.count == 1 && metadata[0][1] == .text(stack.coordinator.storeIdentifier!))
        guard case .blob(let plist) = metadata[0][2],
            let dictionary = try PropertyListSerialization.propertyList(from: Data(plist), format: nil) as? [String: Any],
            let hashes = dictionary["NSStoreModelVersionHashes"] as? [String: Data]
        else {
            Issue.record("unreadable metadata")
            return
        }
        #expect(hashes.count == 8 && hashes.values.allSatisfy { $0.count == 32 })
        #expect(dictionary["NSStoreType"] as? String == "SQLite")
    }

    @Test("A many-to-many that is its own inverse has a join table whose second column takes a 1")
    func ownInverseJoinTable() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Person",
                relationships: [RelationshipDescription("friends", destination: "Person", inverse: "friends", toMany: true)])
        ])
        let stack = try TestStack(.sqlite, model: model)
        let columns = try rows(stack, "SELECT name FROM pragma_table_info('Z_1FRIENDS')").map { $0[0] }
        #expect(columns == [.text("Z_1FRIENDS"), .text("Z_1FRIENDS1")])
    }

    @Test("Names that meet in SQLite, which ignores case, are numbered: tables, columns, join tables, indexes")
    func namesThatMeetAreNumbered() throws {
        // `Team` and `TEAM` both make ZTEAM; `name` and `NAME` both ZNAME; the many-to-many
        // `fans` and `FANS` both Z_nFANS; A's index on `b_zc` and A_ZB's on `c` both
        // ZA_ZB_ZC_INDEX.
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "TEAM", attributes: [AttributeDescription("name", .string), AttributeDescription("NAME", .string)],
                relationships: [
                    RelationshipDescription("fans", destination: "Team", inverse: "idols", toMany: true),
                    RelationshipDescription("FANS", destination: "Team", inverse: "IDOLS", toMany: true),
                ]),
            EntityDescription(
                "Team", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("idols", destination: "TEAM", inverse: "fans", toMany: true),
                    RelationshipDescription("IDOLS", destination: "TEAM", inverse: "FANS", toMany: true),
                ]),
            EntityDescription("A", attributes: [AttributeDescription("b_zc", .string, isIndexed: true)]),
            EntityDescription("A_ZB", attributes: [AttributeDescription("c", .string, isIndexed: true)]),
        ])
        let stack = try TestStack(.sqlite, model: model)
        let names = Set(try rows(stack, "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").map { $0[0] })
        for name in ["ZTEAM", "ZTEAM1", "Z_3FANS", "Z_3FANS1", "ZA_ZB_ZC_INDEX", "ZA_ZB_ZC_INDEX1"] {
            #expect(names.contains(.text(name)), "\(name)")
        }
        let columns = try rows(stack, "SELECT name FROM pragma_table_info('ZTEAM')").map { $0[0] }
        #expect(columns.contains(.text("ZNAME")) && columns.contains(.text("ZNAME1")))

        let upper = try stack.context.make("TEAM", ["name": "lower", "NAME": "upper"])
        try stack.context.make("Team", ["name": "team", "idols": Set([upper]), "IDOLS": Set<ManagedObject>()])
        try stack.context.save()
        let reader = stack.newContext()
        let readUpper = try #require(try reader.all("TEAM").first)
        #expect(readUpper.string("name") == "lower" && readUpper.string("NAME") == "upper")
        #expect((readUpper["fans"] as? Set<ManagedObject>)?.map { $0.string("name") } == ["team"])
        #expect((readUpper["FANS"] as? Set<ManagedObject>)?.isEmpty == true)
        #expect(try reader.all("Team").map { $0.string("name") } == ["team"])
    }

    @Test("Rows carry entity numbers, versions that grow with every update, and keys never reused")
    func bookkeeping() throws {
        let stack = try TestStack(.sqlite)
        let context = stack.context
        let team = try context.make(
            "Team",
            ["name": "Polen", "founded": Date(timeIntervalSinceReferenceDate: 86_400.5), "budget": Decimal(string: "0.10")!])
        let coach = try context.make("Coach", ["name": "Smuda", "team": team])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9, "team": team])
        try context.save()
        #expect(
            try rows(stack, "SELECT Z_PK, Z_ENT, Z_OPT, ZTEAM, ZTEAM1 FROM ZHUMAN ORDER BY Z_PK") == [
                [.integer(1), .integer(1), .integer(1), .integer(1), .null],
                [.integer(2), .integer(5), .integer(1), .null, .integer(1)],
            ])
        #expect(try rows(stack, "SELECT ZFOUNDED, ZBUDGET FROM ZTEAM") == [[.real(86_400.5), .text("0.1")]])
        try team.setValue("Poland", forKey: "name")
        try context.save()
        try team.setValue("Polska", forKey: "name")
        try context.save()
        #expect(try rows(stack, "SELECT Z_OPT FROM ZTEAM") == [[.integer(3)]])

        context.delete(player)
        try context.save()
        try context.make("Player", ["name": "Szczęsny", "number": 1, "team": team])
        try context.save()
        #expect(try rows(stack, "SELECT Z_PK FROM ZHUMAN ORDER BY Z_PK") == [[.integer(1)], [.integer(3)]])
        #expect(try rows(stack, "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'Human'") == [[.integer(3)]])
        // Players joining and leaving change their own rows, not the team's.
        #expect(try rows(stack, "SELECT Z_OPT FROM ZTEAM") == [[.integer(3)]])
        _ = coach
    }

    @Test("A fetch's faults load from its rows; a to-many loads with one SELECT; a save is one transaction")
    func statements() throws {
        let stack = try TestStack(.sqlite)
        let team = try stack.context.make("Team", ["name": "Polen"])
        for number in 1...11 { try stack.context.make("Player", ["name": "P\(number)", "number": number, "team": team]) }
        let saving = try stack.trace { try stack.context.save() }
        #expect(saving.first == "BEGIN IMMEDIATE")
        #expect(saving.last == "COMMIT")
        #expect(saving.filter { $0.hasPrefix("BEGIN") || $0 == "COMMIT" }.count == 2)
        #expect(saving.filter { $0.hasPrefix("INSERT INTO ZHUMAN") }.count == 11)

        let context = stack.newContext()
        let fetched = try context.all("Team")
        #expect(fetched[0].isFault)
        let firing = stack.trace { _ = fetched[0]["name"] }
        #expect(firing.isEmpty, "a fetched fault loads from the row read with the fetch")
        #expect(!fetched[0].isFault && fetched[0]["name"] as? String == "Polen")
        let players = stack.trace { _ = (fetched[0]["players"] as? Set<ManagedObject>)?.count }
        #expect(players.count == 1 && players[0].contains("FROM ZHUMAN"))
        let members = stack.trace {
            for player in fetched[0]["players"] as? Set<ManagedObject> ?? [] { _ = player["name"] }
        }
        #expect(members.isEmpty, "a to-many's objects load from the rows read with it")

        var identifiersOnly = FetchRequest<ManagedObject>(entityName: "Player")
        identifiersOnly.includesPropertyValues = false
        let bare = try stack.newContext().fetch(identifiersOnly)
        #expect(bare.count == 11 && bare.allSatisfy(\.isFault))
        let batch = stack.trace { for player in bare { _ = player["name"] } }
        #expect(batch.count == 1 && batch[0].hasPrefix("SELECT"), "faults without data fetched together fire together")
        #expect(Set(bare.compactMap { $0["name"] as? String }).count == 11)
    }

    @Test("Predicates reach SQLite as bound parameters only")
    func boundParameters() throws {
        let stack = try TestStack(.sqlite)
        try stack.context.make("Team", ["name": "Robert'); DROP TABLE ZTEAM; --"])
        try stack.context.save()
        let context = stack.newContext()
        var found = 0
        let statements = try stack.trace {
            found = try context.all("Team", "name == %@ OR name BEGINSWITH[c] %@", "Robert'); DROP TABLE ZTEAM; --", "x").count
        }
        #expect(found == 1)
        #expect(statements.allSatisfy { !$0.contains("Robert") && !$0.contains("DROP") })
    }

    /// Teams with an indexed name and their players, as in the benchmarks of issue 4.
    private func leagueModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                "Team", attributes: [AttributeDescription("name", .string, isIndexed: true)],
                relationships: [RelationshipDescription("players", destination: "Player", inverse: "team", toMany: true)]),
            EntityDescription(
                "Player", attributes: [AttributeDescription("name", .string)],
                relationships: [RelationshipDescription("team", destination: "Team", inverse: "players")]),
        ])
    }

    @Test("A prefix test across a to-one is driven by the destination's name index")
    func prefixAcrossToOneUsesIndex() throws {
        let stack = try TestStack(.sqlite, model: leagueModel())
        let store = sqliteStore(stack)
        let player = stack.model.entity(named: "Player")!
        let request = StoreRequest(
            entity: player, includesSubentities: true,
            predicate: try ResolvedPredicate(FetchPredicate(format: "team.name BEGINSWITH %@", "T12"), for: player),
            orderings: [try ResolvedOrdering(FetchOrdering("name"), from: player)], limit: 0, offset: 0)
        let query = try SQLQuery(schema: store.schema, request: request, columns: "t0.Z_PK")
        let plan = try store.connection.prepare("EXPLAIN QUERY PLAN " + query.sql).rows(query.arguments)
        let details = plan.compactMap { row -> String? in
            if case .text(let detail) = row.last { return detail }
            return nil
        }
        #expect(details.contains { $0.contains("USING COVERING INDEX ZTEAM_ZNAME_INDEX (ZNAME>? AND ZNAME<?)") }, "\(details)")
        #expect(!details.contains { $0.hasPrefix("SCAN") && !$0.contains("TEMP B-TREE") }, "\(details)")
    }

    @Test("A prefix test as a range matches exactly the names that start with the prefix's bytes")
    func prefixRangeIsExact() throws {
        let stack = try TestStack(.sqlite, model: leagueModel())
        let names = [
            "T1", "T12", "T120", "T12\u{7F}", "T12\u{7F}x", "T13", "T12é", "T12ê", "T12\u{10FFFF}", "T12\u{10FFFF}z",
            "U", "é", "éa", "ê", "\u{FFFF}", "\u{10000}", "",
        ]
        for name in names {
            let team = try stack.context.make("Team", ["name": name])
            try stack.context.make("Player", ["name": "of \(name)", "team": team])
        }
        try stack.context.make("Player", ["name": "without a team"])
        try stack.context.save()
        for prefix in ["T12", "T12\u{7F}", "T12é", "T12\u{10FFFF}", "é", "\u{FFFF}", "T"] {
            let expected = Set(names.filter { $0.utf8.starts(with: prefix.utf8) })
            let teams = try stack.newContext().all("Team", "name BEGINSWITH %@", prefix)
            #expect(Set(teams.compactMap { $0.string("name") }) == expected, "teams beginning with \(prefix.debugDescription)")
            let players = try stack.newContext().all("Player", "team.name BEGINSWITH %@", prefix)
            #expect(
                Set(players.compactMap { $0.string("name") }) == Set(expected.map { "of \($0)" }),
                "players of \(prefix.debugDescription)")
        }
        #expect(SQLQuery.prefixUpperBound("T12") == "T13")
        #expect(SQLQuery.prefixUpperBound("T12\u{7F}") == nil, "0x80 alone is not UTF-8")
        #expect(SQLQuery.prefixUpperBound("") == nil)
    }

    @Test("Store metadata is Core Data's property list, and plists written as dictionaries still read")
    func metadataPropertyList() throws {
        let stack = try TestStack(.sqlite)
        let written = try #require(try rows(stack, "SELECT Z_PLIST FROM Z_METADATA").first?.first)
        guard case .blob(let bytes) = written else {
            Issue.record("Z_PLIST is \(written)")
            return
        }
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any])
        #expect(plist["NSStoreType"] as? String == "SQLite")
        #expect(plist["NSStoreModelVersionHashesVersion"] as? Int == 3)
        #expect(plist["NSStoreModelVersionIdentifiers"] as? [String] == [""])
        #expect(plist["NSPersistenceFrameworkVersion"] as? Int == 1)
        let hashes = try #require(plist["NSStoreModelVersionHashes"] as? [String: Data])
        #expect(hashes == stack.model.entityVersionHashes.mapValues { Data($0) })

        // The format of earlier versions, written with PropertyListSerialization.
        let earlier: [String: Any] = [
            "NSStoreType": "SQLite", "NSStoreUUID": "AB", "NSStoreModelVersionHashes": hashes,
            "NSStoreModelVersionHashesVersion": 3, "NSStoreModelVersionIdentifiers": [""],
            "NSPersistenceFrameworkVersion": 1, "ObjectGraphStoreFormat": 1,
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: earlier, format: .binary, options: 0)
        let metadata = try StoreMetadata(propertyList: data)
        #expect(metadata.entityVersionHashes == hashes)
        #expect(metadata.storeUUID == "AB")
    }

    @Test("A store created with another model is refused, unchanged")
    func incompatibleModel() throws {
        let stack = try TestStack(.sqlite)
        try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        let url = stack.storeURL!
        let before = try Data(contentsOf: url)
        let other = try ManagedObjectModel(entities: [
            EntityDescription("Team", attributes: [AttributeDescription("name", .string)])
        ])
        let error = try #require(throws: StoreError.self) {
            try PersistentStoreCoordinator(model: other).addPersistentStore(.sqlite(url))
        }
        guard case .incompatibleModel(_, let entities) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(entities.contains("Team") && entities.contains("Player"))
        #expect(try Data(contentsOf: url) == before)
    }

    @Test("A read-only open reads the changes in the -wal, refuses to save, and leaves the file and its log as they were")
    func readOnlyWithLog() throws {
        let stack = try TestStack(.sqlite)
        try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        let url = stack.storeURL!
        do {
            // Another process's change, still in the log.
            let writer = try SQLiteConnection(path: url.path)
            writer.setCheckpointsOnClose(false)
            try writer.execute("UPDATE ZTEAM SET ZNAME = 'Polska', Z_OPT = Z_OPT + 1")
        }
        let files = { () throws -> [Data] in [try Data(contentsOf: url), try Data(contentsOf: URL(filePath: url.path + "-wal"))] }
        let before = try files()
        #expect(before[1].count > 0)
        do {
            let coordinator = PersistentStoreCoordinator(model: stack.model)
            try coordinator.addPersistentStore(.sqlite(url), options: StoreOptions(isReadOnly: true))
            let context = ManagedObjectContext(coordinator: coordinator)
            let team = try #require(try context.fetch(FetchRequest<ManagedObject>(entityName: "Team")).first)
            #expect(try team.value(forKey: "name") as? String == "Polska")
            try team.setValue("Polen", forKey: "name")
            let error = try #require(throws: StoreError.self) { try context.save() }
            #expect(error.description == "cannot save: \(url.path) is open to read only")
        }
        #expect(try files() == before)
    }

    @Test("A file that is not a store of ours is refused, unchanged", arguments: ["garbage", "foreign database"])
    func notOurs(kind: String) throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "og-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appending(path: "file.sqlite")
        if kind == "garbage" {
            try Data("this is not a database, just some text long enough to fill a header".utf8).write(to: url)
        } else {
            let connection = try SQLiteConnection(path: url.path)
            try connection.execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
        }
        let before = try Data(contentsOf: url)
        let error = try #require(throws: StoreError.self) {
            try PersistentStoreCoordinator(model: try TestStack.tournamentModel()).addPersistentStore(.sqlite(url))
        }
        guard case .notAStore = error else {
            Issue.record("\(error)")
            return
        }
        #expect(error.description.contains(url.path))
        #expect(try Data(contentsOf: url) == before)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
    }

    @Test("A folder is refused as no store in one sentence saying it is a folder, added or read for its metadata")
    func folder() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "og-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let added = try #require(throws: StoreError.self) {
            try PersistentStoreCoordinator(model: try TestStack.tournamentModel()).addPersistentStore(.sqlite(directory))
        }
        #expect(added.description == "\(directory.path) is not an ObjectGraph store: it is a folder")
        let read = try #require(throws: StoreError.self) {
            try PersistentStoreCoordinator.metadataForPersistentStore(at: directory)
        }
        #expect(read.description == added.description)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("Entity numbers are read back from Z_PRIMARYKEY, never recomputed")
    func entityNumbersReadBack() throws {
        let stack = try TestStack(.sqlite)
        try stack.context.make("Coach", ["name": "Smuda"])
        try stack.context.make("Player", ["name": "Lewandowski", "number": 9])
        try stack.context.save()
        // Renumber Coach 1 -> 41 and Player 5 -> 45 behind our back, as another writer might.
        let writer = try SQLiteConnection(path: stack.storeURL!.path)
        try writer.execute(
            """
            UPDATE Z_PRIMARYKEY SET Z_ENT = Z_ENT + 40 WHERE Z_ENT IN (1, 5);
            UPDATE Z_PRIMARYKEY SET Z_SUPER = 3 WHERE Z_ENT IN (41, 45);
            UPDATE ZHUMAN SET Z_ENT = Z_ENT + 40;
            """)
        let coordinator = PersistentStoreCoordinator(model: stack.model)
        try coordinator.addPersistentStore(.sqlite(stack.storeURL!))
        let context = ManagedObjectContext(coordinator: coordinator)
        #expect(try context.all("Coach").map { $0.string("name") } == ["Smuda"])
        #expect(try context.all("Player").map { $0.string("name") } == ["Lewandowski"])
        try context.make("Coach", ["name": "Advocaat"])
        try context.save()
        #expect(try rows(stack, "SELECT Z_ENT FROM ZHUMAN WHERE ZNAME = 'Advocaat'") == [[.integer(41)]])
    }

    @Test("Objects keep one instance each whether their primary keys are small or beyond the key table's range")
    func largePrimaryKeys() throws {
        let stack = try TestStack(.sqlite)
        let first = try stack.context.make("Team", ["name": "Team 0"])
        try stack.context.save()
        // Another writer has used keys up to just below 2²²: the next ones straddle it.
        let writer = try SQLiteConnection(path: stack.storeURL!.path)
        try writer.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = 4194300 WHERE Z_NAME = 'Team'")
        var teams = [first]
        for index in 1...80 {
            let team = try stack.context.make("Team", ["name": "Team \(index)"])
            try stack.context.make("Player", ["name": "Player \(index)", "number": 10, "team": team])
            teams.append(team)
        }
        try stack.context.save()
        let keys = teams.map { $0.objectID.primaryKey! }
        #expect(keys.first == 1 && keys.dropFirst() == ArraySlice(4_194_301...4_194_380))
        for team in teams { #expect(stack.context.object(with: team.objectID) === team) }

        let context = stack.newContext()
        let fetched = try context.all("Team", sort: ["name"])
        #expect(fetched.count == 81)
        for team in fetched {
            #expect(context.object(with: team.objectID) === team)
            let players = try #require(team.value(forKey: "players") as? Set<ManagedObject>)
            for player in players { #expect(try player.value(forKey: "team") as? ManagedObject === team) }
        }
        #expect(zip(try context.all("Team", sort: ["name"]), fetched).allSatisfy { $0 === $1 })
        let last = try #require(fetched.first { $0.objectID.primaryKey == 4_194_380 })
        try last.setValue("Renamed", forKey: "name")
        try context.save()
        #expect(try rows(stack, "SELECT ZNAME FROM ZTEAM WHERE Z_PK = 4194380") == [[.text("Renamed")]])
    }

    @Test("Two coordinators on one file: keys do not clash, and stale writes are refused as conflicts")
    func twoWriters() throws {
        let stack = try TestStack(.sqlite)
        let team = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        let second = PersistentStoreCoordinator(model: stack.model)
        try second.addPersistentStore(.sqlite(stack.storeURL!))
        let other = ManagedObjectContext(coordinator: second)
        try other.make("Team", ["name": "Russland"])
        try stack.context.make("Team", ["name": "Griechenland"])
        try other.save()
        try stack.context.save()
        #expect(try rows(stack, "SELECT Z_PK FROM ZTEAM ORDER BY Z_PK") == [[.integer(1)], [.integer(2)], [.integer(3)]])

        let stale = try other.existingObject(with: team.objectID)
        try team.setValue("Poland", forKey: "name")
        try stack.context.save()
        try stale.setValue("Polska", forKey: "name")
        try other.make("Team", ["name": "Irland"])
        let error = try #require(throws: StoreError.self) { try other.save() }
        guard case .conflict(let id) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(id == team.objectID)
        #expect(try rows(stack, "SELECT ZNAME FROM ZTEAM WHERE Z_PK = 1") == [[.text("Poland")]])
        #expect(try rows(stack, "SELECT COUNT(*) FROM ZTEAM WHERE ZNAME = 'Irland'") == [[.integer(0)]], "all or nothing")
        #expect(other.hasChanges, "the failed save keeps its changes")
    }

    @Test("Deleting several rows, one of which another writer changed, fails the save as a conflict on that row")
    func deleteConflict() throws {
        let stack = try TestStack(.sqlite)
        let teams = try (1...6).map { try stack.context.make("Team", ["name": "Team \($0)"]) }
        try stack.context.save()
        let second = PersistentStoreCoordinator(model: stack.model)
        try second.addPersistentStore(.sqlite(stack.storeURL!))
        let other = ManagedObjectContext(coordinator: second)
        let stale = try teams.map { try other.existingObject(with: $0.objectID) }
        for team in stale { _ = team["name"] }
        try teams[4].setValue("Renamed", forKey: "name")
        try stack.context.save()

        for team in stale { other.delete(team) }
        let error = try #require(throws: StoreError.self) { try other.save() }
        guard case .conflict(let id) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(id == teams[4].objectID)
        #expect(try rows(stack, "SELECT COUNT(*) FROM ZTEAM") == [[.integer(6)]], "all or nothing")

        let fresh = stack.newContext()
        for team in try fresh.all("Team") { fresh.delete(team) }
        try fresh.save()
        #expect(try rows(stack, "SELECT COUNT(*) FROM ZTEAM") == [[.integer(0)]])
    }
}
