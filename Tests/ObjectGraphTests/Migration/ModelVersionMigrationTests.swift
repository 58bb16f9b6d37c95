import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: model versions, store metadata and the migration's bookkeeping")
struct ModelVersionMigrationTests {
    typealias Chain = VersionChainMigrationTests

    @Test("A store's metadata names the version that wrote it, among three", arguments: StoreKind.sqlStores)
    func versionMatching(kind: StoreKind) throws {
        let model = try Chain.model()
        let versions = try model.versions()
        #expect(versions.map(\.versionName) == ["Model", "Model 2", "Model 3"])
        #expect(versions.last === model)
        for (index, (xml, identifier)) in [(Chain.v1, "1.0"), (Chain.v2, "2.0"), (Chain.v3, "3.0")].enumerated() {
            let store = try MigrationStore(kind)
            try store.create(xml) { try $0.insert("Team", ["name": "Deutschland"]) }
            let metadata = try store.metadata()
            #expect(metadata.versionIdentifiers == [identifier])
            #expect(metadata.storeUUID != nil)
            let matching = try #require(try model.version(matching: metadata))
            #expect(matching === versions[index])
            #expect(matching.versionName == versions[index].versionName)
            #expect(model.isCompatible(with: metadata) == (index == 2))
        }
    }

    @Test(
        "The metadata of a migrated store records the new version's hashes and identifiers, and keeps its UUID",
        arguments: StoreKind.sqlStores)
    func metadataAfterMigration(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Chain.v1, Chain.fill)
        let before = try store.metadata()
        #expect(before.versionIdentifiers == ["1.0"])
        let model = try ManagedObjectModel.versioned([("Model", Chain.v1), ("Model 2", Chain.v2)])

        try withExtendedLifetime(try store.open(model)) { context in
            // Read while the migrating coordinator is still open: the new metadata may be in the log only.
            let during = try store.metadata()
            #expect(during.versionIdentifiers == ["2.0"])
            #expect(during.entityVersionHashes == model.entityVersionHashes.mapValues { Data($0) })
            #expect(during.storeUUID == before.storeUUID)
            #expect(try model.version(matching: during) === model)
            #expect(try context.one("Team", named: "Deutschland").value(forKey: "alias") as? String == "Die Mannschaft")
        }
        let after = try store.metadata()
        #expect(after.versionIdentifiers == ["2.0"])
        #expect(after.storeUUID == before.storeUUID)
        #expect(try store.texts("SELECT Z_UUID FROM Z_METADATA") == [before.storeUUID])
        #expect(try model.version(matching: before)?.versionName == "Model")
    }

    /// Where a version hash modifier goes.
    enum ModifiedElement: String, CaseIterable, Sendable {
        case entity, attribute, relationship

        var change: (String, String) {
            switch self {
            case .entity:
                return (
                    #"<entity name="Team" representedClassName="Team""#,
                    #"<entity name="Team" representedClassName="Team" versionHashModifier="2""#
                )
            case .attribute:
                return (
                    #"<attribute name="nickname" optional="YES""#,
                    #"<attribute name="nickname" optional="YES" versionHashModifier="2""#
                )
            case .relationship:
                return (
                    #"<relationship name="players" optional="YES""#,
                    #"<relationship name="players" optional="YES" versionHashModifier="2""#
                )
            }
        }
    }

    /// The first version's entities, as `VersionChainMigrationTests` has them.
    static let v1Entities = """
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="nickname" optional="YES" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        """

    @Test("A version hash modifier alone changes its entity's hash and migrates the store", arguments: ModifiedElement.allCases)
    func versionHashModifier(_ element: ModifiedElement) throws {
        let v1 = ModelXML.model(Self.v1Entities, identifier: "1.0")
        #expect(try ManagedObjectModel(xml: v1).entityVersionHashes == ManagedObjectModel(xml: Chain.v1).entityVersionHashes)
        let v2 = ModelXML.model(try ModelXML.edit(Self.v1Entities, [element.change]), identifier: "1.0")
        let hashes = (try ManagedObjectModel(xml: v1).entityVersionHashes, try ManagedObjectModel(xml: v2).entityVersionHashes)
        #expect(hashes.0["Team"] != hashes.1["Team"])
        #expect(hashes.0["Player"] == hashes.1["Player"])

        let store = try MigrationStore()
        try store.create(v1, Chain.fill)
        let before = try store.metadata()
        let model = try ManagedObjectModel.versioned([("Model", v1), ("Model 2", v2)])
        #expect(try model.version(matching: before)?.versionName == "Model")

        let context = try store.open(model)
        let after = try store.metadata()
        #expect(after != before)
        #expect(after.entityVersionHashes == hashes.1.mapValues { Data($0) })
        #expect(model.isCompatible(with: after))
        #expect(!store.hasBackup)
        #expect(try context.one("Team", named: "Deutschland").value(forKey: "nickname") as? String == "Die Mannschaft")
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Kroos", "Musiala"])
    }

    @Test("A relationship made required or optional changes its entity's version hash, as an attribute does")
    func relationshipOptionalityInVersionHash() throws {
        let required = ModelXML.model(
            try ModelXML.edit(Self.v1Entities, [(#"<relationship name="team" optional="YES""#, #"<relationship name="team""#)]))
        let attributeRequired = ModelXML.model(
            try ModelXML.edit(Self.v1Entities, [(#"<attribute name="nickname" optional="YES""#, #"<attribute name="nickname""#)]))
        let hashes = try ManagedObjectModel(xml: ModelXML.model(Self.v1Entities)).entityVersionHashes
        #expect(try ManagedObjectModel(xml: attributeRequired).entityVersionHashes["Team"] != hashes["Team"])
        let relationshipRequired = try ManagedObjectModel(xml: required).entityVersionHashes
        withKnownIssue("A relationship's optionality is not part of ManagedObjectModel.entityVersionHashes") {
            #expect(relationshipRequired["Player"] != hashes["Player"])
        }
    }

    /// Writes a `.xcdatamodeld` bundle of `versions` (name and XML) whose current version is
    /// `current`, into `directory`.
    static func writeBundle(_ versions: [(name: String, xml: Data)], current: String, in directory: URL) throws -> URL {
        let bundle = directory.appending(path: "Model.xcdatamodeld")
        for (name, xml) in versions {
            let version = bundle.appending(path: "\(name).xcdatamodel")
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            try xml.write(to: version.appending(path: "contents"))
        }
        let marker = try PropertyListSerialization.data(
            fromPropertyList: ["_XCCurrentVersionName": "\(current).xcdatamodel"], format: .xml, options: 0)
        try marker.write(to: bundle.appending(path: ".xccurrentversion"))
        return bundle
    }

    @Test(
        "A .xcdatamodeld of three versions loads the current one, with every version oldest first",
        arguments: [["Model", "Model 2", "Model 3"], ["Model 8", "Model 9", "Model 10"]])
    func bundleOfThreeVersions(names: [String]) throws {
        let scratch = try MigrationStore()
        let bundle = try Self.writeBundle(
            Array(zip(names, [Chain.v1, Chain.v2, Chain.v3])), current: names[2], in: scratch.directory)

        let model = try ManagedObjectModel(contentsOf: bundle)
        #expect(model.versionName == names[2])
        #expect(model.versionIdentifiers == ["3.0"])
        #expect(model.entity(named: "Footballer")?.attributesByName["fullName"] != nil)
        let versions = try model.versions()
        #expect(versions.map(\.versionName) == names)
        #expect(versions.map(\.versionIdentifiers) == [["1.0"], ["2.0"], ["3.0"]])
        #expect(versions.last === model)
    }

    @Test("A store of the first version opened with a .xcdatamodeld of three migrates, renames adding up")
    func bundleMigratesAlongItsVersions() throws {
        let store = try MigrationStore()
        try store.create(Chain.v1, Chain.fill)
        let bundle = try Self.writeBundle(
            [("Model", Chain.v1), ("Model 2", Chain.v2), ("Model 3", Chain.v3)], current: "Model 3", in: store.directory)

        try Chain.expectFilled(try store.open(try ManagedObjectModel(contentsOf: bundle)))
    }

    @Test("A migrated store opens again without migrating, and takes inserts, updates and deletes")
    func secondOpening() throws {
        let store = try MigrationStore()
        try store.create(Chain.v1, Chain.fill)
        let model = try Chain.model()

        do {
            let context = try store.open(model)
            try Chain.expectFilled(context)
        }
        #expect(!store.hasBackup)
        let metadata = try store.metadata()
        let schemaVersion = try store.texts("PRAGMA schema_version")

        let context = try store.open(model)
        #expect(try store.metadata() == metadata)
        #expect(try store.texts("PRAGMA schema_version") == schemaVersion)
        try Chain.expectFilled(context)
        let georgia = try context.one("Team", named: "Georgien")
        try context.insert("Footballer", ["fullName": "Mikautadze", "team": georgia])
        try georgia.setValue("Kreuzritter", forKey: "moniker")
        try context.one("Team", named: "Deutschland").setValue("Deutschland 2024", forKey: "name")
        let kroos = try #require(
            try context.all("Footballer", by: "fullName").first { try $0.value(forKey: "fullName") as? String == "Kroos" })
        context.delete(kroos)
        try context.save()

        let again = try store.open(model)
        #expect(try again.names("Team") == ["Deutschland 2024", "Georgien", "Österreich"])
        #expect(try again.one("Team", named: "Georgien").value(forKey: "moniker") as? String == "Kreuzritter")
        let players = try again.all("Footballer", by: "fullName").map { try $0.value(forKey: "fullName") as? String }
        #expect(players == ["Alaba", "Mikautadze", "Musiala"])
        let squad = try #require(try again.one("Team", named: "Deutschland 2024").value(forKey: "players") as? Set<ManagedObject>)
        #expect(try squad.map { try $0.value(forKey: "fullName") as? String } == ["Musiala"])
        #expect(try store.metadata() == metadata)
        #expect(!store.hasBackup)
    }

    /// What a migration that was interrupted may have left at the backup's path.
    enum LeftoverBackup: String, CaseIterable, Sendable {
        /// A complete copy of another, larger store (killed after the copy, before its removal).
        case olderCopy
        /// Bytes that are no database.
        case garbage
    }

    @Test("A file left at the backup's path does not stop a migration, and is gone after it", arguments: LeftoverBackup.allCases)
    func leftoverBackup(_ leftover: LeftoverBackup) throws {
        let store = try MigrationStore()
        try store.create(Chain.v1, Chain.fill)
        let backup = URL(filePath: store.path + ".migration-backup")
        switch leftover {
        case .olderCopy:
            let other = try MigrationStore()
            try other.create(Chain.v1) { context in
                for number in 0..<2_000 {
                    try context.insert("Team", ["name": "Team \(number)", "nickname": String(repeating: "x", count: 200)])
                }
            }
            try FileManager.default.copyItem(at: other.url, to: backup)
        case .garbage:
            try Data(String(repeating: "not a database. ", count: 512).utf8).write(to: backup)
        }

        try Chain.expectFilled(try store.open(try Chain.model()))
        #expect(!store.hasBackup)
    }
}
