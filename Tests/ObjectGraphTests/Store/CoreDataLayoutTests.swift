import Foundation
import ObjectGraph
import ObjectGraphSQLite
import TestSupport
import Testing

/// A store in Core Data's layout, made by hand where the real fixtures lack a case.
///
/// It has entity numbers that are not in name order, a sub-entity sharing its root's table, a
/// to-one to an entity with sub-entities (`Z2_AUTHOR`), a many-to-many whose join table is
/// named after the other side than ObjectGraph would pick (`Z_2GROUPS`), no `Z_MODELCACHE`,
/// metadata with Core Data's hashes only. It is read and written under its own names.
@Suite("Core Data's store layout")
struct CoreDataLayoutTests {
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522">
            <entity name="Group" representedClassName="Group" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="members" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="User" inverseName="groups" inverseEntity="User"/>
            </entity>
            <entity name="User" representedClassName="User" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="groups" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Group" inverseName="members" inverseEntity="Group"/>
                <relationship name="posts" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Post" inverseName="author" inverseEntity="Post"/>
            </entity>
            <entity name="Admin" representedClassName="Admin" parentEntity="User" syncable="YES">
                <attribute name="level" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
            <entity name="Post" representedClassName="Post" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="posts" inverseEntity="User"/>
            </entity>
        </model>
        """

    /// The tables, as Core Data would lay them out for that model with these entity numbers:
    /// Group 1, User 2, Admin 3 (a User), Post 4.
    static let schema = [
        "CREATE TABLE ZGROUP ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR )",
        "CREATE TABLE ZUSER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLEVEL INTEGER, ZNAME VARCHAR )",
        "CREATE TABLE ZPOST ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHOR INTEGER, Z2_AUTHOR INTEGER, ZTITLE VARCHAR )",
        "CREATE TABLE Z_2GROUPS ( Z_2MEMBERS INTEGER, Z_1GROUPS INTEGER, PRIMARY KEY (Z_2MEMBERS, Z_1GROUPS) )",
        "CREATE INDEX Z_2GROUPS_Z_1GROUPS_INDEX ON Z_2GROUPS (Z_1GROUPS, Z_2MEMBERS)",
        "CREATE INDEX ZPOST_ZAUTHOR_INDEX ON ZPOST (ZAUTHOR)",
        "CREATE INDEX ZUSER_Z_ENT_INDEX ON ZUSER (Z_ENT)",
        "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
        "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
        "INSERT INTO Z_PRIMARYKEY VALUES (1, 'Group', 0, 2), (2, 'User', 0, 2), (3, 'Admin', 2, 0), (4, 'Post', 0, 2)",
        "INSERT INTO ZGROUP VALUES (1, 1, 1, 'Editors'), (2, 1, 1, 'Readers')",
        "INSERT INTO ZUSER VALUES (1, 2, 1, NULL, 'Ann'), (2, 3, 1, 3, 'Bob')",
        "INSERT INTO ZPOST VALUES (1, 4, 1, 2, 3, 'Hello'), (2, 4, 1, 1, 2, 'Notes')",
        "INSERT INTO Z_2GROUPS VALUES (1, 1), (2, 1), (2, 2)",
    ]

    /// Makes the store at `url`, its metadata a binary property list as Core Data writes it.
    static func makeStore(at url: URL) throws {
        let connection = try SQLiteConnection(path: url.path)
        for statement in schema { try connection.execute(statement) }
        let hashes = Dictionary(
            uniqueKeysWithValues: ["Group", "User", "Admin", "Post"].map { ($0, Data(repeating: 7, count: 32)) })
        let uuid = "9B6C3C1E-8F0A-4D52-B1E4-2E4F7A3C5D10"
        let metadata: [String: Any] = [
            "NSStoreModelVersionHashes": hashes, "NSStoreModelVersionHashesVersion": 3,
            "NSStoreModelVersionIdentifiers": [""], "NSStoreType": "SQLite", "NSStoreUUID": uuid,
            "NSPersistenceFrameworkVersion": 1338, "_NSAutoVacuumLevel": "2",
        ]
        let plist = try PropertyListSerialization.data(fromPropertyList: metadata, format: .binary, options: 0)
        try connection.execute("INSERT INTO Z_METADATA VALUES (1, ?, ?)", [.text(uuid), .blob([UInt8](plist))])
    }

    static func names(_ objects: Any?, _ key: String = "name") throws -> [String] {
        try (objects as? Set<ManagedObject> ?? []).compactMap { try $0.value(forKey: key) as? String }.sorted()
    }

    @Test("Reads and writes under the store's own names and entity numbers")
    func readsAndWrites() throws {
        try TemporaryDirectory.with(prefix: "og-layout") { directory in
            let url = directory.appending(path: "Social.sqlite")
            try Self.makeStore(at: url)
            let model = try ManagedObjectModel(xml: Data(Self.model.utf8))
            let raw = try SQLiteConnection(path: url.path, readOnly: true)
            let tablesBefore = try raw.prepare("SELECT name, sql FROM sqlite_master ORDER BY name").rows()
            do {
                let coordinator = PersistentStoreCoordinator(model: model)
                try coordinator.addPersistentStore(.sqlite(url))
                let context = ManagedObjectContext(coordinator: coordinator)
                let groups = try context.fetch(
                    FetchRequest<ManagedObject>(entityName: "Group", sortOrderings: [FetchOrdering("title")]))
                #expect(try groups.map { try $0.value(forKey: "title") as? String } == ["Editors", "Readers"])
                #expect(try Self.names(groups[0].value(forKey: "members")) == ["Ann", "Bob"])
                #expect(try Self.names(groups[1].value(forKey: "members")) == ["Bob"])
                let posts = try context.fetch(
                    FetchRequest<ManagedObject>(entityName: "Post", sortOrderings: [FetchOrdering("title")]))
                let bob = try #require(try posts[0].value(forKey: "author") as? ManagedObject)
                #expect(bob.entity.name == "Admin")
                #expect(try bob.value(forKey: "level") as? Int64 == 3)
                #expect(try Self.names(bob.value(forKey: "groups"), "title") == ["Editors", "Readers"])
                #expect(try context.count(for: FetchRequest<ManagedObject>(entityName: "User")) == 2)
                #expect(try context.count(for: FetchRequest<ManagedObject>(entityName: "Admin")) == 1)
                let annInGroups = FetchRequest<ManagedObject>(
                    entityName: "Group", predicate: try FetchPredicate(format: "ANY members.name == 'Ann'"))
                #expect(try context.count(for: annInGroups) == 1)

                let ann = try #require(try posts[1].value(forKey: "author") as? ManagedObject)
                groups[1].addRelatedObject(ann, forKey: "members")
                let welcome = ManagedObject(entity: model.entity(named: "Post")!, insertInto: context)
                try welcome.setValue("Welcome", forKey: "title")
                try welcome.setValue(bob, forKey: "author")
                try context.save()
                #expect(try context.count(for: annInGroups) == 2)
            }
            #expect(try raw.prepare("SELECT name, sql FROM sqlite_master ORDER BY name").rows() == tablesBefore)
            #expect(
                try raw.prepare("SELECT Z_2MEMBERS, Z_1GROUPS FROM Z_2GROUPS ORDER BY 1, 2").rows() == [
                    [.integer(1), .integer(1)], [.integer(1), .integer(2)], [.integer(2), .integer(1)],
                    [.integer(2), .integer(2)],
                ])
            #expect(
                try raw.prepare("SELECT Z_PK, Z_ENT, ZAUTHOR, Z2_AUTHOR FROM ZPOST WHERE ZTITLE = 'Welcome'").rows() == [
                    [.integer(3), .integer(4), .integer(2), .integer(3)]
                ])
            #expect(try raw.prepare("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 4").rows() == [[.integer(3)]])
        }
    }

    @Test("A join table the store lacks is named in the refusal")
    func missingJoinTable() throws {
        try TemporaryDirectory.with(prefix: "og-layout") { directory in
            let url = directory.appending(path: "Social.sqlite")
            try Self.makeStore(at: url)
            try SQLiteConnection(path: url.path).execute("ALTER TABLE Z_2GROUPS RENAME COLUMN Z_1GROUPS TO Z_1TEAMS")
            let coordinator = PersistentStoreCoordinator(model: try ManagedObjectModel(xml: Data(Self.model.utf8)))
            #expect {
                try coordinator.addPersistentStore(.sqlite(url))
            } throws: { error in
                guard case .mismatchedSchema(_, let differences) = error as? StoreError else { return false }
                return differences == [
                    "Group.members: the store has no join table Z_1MEMBERS (nor another with columns Z_<n>GROUPS and Z_<n>MEMBERS)"
                ]
            }
        }
    }
}
