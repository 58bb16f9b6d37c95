import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// ``StoreOptions/createsStore``: opening only a store that is there, in one step.
@Suite("Opening without creating")
struct StoreCreationTests {
    @Test(
        "A store opened with createsStore off where there is none throws noStore and makes nothing; one that is there opens",
        arguments: StoreKind.sqlStores)
    func openWithoutCreating(kind: StoreKind) throws {
        let directory = try TemporaryDirectory(prefix: "og-no-store")
        let file = directory.url.appending(path: "missing.sqlite")
        let location: PersistentStoreCoordinator.StoreLocation =
            kind == .postgreSQL
            ? .postgreSQL(try PostgreSQLTestServer.connectionURL(), schema: PostgreSQLTestServer.newSchema()) : .sqlite(file)
        let options = StoreOptions(createsStore: false)
        let model = try TestStack.tournamentModel()
        #expect {
            try PersistentStoreCoordinator(model: model).addPersistentStore(location, options: options)
        } throws: { error in
            guard case StoreError.noStore = error else { return false }
            return true
        }
        #expect(try !PersistentStoreCoordinator.persistentStoreExists(at: location))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try PersistentStoreCoordinator(model: model).addPersistentStore(location)
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(location, options: options)
        #expect(coordinator.persistentStores.count == 1)
    }
}
