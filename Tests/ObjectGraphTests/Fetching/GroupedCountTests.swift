import Foundation
import ObjectGraph
import Testing

/// `counts(for:groupedBy:)`: how many objects yield each value of a key path, without loading
/// them, on both stores, with and without unsaved changes.
@Suite("Grouped counts")
struct GroupedCountTests {
    /// Group A with Polen (3 players) and Griechenland (1), Deutschland (2) in no group, one
    /// player without a team, one player without a position.
    private struct Seeded {
        let stack: TestStack
        let context: ManagedObjectContext
        let a: ManagedObject
        let polen: ManagedObject
        let greece: ManagedObject
        let germany: ManagedObject

        init(_ kind: StoreKind) throws {
            stack = try TestStack(kind)
            let seeding = stack.context
            let a = try seeding.make("Group", ["name": "A"])
            let polen = try seeding.make("Team", ["name": "Polen", "group": a, "rating": 70.0])
            let greece = try seeding.make("Team", ["name": "Griechenland", "group": a, "rating": 70.0])
            let germany = try seeding.make("Team", ["name": "Deutschland"])
            let players: [(Int, String?, ManagedObject?)] = [
                (1, "GK", polen), (2, "DF", polen), (3, nil, polen), (1, "GK", greece), (1, "GK", germany),
                (9, "FW", germany), (7, "MF", nil),
            ]
            for (number, position, team) in players {
                try seeding.make("Player", ["name": "P\(number)", "number": number, "position": position, "team": team])
            }
            try seeding.save()
            context = stack.newContext()
            self.a = context.object(with: a.objectID)
            self.polen = context.object(with: polen.objectID)
            self.greece = context.object(with: greece.objectID)
            self.germany = context.object(with: germany.objectID)
        }

        func counts(
            _ entity: String = "Player", by keyPath: String, where format: String? = nil,
            adjust: (inout FetchRequest<ManagedObject>) -> Void = { _ in }
        ) throws -> [KeyPathValue: Int] {
            var request = FetchRequest<ManagedObject>(entityName: entity)
            if let format { request.predicate = try FetchPredicate(format: format) }
            adjust(&request)
            return try context.counts(for: request, groupedBy: keyPath)
        }
    }

    @Test("Counts by a to-one relationship, an attribute, and through to-ones", arguments: StoreKind.allCases)
    func groups(kind: StoreKind) throws {
        let seeded = try Seeded(kind)
        let (polen, greece, germany) = (seeded.polen.objectID, seeded.greece.objectID, seeded.germany.objectID)
        #expect(try seeded.counts(by: "team") == [.object(polen): 3, .object(greece): 1, .object(germany): 2, .null: 1])
        #expect(
            try seeded.counts(by: "position") == [
                .value(.string("GK")): 3, .value(.string("DF")): 1, .value(.string("FW")): 1,
                .value(.string("MF")): 1, .null: 1,
            ])
        #expect(
            try seeded.counts(by: "number") == [
                .value(.integer(1)): 3, .value(.integer(2)): 1, .value(.integer(3)): 1,
                .value(.integer(9)): 1, .value(.integer(7)): 1,
            ])
        #expect(try seeded.counts(by: "team.group") == [.object(seeded.a.objectID): 4, .null: 3])
        #expect(try seeded.counts(by: "team.group.name") == [.value(.string("A")): 4, .null: 3])
        #expect(try seeded.counts(by: "team.rating") == [.value(.double(70)): 4, .null: 3])
        #expect(try seeded.counts("Team", by: "group") == [.object(seeded.a.objectID): 2, .null: 1])
        #expect(
            try seeded.counts(by: "team", where: "number == 1") == [.object(polen): 1, .object(greece): 1, .object(germany): 1])
        #expect(try seeded.counts(by: "team", where: "number > 50").isEmpty)
        #expect(try seeded.counts("Human", by: "name", where: "name BEGINSWITH 'P1'") == [.value(.string("P1")): 3])
    }

    @Test("Nothing is loaded: the counted objects stay out of the context", arguments: [StoreKind.sqlite])
    func loadsNothing(kind: StoreKind) throws {
        let seeded = try Seeded(kind)
        let before = seeded.context.registeredObjects.count
        _ = try seeded.counts(by: "team.group.name")
        #expect(seeded.context.registeredObjects.count == before)
    }

    @Test("A limit and an offset pick the objects, in the request's order, before grouping", arguments: StoreKind.allCases)
    func limitAndOffset(kind: StoreKind) throws {
        let seeded = try Seeded(kind)
        let first3 = try seeded.counts(by: "position") {
            $0.sortOrderings = [FetchOrdering("number", ascending: false), FetchOrdering("position")]
            $0.fetchLimit = 3
        }
        #expect(first3 == [.value(.string("FW")): 1, .value(.string("MF")): 1, .null: 1])
        let rest = try seeded.counts(by: "position") {
            $0.sortOrderings = [FetchOrdering("number", ascending: false), FetchOrdering("position")]
            $0.fetchOffset = 3
        }
        #expect(rest == [.value(.string("DF")): 1, .value(.string("GK")): 3])
    }

    @Test("Unsaved inserts, deletes and moves are counted unless left out", arguments: StoreKind.allCases)
    func pendingChanges(kind: StoreKind) throws {
        let seeded = try Seeded(kind)
        let context = seeded.context
        let (polen, greece, germany) = (seeded.polen, seeded.greece, seeded.germany)
        try context.make("Player", ["name": "New", "number": 4, "team": greece])
        let mover = try #require(try context.all("Player", "team == %@ AND number == 9", germany).first)
        try mover.setValue(polen, forKey: "team")
        context.delete(try #require(try context.all("Player", "team == nil").first))
        #expect(
            try seeded.counts(by: "team") == [
                .object(polen.objectID): 4, .object(greece.objectID): 2, .object(germany.objectID): 1,
            ])
        // A change to the object at the end of the path moves its members.
        try germany.setValue(seeded.a, forKey: "group")
        #expect(try seeded.counts(by: "team.group") == [.object(seeded.a.objectID): 7])

        let saved = try seeded.counts(by: "team") { $0.includesPendingChanges = false }
        #expect(
            saved == [.object(polen.objectID): 3, .object(greece.objectID): 1, .object(germany.objectID): 2, .null: 1])
        #expect(
            try seeded.counts(by: "team.group") { $0.includesPendingChanges = false }
                == [.object(seeded.a.objectID): 4, .null: 3])
        #expect(mover["team"] as? ManagedObject === polen, "the context keeps its changes")
    }

    @Test("Only key paths through to-ones, to a stored attribute or a to-one, group", arguments: StoreKind.allCases)
    func invalidKeyPaths(kind: StoreKind) throws {
        let seeded = try Seeded(kind)
        for keyPath in ["", "nickname", "team.nickname", "team..name", "number.value"] {
            let error = #expect(throws: ObjectGraphError.self, "\(keyPath)") { try seeded.counts(by: keyPath) }
            #expect(error == .unknownKey(entity: "Player", key: keyPath))
        }
        for (entity, keyPath) in [
            ("Team", "players"), ("Team", "players.name"), ("Team", "players.@count"), ("Player", "sponsors"),
            ("Player", "team.players"), ("Sample", "note"),
        ] {
            let error = #expect(throws: UnsupportedFetchError.self, "\(keyPath)") { try seeded.counts(entity, by: keyPath) }
            #expect(error?.fragment == keyPath)
        }
        #expect(throws: ObjectGraphError.unknownEntity("Nation")) { try seeded.counts("Nation", by: "name") }
    }

    @Test("Every attribute type groups by its value; NaN counts with the missing values", arguments: StoreKind.allCases)
    func attributeTypes(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000.5)
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let values: [String: Any?] = [
            "boolean": true, "count": 3, "date": date, "decimal": Decimal(string: "12.50")!, "double": 2.5,
            "float": Float(1.5), "int16": 16, "int32": 32, "int64": Int64(1) << 60, "string": "Å",
            "uri": URL(string: "https://uefa.com/euro")!, "uuid": uuid, "binary": Data([0, 1, 2]),
        ]
        for _ in 0..<2 { try stack.context.make("Sample", values) }
        try stack.context.make("Sample", ["double": Double.nan])
        try stack.context.save()
        let context = stack.newContext()
        for (key, value) in values {
            let counts = try context.counts(for: FetchRequest<ManagedObject>(entityName: "Sample"), groupedBy: key)
            let object = try #require(try context.all("Sample", "int16 == 16").first)
            let stored = try #require(AttributeValue(any: try object.value(forKey: key)))
            #expect(counts[.value(stored)] == 2, "\(key)")
            #expect(counts.count == 2, "\(key): \(counts) from \(String(describing: value))")
        }
        let doubles = try context.counts(for: FetchRequest<ManagedObject>(entityName: "Sample"), groupedBy: "double")
        #expect(doubles == [.value(.double(2.5)): 2, .null: 1])
    }

    @Test("A to-one to an entity with sub-entities names each object with its own entity", arguments: StoreKind.allCases)
    func subentityDestinations(kind: StoreKind) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Animal", isAbstract: true, attributes: [AttributeDescription("name", .string)],
                relationships: [RelationshipDescription("owners", destination: "Owner", inverse: "pet", toMany: true)]),
            EntityDescription("Cat", parent: "Animal"),
            EntityDescription("Dog", parent: "Animal"),
            EntityDescription(
                "Owner", attributes: [AttributeDescription("name", .string)],
                relationships: [RelationshipDescription("pet", destination: "Animal", inverse: "owners")]),
        ])
        let stack = try TestStack(kind, model: model)
        let seeding = stack.context
        let cat = try seeding.make("Cat", ["name": "Mia"])
        let dog = try seeding.make("Dog", ["name": "Rex"])
        for (name, pet) in [("a", cat), ("b", cat), ("c", dog), ("d", nil)] {
            try seeding.make("Owner", ["name": name, "pet": pet])
        }
        try seeding.save()
        let counts = try stack.newContext().counts(for: FetchRequest<ManagedObject>(entityName: "Owner"), groupedBy: "pet")
        #expect(counts == [.object(cat.objectID): 2, .object(dog.objectID): 1, .null: 1])
        #expect(Set(counts.keys.compactMap { if case .object(let id) = $0 { id.entity.name } else { nil } }) == ["Cat", "Dog"])
        let names = try stack.newContext().counts(for: FetchRequest<ManagedObject>(entityName: "Owner"), groupedBy: "pet.name")
        #expect(names == [.value(.string("Mia")): 2, .value(.string("Rex")): 1, .null: 1])
    }
}
