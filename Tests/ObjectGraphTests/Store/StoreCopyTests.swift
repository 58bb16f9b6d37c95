import Foundation
import Testing

@testable import ObjectGraph

/// Copying a whole store between SQLite and PostgreSQL keeps every object, key, relationship
/// and order.
@Suite("Copying stores")
struct StoreCopyTests {
    /// Every object of a store, as values comparable across stores: by entity and primary key,
    /// its version-independent attributes, and its relationships as entity/key paths (to-manys
    /// sorted, ordered ones in order).
    static func contents(of location: PersistentStoreCoordinator.StoreLocation, model: ManagedObjectModel) throws -> [String:
        String]
    {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(location)
        let context = ManagedObjectContext(coordinator: coordinator)
        func key(_ object: ManagedObject) -> String { "\(object.entity.name)/\(object.objectID.primaryKey ?? -1)" }
        var contents: [String: String] = [:]
        for entity in model.entities where entity.superentity == nil {
            var request = FetchRequest<ManagedObject>(entityName: entity.name)
            request.returnsObjectsAsFaults = false
            for object in try context.fetch(request) {
                var fields: [String] = []
                for attribute in object.entity.attributes where !attribute.isTransient {
                    fields.append("\(attribute.name)=\(String(describing: try object.value(forKey: attribute.name)))")
                }
                for relationship in object.entity.relationships where !relationship.isTransient {
                    let value = try object.value(forKey: relationship.name)
                    let text: String
                    switch value {
                    case let members as [ManagedObject]: text = members.map(key).joined(separator: ",")
                    case let members as Set<ManagedObject>: text = members.map(key).sorted().joined(separator: ",")
                    case let member as ManagedObject: text = key(member)
                    default: text = "nil"
                    }
                    fields.append("\(relationship.name)=\(text)")
                }
                contents[key(object)] = fields.joined(separator: "; ")
            }
        }
        return contents
    }

    @Test("A random tournament copied SQLite → PostgreSQL → SQLite keeps every object, key and relationship")
    func tournamentRoundTrip() throws {
        let stack = try TestStack(.sqlite)
        var g = SeededGenerator(seed: 7)
        _ = try RandomGraph(in: stack.context, avoidingNUL: true, using: &g)
        try stack.context.save()
        // Gaps in the keys, and versions above 1.
        let players = try stack.context.all("Player")
        for player in players.prefix(5) { stack.context.delete(player) }
        for player in players.dropFirst(5).prefix(5) { try player.setValue("Renamed", forKey: "name") }
        try stack.context.save()

        let source = PersistentStoreCoordinator.StoreLocation.sqlite(stack.storeURL!)
        let server = PersistentStoreCoordinator.StoreLocation.postgreSQL(
            try PostgreSQLTestServer.connectionURL(), schema: PostgreSQLTestServer.newSchema())
        let back = PersistentStoreCoordinator.StoreLocation.sqlite(stack.directory!.appending(path: "back.sqlite"))
        try stack.coordinator.copyPersistentStore(from: source, to: server)
        try stack.coordinator.copyPersistentStore(from: server, to: back)

        let original = try Self.contents(of: source, model: stack.model)
        #expect(original.count > 50)
        #expect(try Self.contents(of: server, model: stack.model) == original)
        #expect(try Self.contents(of: back, model: stack.model) == original)

        // The copies go on with the next keys, not over the copied ones.
        let copy = PersistentStoreCoordinator(model: stack.model)
        try copy.addPersistentStore(server)
        let context = ManagedObjectContext(coordinator: copy)
        let team = try context.make("Team", ["name": "Neuland"])
        try context.save()
        #expect(try #require(team.objectID.primaryKey) > original.keys.filter { $0.hasPrefix("Team/") }.count)
        // A destination holding objects is refused.
        #expect(throws: StoreError.self) { try stack.coordinator.copyPersistentStore(from: source, to: server) }
    }

    @Test("Ordered to-manys keep their order in a copy to PostgreSQL and back")
    func orderedRoundTrip() throws {
        let model = try OrderedRelationshipTests.model()
        let directory = try TemporaryDirectory(prefix: "copy")
        let source = PersistentStoreCoordinator.StoreLocation.sqlite(directory.file("source.sqlite"))
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(source)
        let context = ManagedObjectContext(coordinator: coordinator)
        let playlist = try context.make("Playlist", ["name": "Mix"])
        let tracks = try OrderedRelationshipTests.tracks(["c", "a", "d", "b"], in: context)
        // Orders that are not the keys' order.
        try playlist.setValue([tracks[2], tracks[0], tracks[3], tracks[1]], forKey: "tracks")
        let tags = try ["x", "z", "y"].map { try context.make("Tag", ["label": $0]) }
        try playlist.setValue([tags[1], tags[2], tags[0]], forKey: "tags")
        try playlist.setValue([tracks[3], tracks[0]], forKey: "favorites")
        try context.save()

        let server = PersistentStoreCoordinator.StoreLocation.postgreSQL(
            try PostgreSQLTestServer.connectionURL(), schema: PostgreSQLTestServer.newSchema())
        let back = PersistentStoreCoordinator.StoreLocation.sqlite(directory.file("back.sqlite"))
        try coordinator.copyPersistentStore(from: source, to: server)
        try coordinator.copyPersistentStore(from: server, to: back)
        let original = try Self.contents(of: source, model: model)
        #expect(try Self.contents(of: server, model: model) == original)
        #expect(try Self.contents(of: back, model: model) == original)
        #expect(original["Playlist/1"]?.contains("tracks=Track/3,Track/1,Track/4,Track/2") == true)
        #expect(original["Playlist/1"]?.contains("tags=Tag/2,Tag/3,Tag/1") == true)
        #expect(original["Playlist/1"]?.contains("favorites=Track/4,Track/1") == true)
    }
}
