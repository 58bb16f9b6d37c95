import Foundation
import ObjectGraph

/// The ObjectGraph side: the tournament model built in code, and a coordinator on a store.
enum ObjectGraphSide {
    /// Team(name, indexed) ⇄ Player(name, number: Integer 16 indexed, position), with
    /// Team.players cascading to its players.
    static let model: ManagedObjectModel = {
        do {
            return try ManagedObjectModel(entities: [
                EntityDescription(
                    "Team",
                    attributes: [AttributeDescription("name", .string, isIndexed: true)],
                    relationships: [
                        RelationshipDescription("players", destination: "Player", inverse: "team",
                                                toMany: true, deleteRule: .cascade),
                    ]),
                EntityDescription(
                    "Player",
                    attributes: [
                        AttributeDescription("name", .string),
                        AttributeDescription("number", .integer16, isIndexed: true),
                        AttributeDescription("position", .string),
                    ],
                    relationships: [RelationshipDescription("team", destination: "Team", inverse: "players")]),
            ])
        } catch {
            fatalError("the benchmark model is invalid: \(error)")
        }
    }()

    /// A coordinator with the SQLite store at `path` (created with the model's schema when
    /// the file does not exist).
    static func open(path: String) throws -> PersistentStoreCoordinator {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(.sqlite(URL(filePath: path)))
        return coordinator
    }
}
