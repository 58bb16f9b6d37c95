import Foundation
import Testing

@testable import ObjectGraph

/// A SQLite store that ObjectGraph saved and another program then edited, as `make fuzz
/// FUZZ=store` edits them. Opening and using it must refuse or report what is wrong, never
/// crash, and never change a file it refuses.
@Suite("Stores edited behind ObjectGraph's back")
struct TamperedStoreTests {
    /// One edit, made with SQL after the store was saved and closed.
    struct Tampering: Sendable, CustomTestStringConvertible {
        enum Outcome: Sendable {
            /// Opening throws `notAStore` with a reason that mentions the text.
            case refused(mentioning: String)
            /// The store opens; `check` runs on a context of it.
            case opens(@Sendable (ManagedObjectContext) throws -> Void)
        }

        let name: String
        let sql: String
        let outcome: Outcome

        var testDescription: String { name }

        static let all: [Tampering] = [
            Tampering(
                name: "a store UUID that is not a UUID", sql: "UPDATE Z_METADATA SET Z_UUID = 'not a uuid'",
                outcome: .refused(mentioning: #"Z_UUID "not a uuid" is not a UUID"#))
        ]
    }

    /// A saved store of the tournament model in a directory of its own, removed with it.
    final class SavedStore {
        let directory = FileManager.default.temporaryDirectory.appending(path: "og-\(UUID().uuidString)")
        var url: URL { directory.appending(path: "store.sqlite") }
        let model: ManagedObjectModel

        init() throws {
            model = try TestStack.tournamentModel()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(.sqlite(url))
            let context = ManagedObjectContext(coordinator: coordinator)
            let team = try context.make("Team", ["name": "Polen", "code": "POL"])
            let player = try context.make("Player", ["name": "Lewandowski", "number": Int16(9), "team": team])
            try context.make("Coach", ["name": "Smuda", "team": team])
            try context.make("Sponsor", ["name": "Orlen"]).setValue(Set([player]), forKey: "players")
            try context.save()
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Runs `sql` on the store with a connection of its own, closed before returning.
        func edit(_ sql: String) throws {
            let connection = try SQLiteConnection(path: url.path)
            try connection.execute(sql)
        }
    }

    @Test(arguments: Tampering.all)
    func tampered(_ tampering: Tampering) throws {
        let store = try SavedStore()
        try store.edit(tampering.sql)
        let before = try Data(contentsOf: store.url)
        let coordinator = PersistentStoreCoordinator(model: store.model)
        switch tampering.outcome {
        case .refused(let text):
            let error = try #require(throws: StoreError.self) { try coordinator.addPersistentStore(.sqlite(store.url)) }
            guard case .notAStore(_, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains(text), "\(reason)")
            #expect(try Data(contentsOf: store.url) == before)
        case .opens(let check):
            try coordinator.addPersistentStore(.sqlite(store.url))
            try check(ManagedObjectContext(coordinator: coordinator))
        }
    }
}
