import Foundation
import ObjectGraph
import TestSupport
import Testing

/// The context as a scratch pad: inserting, saving, IDs, uniquing, change tracking, discarding.
@Suite("Context")
struct ContextTests {
    @Test("Saved objects come back in a new context with every attribute type intact", arguments: StoreKind.allCases)
    func roundTripsEveryAttributeType(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789.25)
        let uuid = UUID()
        let decimal = Decimal(string: "12345678901234567890.123456789")!
        try stack.context.make(
            "Sample",
            [
                "int16": Int16(-32768), "int32": Int32.max, "int64": Int64.min, "double": 3.25, "float": Float(1.5),
                "decimal": decimal, "string": "Grüße, 世界", "boolean": true, "date": date,
                "binary": Data([0, 1, 2, 255]), "uuid": uuid, "uri": URL(string: "https://uefa.com/euro")!,
                "note": "transient",
            ])
        try stack.context.save()

        let sample = try #require(try stack.newContext().all("Sample").first)
        #expect(sample["int16"] as? Int64 == -32768)
        #expect(sample["int32"] as? Int64 == Int64(Int32.max))
        #expect(sample["int64"] as? Int64 == Int64.min)
        #expect(sample["double"] as? Double == 3.25)
        #expect(sample["float"] as? Double == 1.5)
        #expect(sample["decimal"] as? Decimal == decimal)
        #expect(sample["string"] as? String == "Grüße, 世界")
        #expect(sample["boolean"] as? Bool == true)
        #expect(sample["date"] as? Date == date)
        #expect(sample["binary"] as? Data == Data([0, 1, 2, 255]))
        #expect(sample["uuid"] as? UUID == uuid)
        #expect(sample["uri"] as? URL == URL(string: "https://uefa.com/euro"))
        #expect(sample["note"] == nil, "transient attributes are not stored")
        #expect(sample["count"] as? Int64 == 7, "default value")
    }

    @Test("Properties declared in any order are stored by name and come back intact", arguments: StoreKind.allCases)
    func declarationOrderDoesNotMatter(kind: StoreKind) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Kit",
                attributes: [
                    AttributeDescription("zeta", .string), AttributeDescription("alpha", .integer32),
                    AttributeDescription("mid", .double),
                ],
                relationships: [
                    RelationshipDescription("sponsor", destination: "Maker", inverse: "kits"),
                    RelationshipDescription("brand", destination: "Maker", inverse: "brandedKits"),
                ]),
            EntityDescription(
                "Maker", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("kits", destination: "Kit", inverse: "sponsor", toMany: true),
                    RelationshipDescription("brandedKits", destination: "Kit", inverse: "brand", toMany: true),
                ]),
        ])
        let kit = try #require(model.entitiesByName["Kit"])
        #expect(kit.attributes.map(\.name) == ["alpha", "mid", "zeta"])
        #expect(kit.relationships.map(\.name) == ["brand", "sponsor"])

        let stack = try TestStack(kind, model: model)
        let adidas = try stack.context.make("Maker", ["name": "adidas"])
        let puma = try stack.context.make("Maker", ["name": "Puma"])
        try stack.context.make("Kit", ["zeta": "home", "alpha": 2024, "mid": 1.5, "sponsor": adidas, "brand": puma])
        try stack.context.save()
        let saved = try #require(try stack.newContext().all("Kit").first)
        #expect(saved.string("zeta") == "home" && saved["alpha"] as? Int64 == 2024 && saved["mid"] as? Double == 1.5)
        #expect((saved["sponsor"] as? ManagedObject)?.string("name") == "adidas")
        #expect((saved["brand"] as? ManagedObject)?.string("name") == "Puma")
    }

    @Test(
        "Zeros, false, empty data and the reference date come back as values; unset attributes as nil",
        arguments: StoreKind.allCases)
    func zerosAreNotNull(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        try stack.context.make(
            "Sample",
            [
                "string": "zeros", "int16": Int16(0), "int32": Int32(0), "int64": Int64(0), "double": 0.0,
                "float": Float(0), "decimal": Decimal(0), "boolean": false,
                "date": Date(timeIntervalSinceReferenceDate: 0), "binary": Data(), "count": 0,
            ])
        try stack.context.make("Sample", ["string": "nils", "boolean": nil, "count": nil])
        try stack.context.save()

        let context = stack.newContext()
        let zeros = try #require(try context.all("Sample", "string == 'zeros'").first)
        #expect(zeros["int16"] as? Int64 == 0)
        #expect(zeros["int32"] as? Int64 == 0)
        #expect(zeros["int64"] as? Int64 == 0)
        #expect(zeros["double"] as? Double == 0)
        #expect(zeros["float"] as? Double == 0)
        #expect(zeros["decimal"] as? Decimal == 0)
        #expect(zeros["boolean"] as? Bool == false)
        #expect(zeros["date"] as? Date == Date(timeIntervalSinceReferenceDate: 0))
        #expect(zeros["binary"] as? Data == Data())
        #expect(zeros["count"] as? Int64 == 0)
        let nils = try #require(try context.all("Sample", "string == 'nils'").first)
        for key in ["int16", "int32", "int64", "double", "float", "decimal", "boolean", "date", "binary", "count", "uuid", "uri"]
        {
            #expect(nils[key] == nil, "\(key)")
        }
        #expect(try context.all("Sample", "int64 == 0").count == 1)
        #expect(try context.all("Sample", "int64 == nil").count == 1)
    }

    @Test("Object IDs are temporary until saved, permanent after, and lead back to the object", arguments: StoreKind.allCases)
    func objectIDs(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = try stack.context.make("Team", ["name": "Polen"])
        #expect(team.objectID.isTemporaryID)
        let temporary = team.objectID
        try stack.context.save()
        #expect(!team.objectID.isTemporaryID)
        #expect(team.objectID != temporary)
        #expect(stack.context.object(with: team.objectID) === team)

        let other = stack.newContext()
        let again = try other.existingObject(with: team.objectID)
        #expect(again.string("name") == "Polen")
        let uri = team.objectID.uriRepresentation
        #expect(uri.absoluteString.hasPrefix("x-coredata://\(stack.coordinator.storeIdentifier!)/Team/p"))
        #expect(other.objectID(forURIRepresentation: uri) == team.objectID)
    }

    @Test("existingObject throws for an object that is not in the store", arguments: StoreKind.allCases)
    func existingObjectOfDeletedObject(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        let id = team.objectID
        stack.context.delete(team)
        try stack.context.save()
        #expect(throws: ObjectGraphError.self) { try stack.newContext().existingObject(with: id) }
    }

    @Test("One instance per object, however it was reached", arguments: StoreKind.allCases)
    func uniquing(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.make("Player", ["name": "Lewandowski", "number": 9, "team": team])
        try stack.context.save()

        let context = stack.newContext()
        let teams = try context.all("Team")
        let players = try context.all("Player")
        #expect(try context.all("Team").first === teams.first)
        #expect(players.first?["team"] as? ManagedObject === teams.first)
        #expect((teams.first?["players"] as? Set<ManagedObject>)?.first === players.first)
        #expect(context.object(with: teams[0].objectID) === teams[0])
    }

    @Test("Inserted, updated and deleted objects are tracked until saved", arguments: StoreKind.allCases)
    func changeTracking(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        #expect(!context.hasChanges)
        let polen = try context.make("Team", ["name": "Polen"])
        let greece = try context.make("Team", ["name": "Griechenland"])
        #expect(context.hasChanges && context.insertedObjects == [polen, greece])
        #expect(polen.isInserted && polen.committedValues().isEmpty)
        try context.save()
        #expect(!context.hasChanges && !polen.isInserted)

        try polen.setValue("Poland", forKey: "name")
        context.delete(greece)
        #expect(context.updatedObjects == [polen] && context.deletedObjects == [greece])
        #expect(polen.isUpdated && greece.isDeleted)
        #expect(polen.committedValues(forKeys: ["name"])["name"] as? String == "Polen")
        #expect(polen.changedValues()["name"] as? String == "Poland")
        try context.save()
        #expect(!context.hasChanges)
        #expect(polen.changedValues().isEmpty)
        #expect(greece.managedObjectContext == nil)
        #expect(try stack.newContext().all("Team").map { $0.string("name") } == ["Poland"])
    }

    @Test("An object that leaves a change state and comes back is counted once", arguments: StoreKind.allCases)
    func changeStatesComeAndGo(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let undo = UndoStack()
        context.undoStack = undo
        let polen = try context.make("Team", ["name": "Polen"])
        let greece = try context.make("Team", ["name": "Griechenland"])
        try context.save()

        for round in 1...3 {
            undo.beginGrouping()
            context.delete(greece)
            try polen.setValue("Poland \(round)", forKey: "name")
            let czechia = try context.make("Team", ["name": "Tschechien"])
            undo.endGrouping()
            #expect(context.deletedObjects == [greece] && context.updatedObjects == [polen])
            #expect(context.insertedObjects == [czechia])
            context.undo()
            #expect(!context.hasChanges && context.insertedObjects.isEmpty && context.deletedObjects.isEmpty)
            context.redo()
            #expect(context.deletedObjects == [greece] && context.updatedObjects == [polen])
            #expect(context.insertedObjects.count == 1 && context.hasChanges)
            context.undo()
        }
        try polen.setValue("Poland", forKey: "name")
        context.refresh(polen)
        #expect(!context.hasChanges && context.updatedObjects.isEmpty)
        try polen.setValue("Polska", forKey: "name")
        #expect(context.updatedObjects == [polen])
        try context.save()
        #expect(try stack.newContext().all("Team").compactMap { $0.string("name") }.sorted() == ["Griechenland", "Polska"])
    }

    @Test("rollback() forgets inserts and restores updated and deleted objects", arguments: StoreKind.allCases)
    func rollback(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9, "team": polen])
        try context.save()

        try polen.setValue("Poland", forKey: "name")
        let russland = try context.make("Team", ["name": "Russland"])
        try russland.setValue(polen["group"], forKey: "group")
        russland.addRelatedObject(try context.make("Player", ["name": "Arshavin", "number": 10]), forKey: "players")
        context.delete(player)
        context.rollback()

        // Forgotten objects stay readable, detached, with empty relationships.
        #expect(russland.managedObjectContext == nil)
        #expect(russland.string("name") == "Russland")
        #expect((russland["players"] as? Set<ManagedObject>)?.isEmpty == true)

        #expect(!context.hasChanges)
        #expect(polen.string("name") == "Polen")
        #expect((polen["players"] as? Set<ManagedObject>) == [player])
        #expect(player["team"] as? ManagedObject === polen)
        #expect(try context.all("Team").count == 1)
    }

    @Test("An object that outlives its context has no context and keeps what it had loaded", arguments: StoreKind.allCases)
    func objectOutlivesContext(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let saved = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        weak var gone: ManagedObjectContext?
        let team: ManagedObject = try {
            let context = ManagedObjectContext(coordinator: stack.coordinator)
            gone = context
            let team = try context.existingObject(with: saved.objectID)
            #expect(team.managedObjectContext === context)
            return team
        }()
        #expect(gone == nil, "nothing but the caller keeps a context alive")
        #expect(team.managedObjectContext == nil)
        #expect(!team.hasChanges && !team.isDeleted)
        #expect(team.string("name") == "Polen")
    }

    @Test("reset() forgets every object", arguments: StoreKind.allCases)
    func reset(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let polen = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        try stack.context.make("Team", ["name": "Russland"])
        stack.context.reset()
        #expect(!stack.context.hasChanges)
        #expect(stack.context.registeredObjects.isEmpty)
        #expect(polen.managedObjectContext == nil)
        #expect(polen.string("name") == "Polen" && polen["group"] == nil)
        let fetched = try stack.context.all("Team")
        #expect(fetched.count == 1 && fetched[0] !== polen)
    }

    @Test("refresh(_:) drops one object's changes; with mergeChanges it keeps them on fresh data", arguments: StoreKind.allCases)
    func refresh(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = try stack.context.make("Team", ["name": "Polen", "code": "POL"])
        try stack.context.save()

        try team.setValue("Poland", forKey: "name")
        stack.context.refresh(team)
        #expect(team.isFault && !team.isUpdated)
        #expect(team.string("name") == "Polen")

        // Someone else saves a new code; our unsaved name survives a merging refresh.
        let other = stack.newContext()
        try other.existingObject(with: team.objectID).setValue("PLX", forKey: "code")
        try other.save()
        try team.setValue("Poland", forKey: "name")
        stack.context.refresh(team, mergeChanges: true)
        #expect(team.string("name") == "Poland")
        #expect(team.string("code") == "PLX")
    }

    @Test("An entity without properties is inserted, saved, fetched and deleted", arguments: StoreKind.allCases)
    func entityWithoutProperties(kind: StoreKind) throws {
        // Found by fuzzing model files: saving such an object into the in-memory store read a
        // freed snapshot block in optimized builds (`make test-release` runs this optimized).
        let model = try ManagedObjectModel(
            xml: Data(#"<model type="com.apple.IDECoreDataModeler.DataModel"><entity name="Marker"/></model>"#.utf8))
        let stack = try TestStack(kind, model: model)
        let inserted = try (0..<3).map { _ in try stack.context.insertNewObject(forEntityName: "Marker") }
        try stack.context.save()

        let reader = stack.newContext()
        let markers = try reader.all("Marker")
        #expect(Set(markers.map(\.objectID)) == Set(inserted.map(\.objectID)))
        reader.delete(markers[0])
        try reader.save()
        #expect(try stack.newContext().all("Marker").count == 2)
    }

    @Test("Unknown keys and wrong types are errors, not crashes", arguments: StoreKind.allCases)
    func keyValueErrors(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = try stack.context.make("Team", ["name": "Polen"])
        #expect(throws: ObjectGraphError.unknownKey(entity: "Team", key: "colour")) { try team.setValue("red", forKey: "colour") }
        #expect(throws: ObjectGraphError.self) { try team.value(forKey: "colour") }
        #expect(throws: ObjectGraphError.self) { try team.setValue("many", forKey: "rating") }
        #expect(throws: ObjectGraphError.self) { try team.setValue("Polen", forKey: "group") }
        #expect(throws: ObjectGraphError.abstractEntity("Human")) { try stack.context.insertNewObject(forEntityName: "Human") }
        #expect(throws: ObjectGraphError.unknownEntity("Stadium")) { try stack.context.insertNewObject(forEntityName: "Stadium") }
        let foreign = try stack.newContext().make("Group", ["name": "A"])
        #expect(throws: ObjectGraphError.self) { try team.setValue(foreign, forKey: "group") }
    }

    @Test("Text for a decimal or a UUID is read whole, or refused", arguments: StoreKind.allCases)
    func textValuesAreReadWhole(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let sample = try stack.context.make("Sample", ["string": "text"])
        try sample.setValue("-12.50", forKey: "decimal")
        try sample.setValue("e621e1f8-c36c-495a-93fc-0c247a3e6e5f", forKey: "uuid")
        #expect(sample["decimal"] as? Decimal == Decimal(string: "-12.5"))
        #expect(sample["uuid"] as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        // Foundation's readers would take "12" of "12abc", and skip the space in the UUID.
        for (text, key) in [
            ("12abc", "decimal"), ("nan", "decimal"), (".5", "decimal"), ("E621E1F8-C36C-495A-93FC-0C 47A3E6E5F", "uuid"),
            ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F ", "uuid"), ("E621E1F8C36C495A93FC0C247A3E6E5F", "uuid"),
        ] {
            #expect(throws: ObjectGraphError.self, "\(text)") { try sample.setValue(text, forKey: key) }
        }
        #expect(sample["decimal"] as? Decimal == Decimal(string: "-12.5"))
    }

    @Test("Typed generated classes read and write through the model", arguments: StoreKind.allCases)
    func typedClasses(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = Team(context: stack.context)
        team.name = "Deutschland"
        team.code = "GER"
        let player = Player(context: stack.context)
        player.name = "Götze"
        player.givenName = "Mario"
        player.number = 19
        team.addToPlayers(player)
        let coach = Coach(context: stack.context)
        coach.name = "Löw"
        team.coach = coach
        try stack.context.save()

        let fetched = try stack.newContext().fetch(Team.fetchRequest())
        let germany = try #require(fetched.first)
        #expect(germany.name == "Deutschland")
        #expect(germany.players.map(\.number) == [19])
        #expect(germany.coach?.name == "Löw")
        #expect(germany.players.first?.team === germany)
        #expect(throws: ObjectGraphError.self) {
            try stack.context.fetch(FetchRequest<Team>(entityName: "Player"))
        }
    }

    @Test("A typed accessor whose index hint misses finds its property by name", arguments: StoreKind.allCases)
    func missedIndexHints(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = Team(context: stack.context)
        team.name = "Polen"
        let player = Player(context: stack.context)
        let number = try #require(player.entity.attributes.firstIndex { $0.name == "number" })
        let name = try #require(player.entity.attributes.firstIndex { $0.name == "name" })
        for hint in [-1, number, player.entity.attributes.count, 1_000] {
            player.setAttributeValue("Lewandowski", forKey: "name", indexHint: hint)
            #expect(player.attributeValue(forKey: "name", indexHint: hint) == "Lewandowski", "hint \(hint)")
            player.setAttributeValue(Int16(9), forKey: "number", indexHint: hint == number ? name : hint)
            #expect(player.number == 9 && player.name == "Lewandowski")
        }
        let teamIndex = try #require(player.entity.relationships.firstIndex { $0.name == "team" })
        player.setRelatedObject(team, forKey: "team", indexHint: teamIndex + 1)
        #expect(player.relatedObject(forKey: "team", indexHint: -1) === team)
        #expect(team.relatedObjects(forKey: "players", indexHint: 99) == [player])
        try stack.context.save()
        let saved = try #require(try stack.newContext().fetch(Player.fetchRequest()).first)
        #expect(saved.name == "Lewandowski" && saved.number == 9 && saved.team?.players.count == 1)
    }
    @Test("Fetch request templates substitute their variables", arguments: StoreKind.allCases)
    func templates(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let team = try stack.context.make("Team", ["name": "Deutschland"])
        try stack.context.make("Player", ["name": "Götze", "number": 19, "team": team])
        try stack.context.make("Player", ["name": "Neuer", "number": 1, "team": team])
        try stack.context.save()

        let check = try stack.model.fetchRequest(fromTemplate: "initialisationCheck")
        #expect(try stack.context.count(for: check) == 1)
        let named = try stack.model.fetchRequest(fromTemplate: "teamNamed", substitutionVariables: ["NAME": "Polen"])
        #expect(try stack.context.count(for: named) == 0)
        let players = try stack.model.fetchRequest(
            fromTemplate: "playersOfTeam", substitutionVariables: ["TEAM": "Deutschland", "MAX": 11])
        #expect(try stack.context.fetch(players).map { $0.string("name") } == ["Neuer"])
        #expect(throws: FetchPredicateError.self) { try stack.model.fetchRequest(fromTemplate: "teamNamed") }
        #expect(throws: (any Error).self) { try stack.model.fetchRequest(fromTemplate: "nope") }
    }

    @Test("A context and its objects do not outlive their owners")
    func noLeaks() throws {
        weak var weakContext: ManagedObjectContext?
        weak var weakTeam: ManagedObject?
        weak var weakPlayer: ManagedObject?
        let stack = try TestStack(.inMemory)
        do {
            let context = ManagedObjectContext(coordinator: stack.coordinator)
            let team = try context.make("Team", ["name": "Polen"])
            let player = try context.make("Player", ["name": "Lewandowski", "number": 9, "team": team])
            try context.save()
            _ = try context.all("Player").first?["team"]
            weakContext = context
            weakTeam = team
            weakPlayer = player
        }
        #expect(weakContext == nil)
        #expect(weakTeam == nil)
        #expect(weakPlayer == nil)
    }
}
