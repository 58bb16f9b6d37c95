import Foundation
import ObjectGraph

/// The ObjectGraph side: the tournament model built in code, and a coordinator on a store.
enum ObjectGraphSide {
    /// Team(name, indexed) ⇄ Player(name, number: Integer 16 indexed, position), with
    /// Team.players cascading to its players.
    static let model: ManagedObjectModel = {
        do {
            let model = try ManagedObjectModel(entities: [
                EntityDescription(
                    "Team",
                    attributes: [AttributeDescription("name", .string, isIndexed: true)],
                    relationships: [
                        RelationshipDescription(
                            "players", destination: "Player", inverse: "team",
                            toMany: true, deleteRule: .cascade)
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
            try model.register([TeamObject.self, PlayerObject.self])
            return model
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

// The classes og-codegen generates for the model: typed accessors over the framework's
// storage, the way an application reads and writes its objects (key-value coding with `Any`
// is the dynamic alternative; see Benchmarks/README.md).

/// The `Team` entity.
final class TeamObject: ManagedObject {
    override class var entityName: String { "Team" }

    /// String, indexed.
    var name: String? {
        get { attributeValue(forKey: "name", indexHint: 0) }
        set { setAttributeValue(newValue, forKey: "name", indexHint: 0) }
    }

    /// To-many `Player`, inverse `team`, delete rule Cascade.
    var players: Set<PlayerObject> {
        get { relatedObjects(forKey: "players", indexHint: 0) }
        set { setRelatedObjects(newValue, forKey: "players", indexHint: 0) }
    }
}

/// The `Player` entity.
final class PlayerObject: ManagedObject {
    override class var entityName: String { "Player" }

    /// String.
    var name: String? {
        get { attributeValue(forKey: "name", indexHint: 0) }
        set { setAttributeValue(newValue, forKey: "name", indexHint: 0) }
    }

    /// Integer 16, indexed.
    var number: Int16? {
        get { attributeValue(forKey: "number", indexHint: 1) }
        set { setAttributeValue(newValue, forKey: "number", indexHint: 1) }
    }

    /// String.
    var position: String? {
        get { attributeValue(forKey: "position", indexHint: 2) }
        set { setAttributeValue(newValue, forKey: "position", indexHint: 2) }
    }

    /// To-one `Team`, inverse `players`.
    var team: TeamObject? {
        get { relatedObject(forKey: "team", indexHint: 0) }
        set { setRelatedObject(newValue, forKey: "team", indexHint: 0) }
    }
}
