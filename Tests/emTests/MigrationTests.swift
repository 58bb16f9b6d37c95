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
        #expect(versions.map(\.versionName) == ["EM", "EM 2", "EM 3", "EM 4", "EM 5", "EM 6", "EM 7", "EM 8"])
        let before = try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store)
        #expect(try model.version(matching: before)?.versionName == "EM")

        for kind in ["teams", "groups", "players", "coaches", "matches"] {
            // The same rows; their order follows today's default orders. Matches have a column
            // more today: whether they wait for their teams, which none of these does.
            var listed = try workspace.succeed("list", kind, "--format", "csv").split(separator: "\r\n").sorted()
            if kind == "matches" {
                #expect(listed.allSatisfy { $0.hasSuffix(",waiting") || $0.hasSuffix(",false") })
                listed = listed.map { $0[..<$0.lastIndex(of: ",")!] }
            }
            #expect(listed == (try Self.listing(kind)).split(separator: "\r\n").sorted(), "em list \(kind)")
        }
        let after = try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store)
        #expect(model.isCompatible(with: after))
        #expect(after.versionIdentifiers == ["8"])
        #expect(after.storeUUID == before.storeUUID)
        #expect(!FileManager.default.fileExists(atPath: workspace.store.path + ".migration-backup"))
        // Edits land in the migrated store, and a second opening migrates nothing.
        try workspace.succeed("result", "CZE-POR", "1:0")
        #expect(try workspace.succeed("list", "matches", "--format", "csv").contains("25,2012-06-21T20:45:00+02:00"))
        #expect(try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store) == after)
    }

    @Test("A migrated store's matches keep their ids when one is removed, and a new one gets the next")
    func migratedMatchNumbers() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(at: Self.fixture.appending(path: "em.sqlite"), to: workspace.store)
        try workspace.succeed("schedule", "remove", "3")
        let ids = try workspace.succeed("list", "matches", "--format", "csv").split(separator: "\r\n").dropFirst()
            .compactMap { $0.split(separator: ",").first.flatMap { Int($0) } }
        #expect(ids.sorted() == Array(1...31).filter { $0 != 3 })
        #expect(try workspace.succeed("show", "match", "4").contains("GER"))
        #expect(
            try workspace.succeed(
                "schedule", "add", "--home", "NED", "--away", "DEN", "--group", "B", "--at", "2012-06-09T18:00+02:00",
                "--venue", "Metalist Stadium", "--city", "Kharkiv") == "scheduled match 32 NED-DEN\n")
        try workspace.succeed("schedule", "remove", "32")
        #expect(
            try workspace.succeed(
                "schedule", "add", "--home", "NED", "--away", "DEN", "--group", "B", "--at", "2012-06-09T18:00+02:00",
                "--venue", "Metalist Stadium", "--city", "Kharkiv") == "scheduled match 33 NED-DEN\n",
            "the number of a removed match is never given again")
    }

    /// A store in `workspace` written by model version `name` (`EM 4`), holding the Nordic Cup
    /// and Norway.
    private static func storeOfVersion(_ name: String, in workspace: Workspace) throws {
        let model = try Self.model()
        let version = try #require(try model.versions().first { $0.versionName == name })
        let coordinator = PersistentStoreCoordinator(model: version)
        try coordinator.addPersistentStore(.sqlite(workspace.store))
        let context = ManagedObjectContext(coordinator: coordinator)
        let competition = try context.insertNewObject(forEntityName: "Competition")
        try competition.setValue("Nordic Cup", forKey: "title")
        let norway = try context.insertNewObject(forEntityName: "Team")
        try norway.setValue("Norwegen", forKey: "name")
        try norway.setValue("Norway", forKey: "englishName")
        try norway.setValue("NOR", forKey: "code")
        try context.save()
    }

    @Test("A store of EM 4 (before aliases) migrates to the current version, keeps its teams and takes aliases")
    func storeOfFourthVersion() throws {
        let workspace = try Workspace()
        try Self.storeOfVersion("EM 4", in: workspace)

        #expect(try workspace.succeed("team", "alias", "Norway", "Norge") == "added alias \"Norge\" of team NOR\n")
        #expect(try workspace.succeed("show", "team", "norge").hasPrefix("Norwegen (NOR), English: Norway\nAliases:  Norge\n"))
        let after = try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store)
        #expect(try Self.model().version(matching: after)?.versionName == "EM 8")
    }

    @Test("A store of EM 6 (before the draw) migrates: its teams hold no slot, and the draw has none to fill")
    func storeOfSixthVersion() throws {
        let workspace = try Workspace()
        try Self.storeOfVersion("EM 6", in: workspace)

        try workspace.fail("draw", "A1=ENG", status: 65, message: "no team awaits draw slot \"A1\": no slot is open")
        let setup = workspace.path("setup.plist")
        try workspace.succeed("save", "--to", setup)
        #expect(try !String(contentsOfFile: setup, encoding: .utf8).contains("drawSlot"))
        let after = try PersistentStoreCoordinator.metadataForPersistentStore(at: workspace.store)
        #expect(try Self.model().version(matching: after)?.versionName == "EM 8")
    }

    @Test("A store whose teams share a code does not migrate: em names the code, exits 74 and leaves the store as it was")
    func duplicatesStopTheMigration() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(at: Self.fixture.appending(path: "em.sqlite"), to: workspace.store)
        let coordinator = PersistentStoreCoordinator(model: try Self.model().versions()[0])
        try coordinator.addPersistentStore(.sqlite(workspace.store))
        let context = ManagedObjectContext(coordinator: coordinator)
        let copy = try context.insertNewObject(forEntityName: "Team")
        try copy.setValue("GER", forKey: "code")
        try copy.setValue("Germany (copy)", forKey: "name")
        try context.save()
        let bytes = try Data(contentsOf: workspace.store)
        try workspace.fail("list", "teams", status: 74, message: "but 2 objects have code \"GER\"")
        #expect(try Data(contentsOf: workspace.store) == bytes)
        #expect(!FileManager.default.fileExists(atPath: workspace.store.path + ".migration-backup"))
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

/// em killed while it migrates a store: the store is at the old version, intact, or at the new
/// one, complete, and the next em finds everything.
@Suite("Stores of earlier versions, killed while migrating")
struct MigrationKillTests {
    /// Players added to the fixture, so that a migration lasts long enough to be interrupted.
    static let addedPlayers = 10_000

    /// The fixture grown by ``addedPlayers`` players, written with em's first model version.
    static func grownStore(at url: URL) throws {
        try FileManager.default.copyItem(at: MigrationTests.fixture.appending(path: "em.sqlite"), to: url)
        let first = try MigrationTests.model().versions()[0]
        let coordinator = PersistentStoreCoordinator(model: first)
        try coordinator.addPersistentStore(.sqlite(url))
        let context = ManagedObjectContext(coordinator: coordinator)
        // Without a team: shirt numbers are unique within a team from the model's third version.
        for index in 0..<addedPlayers {
            let player = try context.insertNewObject(forEntityName: "Player")
            try player.setValue("Reserve \(index)", forKey: "name")
            try player.setValue(Int16(index % 99 + 1), forKey: "number")
            try player.setValue("MF", forKey: "position")
        }
        try context.save()
    }

    @Test("SIGKILL at moments spread over a migration never leaves a torn store")
    func killedMigrations() throws {
        let workspace = try Workspace()
        let grown = workspace.directory.appending(path: "grown.sqlite")
        try Self.grownStore(at: grown)
        let model = try MigrationTests.model()
        let first = try model.versions()[0]

        // How long an uninterrupted em takes to migrate and list the teams, to kill within
        // that span.
        let timed = workspace.directory.appending(path: "timed.sqlite")
        try FileManager.default.copyItem(at: grown, to: timed)
        let start = Date()
        try workspace.succeed("list", "teams", store: timed.path)
        let span = Date().timeIntervalSince(start)
        let expected = try workspace.succeed("list", "players", "--format", "csv", store: timed.path)
        #expect(expected.split(whereSeparator: \.isNewline).count == 1 + 370 + Self.addedPlayers)

        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<30 {
            let store = workspace.directory.appending(path: "killed-\(round).sqlite")
            try FileManager.default.copyItem(at: grown, to: store)
            let process = Process()
            process.executableURL = EMProcess.binary
            process.arguments = ["list", "teams", "--store", store.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill times spread from the start to past the end of an uninterrupted run, so that
            // some land before the migration commits and some after, however loaded the machine.
            let moment = 1.5 * span * Double(round) / 29
            Thread.sleep(forTimeInterval: moment * Double.random(in: 0.9...1.1, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let metadata = try PersistentStoreCoordinator.metadataForPersistentStore(at: store)
            let version = try #require(try model.version(matching: metadata), "round \(round): a store of no version")
            outcomes[version === first ? "old" : "new", default: 0] += 1
            // Every round counts the objects; some compare em's whole listing.
            if round % 10 == 0 {
                let listed = try workspace.succeed("list", "players", "--format", "csv", store: store.path)
                #expect(listed == expected, "round \(round): the store lost or changed players")
            } else {
                let coordinator = PersistentStoreCoordinator(model: model)
                try coordinator.addPersistentStore(.sqlite(store))
                let context = ManagedObjectContext(coordinator: coordinator)
                for (entity, count) in ["Player": 370 + Self.addedPlayers, "Team": 17, "Match": 31, "Coach": 16, "Group": 4] {
                    #expect(
                        try context.count(for: FetchRequest<ManagedObject>(entityName: entity)) == count,
                        "round \(round): \(entity)")
                }
            }
            try FileManager.default.removeItem(at: store)
        }
        // Both outcomes occur, or the kills missed the migration altogether.
        #expect(outcomes["old", default: 0] > 0 && outcomes["new", default: 0] > 0, "\(outcomes)")
    }
}
