import Foundation
import ObjectGraph
import Testing

/// Stores written by an earlier em, opened by this one: migrated to the current model version
/// on first use, with everything in them.
@Suite("Stores of earlier versions")
struct MigrationTests {
    /// The repository's root directory.
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// A store written by em before its model's second version: EURO 2012 seeded, the six
    /// Group A results, a quarter-final result, a player, a coach and a team added.
    static let fixture = Bundle.module.resourceURL!.appending(path: "Fixtures/StoreV1")
    /// Every version of em's model, from the repository.
    static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(contentsOf: root.appending(path: "Resources/EM.xcdatamodeld"))
    }

    /// The fixture's listings, as the em that wrote it printed them.
    static func listing(_ kind: String) throws -> String {
        try String(contentsOf: fixture.appending(path: "\(kind).csv"), encoding: .utf8)
    }

    @Test("A store written by today's em opens, migrates, and lists everything as before")
    func storeOfFirstVersion() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(at: Self.fixture.appending(path: "em.sqlite"), to: workspace.store)
        let model = try Self.model()
        let versions = try model.versions()
        #expect(versions.map(\.versionName) == ["EM", "EM 2"])
        let before = try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store)
        #expect(try model.version(matching: before)?.versionName == "EM")

        for kind in ["teams", "groups", "players", "coaches", "matches"] {
            let listed = try workspace.succeed("list", kind, "--format", "csv")
            #expect(listed == (try Self.listing(kind)), "em list \(kind)")
        }
        let after = try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store)
        #expect(model.isCompatible(with: after))
        #expect(after.versionIdentifiers == ["2"])
        #expect(after.storeUUID == before.storeUUID)
        #expect(!FileManager.default.fileExists(atPath: workspace.store.path + ".migration-backup"))
        // Edits land in the migrated store, and a second opening migrates nothing.
        try workspace.succeed("result", "CZE-POR", "1:0")
        #expect(try workspace.succeed("list", "matches", "--format", "csv").contains("25,2012-06-21T20:45:00+02:00"))
        #expect(try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store) == after)
    }

    @Test("A store of a model version em does not know is refused with 74 and left unchanged")
    func unknownVersion() throws {
        let workspace = try Workspace()
        let foreign = try ManagedObjectModel(
            entities: [EntityDescription("Team", attributes: [AttributeDescription("name", .string)])])
        let coordinator = PersistentStoreCoordinator(model: foreign)
        try coordinator.addPersistentStore(.sqlite(workspace.store))
        let bytes = try Data(contentsOf: workspace.store)
        try workspace.fail("list", "teams", status: 74, message: "model version")
        #expect(try Data(contentsOf: workspace.store) == bytes)
    }
}
