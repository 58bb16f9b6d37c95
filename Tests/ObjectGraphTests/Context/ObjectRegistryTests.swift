import Testing

// @testable to drive the context's uniquing table directly with made-up IDs.
@testable import ObjectGraph

@Suite("Object registry")
struct ObjectRegistryTests {
    /// Two roots and a sub-entity: IDs of a sub-entity and its root with one key name one row.
    static let model: ManagedObjectModel = {
        do {
            return try ManagedObjectModel(entities: [
                EntityDescription("Team"), EntityDescription("Human"), EntityDescription("Player", parent: "Human"),
            ])
        } catch {
            fatalError("\(error)")
        }
    }()

    @Test(
        "Random inserts, replacements, look-ups, removals and forgetting agree with a dictionary",
        arguments: [1, 2, 3] as [UInt64])
    func agreesWithDictionary(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let entities = Self.model.entities
        let tag = try StoreTags.tag(for: "registry-test")
        var registry = ObjectRegistry()
        var expected: [ManagedObjectID: ManagedObject] = [:]

        // Few IDs of each kind, so that they repeat: small keys (kept by key), keys about the
        // key table's limit, large keys and temporary IDs (kept in the hash table, where probe
        // runs form and removals shift them back).
        let limit = PrimaryKeyTable.keyLimit
        let temporaries = (0..<500).map { _ in ManagedObjectID.temporary(for: entities.randomElement(using: &generator)!) }
        func randomID() -> ManagedObjectID {
            let entity = entities.randomElement(using: &generator)!
            let key: Int64
            switch Int.random(in: 0..<8, using: &generator) {
            case 0..<4: key = Int64.random(in: 1...3_000, using: &generator)
            case 4: key = Int64.random(in: (limit - 20)...(limit + 20), using: &generator)
            case 5, 6: key = Int64.random(in: 1...1_000, using: &generator) * 1_000_003
            default: return temporaries.randomElement(using: &generator)!
            }
            return ManagedObjectID(entity: entity, primaryKey: key, storeTag: tag)
        }
        for step in 0..<20_000 {
            let id = randomID()
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                let object = ManagedObject(entity: id.entity, insertInto: nil)
                object.objectID = id
                registry.insert(object)
                expected[id] = object
            case 5..<7:
                registry.remove(id)
                expected[id] = nil
            case 7:
                // Forget an object: only the registered one goes, not another with its ID.
                let stranger = ManagedObject(entity: id.entity, insertInto: nil)
                stranger.objectID = id
                registry.forget(stranger)
                if let object = expected[id] {
                    registry.forget(object)
                    expected[id] = nil
                }
            default:
                #expect(registry[id] === expected[id], "step \(step)")
            }
            #expect(registry.count == expected.count, "step \(step)")
        }
        for (id, object) in expected { #expect(registry[id] === object) }
        #expect(Set(registry.allObjects.map(ObjectIdentifier.init)) == Set(expected.values.map(ObjectIdentifier.init)))

        for object in expected.values { registry.forget(object) }
        #expect(registry.count == 0)
    }

    @Test("Removing many objects at once removes exactly those objects", arguments: [1, 2] as [UInt64])
    func removesManyAtOnce(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let team = try #require(Self.model.entity(named: "Team"))
        let tag = try StoreTags.tag(for: "registry-test")
        var registry = ObjectRegistry()
        var objects: [ManagedObject] = []
        for key in 1...5_000 {
            let object = ManagedObject(entity: team, insertInto: nil)
            // Both tables: small keys, large keys and temporary IDs.
            object.objectID =
                switch key % 3 {
                case 0: ManagedObjectID(entity: team, primaryKey: Int64(key), storeTag: tag)
                case 1: ManagedObjectID(entity: team, primaryKey: PrimaryKeyTable.keyLimit + Int64(key), storeTag: tag)
                default: .temporary(for: team)
                }
            registry.insert(object)
            objects.append(object)
        }
        objects.shuffle(using: &generator)
        var removed = Array(objects.prefix(3_000))
        // An object never registered, under the ID of one that stays: the registered one stays.
        let stranger = ManagedObject(entity: team, insertInto: nil)
        stranger.objectID = objects[4_000].objectID
        removed.append(stranger)
        registry.remove(removed)
        #expect(registry.count == 2_000)
        for object in objects.prefix(3_000) { #expect(registry[object.objectID] == nil) }
        for object in objects.dropFirst(3_000) { #expect(registry[object.objectID] === object) }
    }

    @Test("A copy keeps its objects while the original changes, below and above the key table's threshold")
    func copyIsAValue() throws {
        let team = try #require(Self.model.entity(named: "Team"))
        let tag = try StoreTags.tag(for: "registry-test")
        func object(_ key: Int64) -> ManagedObject {
            let object = ManagedObject(entity: team, insertInto: nil)
            object.objectID = ManagedObjectID(entity: team, primaryKey: key, storeTag: tag)
            return object
        }
        for size in [10, ObjectRegistry.keyedThreshold * 3] {
            var original = ObjectRegistry()
            let objects = (1...size).map { object(Int64($0)) }
            for object in objects { original.insert(object) }
            let copy = original
            original.remove(objects[0].objectID)
            // Held here: the registry does not keep its objects alive.
            let replacement = object(2)
            let added = object(Int64(size + 1))
            original.insert(replacement)
            original.insert(added)
            #expect(copy.count == size && original.count == size)
            #expect(copy[objects[0].objectID] === objects[0] && original[objects[0].objectID] == nil)
            #expect(copy[objects[1].objectID] === objects[1] && original[objects[1].objectID] === replacement)
            #expect(Set(copy.allObjects.map(ObjectIdentifier.init)) == Set(objects.map(ObjectIdentifier.init)))
            for object in original.allObjects { original.forget(object) }
            #expect(original.count == 0)
            #expect(copy.count == size && copy[objects[size - 1].objectID] === objects[size - 1])
        }
    }

    @Test(
        "A sub-entity's ID and its root's with the same key find the same object",
        arguments: [7, PrimaryKeyTable.keyLimit + 7])
    func rootIdentity(key: Int64) throws {
        let tag = try StoreTags.tag(for: "registry-test")
        let human = try #require(Self.model.entity(named: "Human"))
        let player = try #require(Self.model.entity(named: "Player"))
        let team = try #require(Self.model.entity(named: "Team"))
        var registry = ObjectRegistry()
        let object = ManagedObject(entity: player, insertInto: nil)
        object.objectID = ManagedObjectID(entity: player, primaryKey: key, storeTag: tag)
        registry.insert(object)
        #expect(registry[ManagedObjectID(entity: human, primaryKey: key, storeTag: tag)] === object)
        #expect(registry[ManagedObjectID(entity: human, primaryKey: key + 1, storeTag: tag)] == nil)
        // Another root's row with the same key is another object.
        #expect(registry[ManagedObjectID(entity: team, primaryKey: key, storeTag: tag)] == nil)
    }
}

@Suite("Permanent IDs of a save")
struct PermanentIDsTests {
    @Test("Temporary IDs resolve to their permanent IDs, in a dense run and scattered", arguments: [false, true])
    func resolves(scattered: Bool) throws {
        let team = try #require(ObjectRegistryTests.model.entity(named: "Team"))
        let human = try #require(ObjectRegistryTests.model.entity(named: "Human"))
        let tag = try StoreTags.tag(for: "permanent-ids-test")
        var temporaries: [ManagedObjectID] = []
        for index in 0..<50 {
            temporaries.append(.temporary(for: index.isMultiple(of: 2) ? team : human))
            // Far apart numbers make the table too sparse: the dictionary takes over.
            if scattered { for _ in 0..<500 { _ = ManagedObjectID.temporary(for: team) } }
        }
        let permanents = temporaries.enumerated().map { index, id in
            ManagedObjectID(entity: id.entity, primaryKey: Int64(index + 1), storeTag: tag)
        }
        let ids = PermanentIDs(temporaries: temporaries, permanents: permanents)
        #expect(ids.count == 50)
        for (temporary, permanent) in zip(temporaries, permanents) {
            #expect(ids[temporary] == permanent && ids.resolve(temporary) == permanent)
        }
        let stranger = ManagedObjectID.temporary(for: team)
        #expect(ids[stranger] == nil && ids.resolve(stranger) == stranger)
        #expect(ids.resolve(permanents[3]) == permanents[3] && ids.resolve(nil) == nil)
    }
}

@Suite("Store tags")
struct StoreTagsTests {
    @Test("A store UUID keeps its tag; a table out of tags throws instead of crashing")
    func tableRunsOut() throws {
        var table = StoreTags.Table(capacity: 3)
        let tags = try ["a", "b", "c"].map { try table.tag(for: $0) }
        #expect(tags == [1, 2, 3])
        #expect(try table.tag(for: "b") == 2, "a UUID seen before keeps its tag, even when the table is full")
        #expect(table.identifier(for: 3) == "c")
        #expect(throws: StoreError.self) { try table.tag(for: "d") }
        #expect(StoreError.tooManyStores(limit: 3).description.contains("opened 3 stores"))
    }
}
