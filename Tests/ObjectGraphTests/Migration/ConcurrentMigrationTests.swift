import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: several processes opening an old store at once")
struct ConcurrentMigrationTests {
    /// Programs of the new version, each with a coordinator of its own, opening one store of
    /// the old version at the same moment.
    static let openers = 6

    /// The teams the store of the old version holds, sorted.
    static let teams = ["Deutschland", "Frankreich", "Italien", "Spanien"]

    @Test(
        "Concurrent openers of an old PostgreSQL store migrate it once, under the store's lock, and all read it whole")
    func concurrentOpenersMigrateOnce() throws {
        let store = try MigrationStore(.postgreSQL)
        try store.create(AttributeMigrationTests.v1, AttributeMigrationTests.fill)
        let model = try Self.withStadium()
        let location = try store.location

        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.openers) { index in
            do {
                let coordinator = PersistentStoreCoordinator(model: try Self.withStadium())
                try coordinator.addPersistentStore(location)
                let context = ManagedObjectContext(coordinator: coordinator)
                guard try Set(context.names("Team")).isSuperset(of: Self.teams) else {
                    throw StoreError.notAStore(path: "", reason: "teams lost: \(try context.names("Team"))")
                }
                try context.insert("Team", ["name": "Team \(index)", "stadium": "Stadium \(index)"])
                try context.save()
            } catch {
                failures.withLock { $0.append("opener \(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])

        let context = try store.open(model)
        #expect(try context.names("Team") == Self.teams + (0..<Self.openers).map { "Team \($0)" })
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Kroos", "Musiala"])
        #expect(try context.one("Team", named: "Team 0").value(forKey: "stadium") as? String == "Stadium 0")
        #expect(try store.columns(of: "ZTEAM").filter { $0.hasPrefix("Z_OG_") }.isEmpty)
        #expect(try store.columns(of: "ZTEAM").contains("ZSTADIUM"))
        #expect(try store.metadata().entityVersionHashes == model.entityVersionHashes.mapValues { Data($0) })
    }

    /// The second version of ``AttributeMigrationTests``' model: teams get a stadium.
    static func withStadium() throws -> ManagedObjectModel {
        try AttributeMigrationTests.changing(
            #"<attribute name="name""#,
            to: #"<attribute name="stadium" optional="YES" attributeType="String"/><attribute name="name""#)
    }
}
