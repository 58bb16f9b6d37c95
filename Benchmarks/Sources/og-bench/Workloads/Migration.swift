import CSQLite3
import Foundation
import ObjectGraph

/// Workload 10: migrate the seeded store from the benchmark model to its second version.
///
/// The second version adds `Player.rating` (Integer 16, required, default 1500) and renames
/// `Player.position` to `role` (renaming identifier `position`). ObjectGraph infers the
/// migration when it opens the store with the second version; raw C does by hand what a careful
/// person would: a backup copy with SQLite's online backup API, then in one transaction
/// `ALTER TABLE … ADD COLUMN … DEFAULT`, `ALTER TABLE … RENAME COLUMN`, and the new metadata
/// (prepared untimed), then the copy removed. GRDB has no side: its migrations are the same SQL
/// written by hand.
enum Migration {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "10", title: "migrate: add attribute with default, rename one", kind: .time(ratio: 1.5), writes: true,
            sides: [.rawC, .objectGraph], digest: digest, onFile: [.objectGraph: objectGraph], rawC: rawC(scenario))
    }

    /// The benchmark model as Xcode would write it (its version hashes are those of the model
    /// `ObjectGraphSide` builds in code), and its second version.
    static let firstVersion = model(
        player: """
            <attribute name="position" optional="YES" attributeType="String"/>
            """)
    static let secondVersion = model(
        player: """
            <attribute name="role" optional="YES" attributeType="String" elementID="position"/>
            <attribute name="rating" attributeType="Integer 16" defaultValueString="1500"/>
            """)

    private static func model(player attributes: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Player" representedClassName="Player">
                    <attribute name="name" optional="YES" attributeType="String"/>
                    <attribute name="number" optional="YES" attributeType="Integer 16" indexed="YES"/>
                    \(attributes)
                    <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
                </entity>
                <entity name="Team" representedClassName="Team">
                    <attribute name="name" optional="YES" attributeType="String" indexed="YES"/>
                    <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
                </entity>
            </model>
            """.utf8)
    }

    /// Both versions, the second current.
    static let versionedModel: ManagedObjectModel = {
        do {
            let model = try ManagedObjectModel(
                versions: [ModelVersion(name: "Bench", xml: firstVersion), ModelVersion(name: "Bench 2", xml: secondVersion)],
                current: "Bench 2")
            guard try model.versions()[0].entityVersionHashes == ObjectGraphSide.model.entityVersionHashes else {
                fatalError("the benchmark model's XML is not the model built in code")
            }
            return model
        } catch {
            fatalError("the benchmark's model versions are invalid: \(error)")
        }
    }()

    static func objectGraph(_ path: String) throws -> Body {
        let model = versionedModel
        _ = try model.versions()  // both versions built once, untimed
        return { _ in
            let coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(.sqlite(URL(filePath: path)))
            var checksum = Checksum()
            checksum.add(1)
            return checksum
        }
    }

    static func rawC(_ scenario: Scenario) -> (RawDatabase) throws -> Body {
        { db in
            // The metadata ObjectGraph writes for the second version, taken from a store it
            // creates (untimed): raw C would compute the same hashes ahead of time.
            let metadata = try secondVersionMetadata(beside: db)
            let backupPath = db.path + ".migration-backup"
            return { _ in
                try db.backup(to: backupPath)
                try db.execute("BEGIN IMMEDIATE")
                try db.execute("ALTER TABLE ZPLAYER ADD COLUMN ZRATING INTEGER DEFAULT 1500")
                try db.execute("ALTER TABLE ZPLAYER RENAME COLUMN ZPOSITION TO ZROLE")
                let update = try db.prepare("UPDATE Z_METADATA SET Z_PLIST = ?")
                defer { sqlite3_finalize(update) }
                _ = metadata.withUnsafeBytes { sqlite3_bind_blob(update, 1, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
                try db.run(update)
                try db.execute("COMMIT")
                try FileManager.default.removeItem(atPath: backupPath)
                var checksum = Checksum()
                checksum.add(1)
                return checksum
            }
        }
    }

    /// The `Z_PLIST` of this store at the second version: ObjectGraph migrates a copy (untimed).
    private static func secondVersionMetadata(beside db: RawDatabase) throws -> Data {
        let path = db.path + ".second-version.sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try db.backup(to: path)
        try PersistentStoreCoordinator(model: versionedModel).addPersistentStore(.sqlite(URL(filePath: path)))
        return try RawDatabase(path: path).blob("SELECT Z_PLIST FROM Z_METADATA")
    }

    /// Counts, totals and names of the migrated table, and whether the store is now of the
    /// second version, as ObjectGraph reads its metadata.
    static func digest(_ path: String) throws -> UInt64 {
        let db = try RawDatabase(path: path)
        let values = try db.integers(
            """
            SELECT (SELECT COUNT(*) FROM ZPLAYER), (SELECT TOTAL(ZRATING) FROM ZPLAYER),
                   (SELECT TOTAL(length(ZROLE)) FROM ZPLAYER), (SELECT TOTAL(ZNUMBER) FROM ZPLAYER),
                   (SELECT COUNT(*) FROM pragma_table_info('ZPLAYER')), (SELECT COUNT(*) FROM ZTEAM)
            """)
        let metadata = try PersistentStoreCoordinator.metadataForPersistentStore(at: URL(filePath: path))
        let current: Int64 = versionedModel.isCompatible(with: metadata) ? 1 : 0
        return (values + [current]).reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64(bitPattern: $1)) &* 1_099_511_628_211 }
    }
}
