import Foundation
import TestSupport
import Testing

@testable import ObjectGraph
@testable import ObjectGraphSQLite

/// A SQLite store that ObjectGraph saved and another program then edited.
///
/// The edits are those `make fuzz FUZZ=store` makes. Opening and using it must refuse or report
/// what is wrong, never crash, and never change a file it refuses.
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

        /// The team's coach key set to the player's row.
        private static let coachNamingPlayer = "UPDATE ZTEAM SET ZCOACH = (SELECT Z_PK FROM ZHUMAN WHERE ZNAME = 'Lewandowski')"

        static let all: [Tampering] =
            [
                Tampering(
                    name: "a store UUID that is not a UUID", sql: "UPDATE Z_METADATA SET Z_UUID = 'not a uuid'",
                    outcome: .refused(mentioning: #"Z_UUID "not a uuid" is not a UUID"#)),
                Tampering(
                    name: "a store UUID with a line break inside (which Foundation's UUID parser skips)",
                    sql: "UPDATE Z_METADATA SET Z_UUID = '00000000-0000-4000-8' || char(10) || '00-000000000000'",
                    outcome: .refused(mentioning: #"Z_UUID "00000000-0000-4000-8\n00-000000000000" is not a UUID"#)),
                Tampering(
                    name: "a row of one table naming an entity of another",
                    sql: "UPDATE ZTEAM SET Z_ENT = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Player')",
                    outcome: .opens { context in
                        // The row is no team, and no player either: players live in ZHUMAN.
                        #expect(try context.all("Team").isEmpty)
                        let players = try context.all("Player")
                        #expect(players.map { $0.string("name") } == ["Lewandowski"])
                        // The player's team is a fault whose row is no team.
                        let team = try #require(try players[0].value(forKey: "team") as? ManagedObject)
                        #expect(throws: (any Error).self) { try context.existingObject(with: team.objectID) }
                        context.delete(players[0])
                        try context.save()
                    }),
                Tampering(
                    name: "a to-one naming a row of a sibling entity",
                    sql: coachNamingPlayer,
                    outcome: .opens { context in
                        let player = try #require(try context.all("Player").first)
                        let team = try #require(try context.all("Team").first)
                        // The key names the player's row, registered as a player: no coach.
                        #expect(try team.value(forKey: "coach") == nil)
                        #expect(player.string("name") == "Lewandowski")
                        context.delete(team)
                        try context.save()
                    }),
                Tampering(
                    name: "a to-one naming a row of a sibling entity, read first",
                    sql: coachNamingPlayer,
                    outcome: .opens { context in
                        let team = try #require(try context.all("Team").first)
                        // The coach's row is a player's: the coach never loads.
                        let coach = try #require(try team.value(forKey: "coach") as? ManagedObject)
                        #expect(throws: (any Error).self) { try context.existingObject(with: coach.objectID) }
                        // The row's key is the coach's now, in this context: no player has it.
                        #expect(try context.all("Player").isEmpty)
                        #expect(
                            try context.fetch(FetchRequest<ManagedObject>(entityName: "Player"), batchSize: 1).map(\.entity.name)
                                == ["Player"])
                    }),
                Tampering(
                    name: "a version at its maximum", sql: "UPDATE ZTEAM SET Z_OPT = 9223372036854775807",
                    outcome: .opens { context in
                        let team = try #require(try context.all("Team").first)
                        try team.setValue("Polska", forKey: "name")
                        let error = try #require(throws: StoreError.self) { try context.save() }
                        guard case .damaged(_, let reason) = error else { throw error }
                        #expect(reason.contains("holds Z_OPT 9223372036854775807"), "\(reason)")
                        context.rollback()
                        #expect(try context.all("Team").map { $0.string("name") } == ["Polen"])
                    }),
            ]
            + ["NULL", "'ten'", "140737488355327", "9223372036854775807", "-1"].map { value in
                Tampering(
                    name: "a key counter of \(value)", sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = \(value) WHERE Z_NAME = 'Team'",
                    outcome: .opens { context in
                        try context.make("Team", ["name": "Éire"])
                        // Text counts as 0 in SQL: the new key is 1, which the saved team has.
                        let error = try #require(throws: StoreError.self) { try context.save() }
                        if value == "'ten'" {
                            guard case .database = error else { throw error }
                        } else {
                            guard case .damaged(_, let reason) = error else { throw error }
                            #expect(reason.contains("Z_PRIMARYKEY row for Team holds Z_MAX"), "\(reason)")
                        }
                        context.rollback()
                        #expect(try context.all("Team").map { $0.string("name") } == ["Polen"])
                    })
            }
    }

    /// A saved store of the tournament model in a directory of its own, removed with it.
    final class SavedStore {
        let directory: TemporaryDirectory
        var url: URL { directory.file("store.sqlite") }
        let model: ManagedObjectModel

        init() throws {
            directory = try TemporaryDirectory(prefix: "og")
            model = try TestStack.tournamentModel()
            let coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(.sqlite(url))
            let context = ManagedObjectContext(coordinator: coordinator)
            let team = try context.make("Team", ["name": "Polen", "code": "POL"])
            let player = try context.make("Player", ["name": "Lewandowski", "number": Int16(9), "team": team])
            try context.make("Coach", ["name": "Smuda", "team": team])
            try context.make("Sponsor", ["name": "Orlen"]).setValue(Set([player]), forKey: "players")
            try context.save()
        }

        /// Runs `sql` on the store with a connection of its own, closed before returning.
        func edit(_ sql: String) throws {
            let connection = try SQLiteConnection(path: url.path)
            try connection.execute(sql)
        }
    }

    @Test("An ID naming another entity of its row's table loads nothing; equal to the row's ID, it finds the row's object")
    func idOfSiblingEntity() throws {
        let store = try SavedStore()
        let coordinator = PersistentStoreCoordinator(model: store.model)
        try coordinator.addPersistentStore(.sqlite(store.url))
        let context = ManagedObjectContext(coordinator: coordinator)
        let player = try #require(try context.all("Player").first)
        let uri = player.objectID.uriRepresentation.absoluteString.replacingOccurrences(of: "/Player/", with: "/Coach/")
        let url = try #require(URL(string: uri))
        let asCoach = try #require(coordinator.managedObjectID(forURIRepresentation: url))
        let other = ManagedObjectContext(coordinator: coordinator)
        #expect(throws: (any Error).self) { try other.existingObject(with: asCoach) }
        // The player's own ID still loads it, in that context too.
        #expect(try other.existingObject(with: player.objectID).entity.name == "Player")
        #expect(try context.existingObject(with: asCoach) === player)
        #expect(player.string("name") == "Lewandowski")
    }

    @Test("A store whose table another program dropped is refused as damaged, naming the table")
    func droppedTable() throws {
        let store = try SavedStore()
        try store.edit("DROP TABLE ZTEAM")
        let coordinator = PersistentStoreCoordinator(model: store.model)
        let error = try #require(throws: StoreError.self) { try coordinator.addPersistentStore(.sqlite(store.url)) }
        guard case .damaged(_, let reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason == "its table ZTEAM is missing")
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
