import Foundation
import ObjectGraphCodegen
import ObjectGraphSQLite
import Testing

@testable import ObjectGraph

/// Fetched properties (Xcode's `<fetchedProperty>`, Core Data's `NSFetchedPropertyDescription`):
/// a fetch run on first read with `$FETCH_SOURCE` and `$FETCHED_PROPERTY`, kept on the object
/// until it is refreshed, never stored.
@Suite("Fetched properties")
struct FetchedPropertyTests {
    /// The entities of ``model(xml:)``, without fetched properties or with them.
    static func xml(fetchedProperties: Bool = true, squad: String = "team == $FETCH_SOURCE") -> String {
        func fetched(_ name: String, _ entity: String, _ predicate: String, userInfo: String = "") -> String {
            guard fetchedProperties else { return "" }
            return """
                <fetchedProperty name="\(name)" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="\(entity)" predicateString="\(predicate)"/>
                    \(userInfo)
                </fetchedProperty>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Team" representedClassName="Team">
                    <attribute name="name" attributeType="String"/>
                    <attribute name="city" optional="YES" attributeType="String"/>
                    <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
                    \(fetched("squad", "Player", squad))
                    \(fetched("neighbours", "Team", "city == $FETCH_SOURCE.city AND SELF != $FETCH_SOURCE"))
                    \(fetched("keepers", "Player", "team == $FETCH_SOURCE AND position == $FETCHED_PROPERTY.userInfo.position",
                        userInfo: #"<userInfo><entry key="position" value="GK"/></userInfo>"#))
                </entity>
                <entity name="Player" representedClassName="Player">
                    <attribute name="name" attributeType="String"/>
                    <attribute name="position" optional="YES" attributeType="String"/>
                    <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
                    \(fetched("teammates", "Player", "team == $FETCH_SOURCE.team AND SELF != $FETCH_SOURCE"))
                </entity>
                <entity name="Captain" representedClassName="Captain" parentEntity="Player"/>
            </model>
            """
    }

    /// The model with fetched properties, read from XML or built in code.
    static func model(xml: Bool) throws -> ManagedObjectModel {
        if xml { return try ManagedObjectModel(xml: Data(Self.xml().utf8)) }
        func fetched(_ name: String, _ entity: String, _ format: String, userInfo: [String: String] = [:]) throws
            -> FetchedPropertyDescription
        {
            FetchedPropertyDescription(
                name, fetchRequest: FetchRequest(entityName: entity, predicate: try FetchPredicate(format: format)),
                userInfo: userInfo)
        }
        return try ManagedObjectModel(entities: [
            EntityDescription(
                "Team",
                attributes: [AttributeDescription("name", .string, isOptional: false), AttributeDescription("city", .string)],
                relationships: [
                    RelationshipDescription("players", destination: "Player", inverse: "team", toMany: true, deleteRule: .cascade)
                ],
                fetchedProperties: [
                    try fetched("squad", "Player", "team == $FETCH_SOURCE"),
                    try fetched("neighbours", "Team", "city == $FETCH_SOURCE.city AND SELF != $FETCH_SOURCE"),
                    try fetched(
                        "keepers", "Player", "team == $FETCH_SOURCE AND position == $FETCHED_PROPERTY.userInfo.position",
                        userInfo: ["position": "GK"]),
                ]),
            EntityDescription(
                "Player",
                attributes: [
                    AttributeDescription("name", .string, isOptional: false), AttributeDescription("position", .string),
                ],
                relationships: [RelationshipDescription("team", destination: "Team", inverse: "players")],
                fetchedProperties: [try fetched("teammates", "Player", "team == $FETCH_SOURCE.team AND SELF != $FETCH_SOURCE")]),
            EntityDescription("Captain", parent: "Player"),
        ])
    }

    /// Two teams of Gdańsk and one of Warsaw, with players; saved.
    static func league(_ context: ManagedObjectContext) throws -> (lechia: ManagedObject, arka: ManagedObject) {
        let lechia = try context.make("Team", ["name": "Lechia", "city": "Gdańsk"])
        let arka = try context.make("Team", ["name": "Arka", "city": "Gdańsk"])
        try context.make("Team", ["name": "Legia", "city": "Warszawa"])
        try context.make("Player", ["name": "Kuciak", "position": "GK", "team": lechia])
        try context.make("Player", ["name": "Flavio", "position": "FW", "team": lechia])
        try context.make("Captain", ["name": "Nalepa", "position": "DF", "team": lechia])
        try context.make("Player", ["name": "Kobylak", "position": "GK", "team": arka])
        try context.save()
        return (lechia, arka)
    }

    /// The names of the objects of fetched property `key`, read with `value(forKey:)`, sorted.
    static func names(_ object: ManagedObject, _ key: String) throws -> [String] {
        let objects = try #require(try object.value(forKey: key) as? [ManagedObject])
        return objects.compactMap { $0.string("name") }.sorted()
    }

    // MARK: The model

    @Test("Read from XML or built in code, they belong to their entity and are inherited", arguments: [true, false])
    func described(xml: Bool) throws {
        let model = try Self.model(xml: xml)
        let team = try #require(model.entity(named: "Team"))
        #expect(team.fetchedProperties.map(\.name) == ["keepers", "neighbours", "squad"])
        let keepers = try #require(team.fetchedPropertiesByName["keepers"])
        #expect(keepers.entity === team)
        #expect(keepers.destinationEntity === model.entity(named: "Player"))
        #expect(keepers.fetchRequest.entityName == "Player")
        #expect(
            keepers.fetchRequest.predicate?.predicateFormat
                == "team == $FETCH_SOURCE AND position == $FETCHED_PROPERTY.userInfo.position")
        #expect(keepers.userInfo == ["position": "GK"])
        #expect(keepers.isOptional && keepers.isTransient)
        #expect(team.property(named: "keepers") as? FetchedPropertyDescription === keepers)
        let captain = try #require(model.entity(named: "Captain"))
        #expect(
            captain.fetchedPropertiesByName["teammates"] === model.entity(named: "Player")?.fetchedPropertiesByName["teammates"])
        #expect(captain.ownFetchedProperties.isEmpty)
    }

    @Test("They are not part of the version hashes: a model with them is the model without them, to a store")
    func notInVersionHashes() throws {
        let without = try ManagedObjectModel(xml: Data(Self.xml(fetchedProperties: false).utf8))
        #expect(try Self.model(xml: true).entityVersionHashes == without.entityVersionHashes)
        #expect(try Self.model(xml: false).entityVersionHashes == without.entityVersionHashes)
    }

    @Test("A `$VARIABLE` followed by keys parses as one variable and renders back")
    func variableKeyPathsParse() throws {
        let predicate = try FetchPredicate(format: "name == $FETCH_SOURCE.team.name OR code == $FETCHED_PROPERTY.userInfo.in")
        guard case .or(let terms) = predicate, case .comparison(let first) = terms[0] else {
            Issue.record("not an OR of comparisons: \(predicate)")
            return
        }
        #expect(first.right == .variable("FETCH_SOURCE.team.name"))
        #expect(try FetchPredicate(format: predicate.predicateFormat) == predicate)
        #expect(throws: FetchPredicateError.self) { try FetchPredicate(format: "name == $FETCH_SOURCE.") }
    }

    // MARK: Reading them

    @Test("Fetched on first read, with the context's unsaved changes, as an array", arguments: StoreKind.allCases)
    func fetchedOnFirstRead(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model(xml: true))
        let (lechia, _) = try Self.league(stack.context)
        let context = stack.newContext()
        let team = try context.existingObject(with: lechia.objectID)
        // Changes made before the first read are seen by it: nothing was fetched with the team.
        try context.make("Player", ["name": "Paixão", "position": "FW", "team": team])
        let kuciak = try #require(try context.all("Player", "name == 'Kuciak'").first)
        try kuciak.setValue(nil, forKey: "team")
        let squad = try team.value(forKey: "squad")
        #expect(squad is [ManagedObject])
        #expect(try Self.names(team, "squad") == ["Flavio", "Nalepa", "Paixão"])
        #expect(try Self.names(team, "keepers") == [])
        #expect(try Self.names(team, "neighbours") == ["Arka"])
        let flavio = try #require(try context.all("Player", "name == 'Flavio'").first)
        #expect(try Self.names(flavio, "teammates") == ["Nalepa", "Paixão"])
        // Inherited by a sub-entity.
        let nalepa = try #require(try context.all("Captain").first)
        #expect(try Self.names(nalepa, "teammates") == ["Flavio", "Paixão"])
        #expect((nalepa.fetchedObjects(forKey: "teammates") as [ManagedObject]).count == 2)
    }

    @Test("`$FETCH_SOURCE` by key path and `$FETCHED_PROPERTY.userInfo` read the source and the description")
    func variables() throws {
        let stack = try TestStack(.sqlite, model: Self.model(xml: false))
        let (lechia, arka) = try Self.league(stack.context)
        #expect(try Self.names(arka, "keepers") == ["Kobylak"])
        #expect(try Self.names(lechia, "keepers") == ["Kuciak"])
        #expect(try Self.names(arka, "neighbours") == ["Lechia"])
        // An unsaved source: its temporary ID and its current values.
        let gryf = try stack.context.make("Team", ["name": "Gryf", "city": "Warszawa"])
        try stack.context.make("Player", ["name": "Nowak", "position": "GK", "team": gryf])
        #expect(try Self.names(gryf, "keepers") == ["Nowak"])
        #expect(try Self.names(gryf, "neighbours") == ["Legia"])
        // A nil value of the source matches nil values.
        let nomads = try stack.context.make("Team", ["name": "Nomads"])
        try stack.context.make("Team", ["name": "Drifters"])
        #expect(try Self.names(nomads, "neighbours") == ["Drifters"])
    }

    @Test("Kept, not kept up to date, until the object is refreshed or turned into a fault", arguments: StoreKind.allCases)
    func keptUntilRefreshed(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model(xml: true))
        let (lechia, _) = try Self.league(stack.context)
        let context = stack.context
        let squad = try #require(try lechia.value(forKey: "squad") as? [ManagedObject])
        try context.make("Player", ["name": "Paixão", "team": lechia])
        #expect(try Self.names(lechia, "squad") == ["Flavio", "Kuciak", "Nalepa"])
        try context.save()
        #expect(try #require(try lechia.value(forKey: "squad") as? [ManagedObject]) == squad)
        context.refresh(lechia, mergeChanges: true)
        #expect(try Self.names(lechia, "squad") == ["Flavio", "Kuciak", "Nalepa", "Paixão"])
        try context.make("Player", ["name": "Haraslín", "team": lechia])
        context.refresh(lechia)
        #expect(lechia.isFault)
        #expect(try Self.names(lechia, "squad") == ["Flavio", "Haraslín", "Kuciak", "Nalepa", "Paixão"])
        // A rollback turns the changed objects into faults.
        try lechia.setValue("Lechia Gdańsk", forKey: "name")
        try context.make("Player", ["name": "Conrado", "team": lechia])
        _ = try lechia.value(forKey: "squad")
        context.rollback()
        #expect(try Self.names(lechia, "squad") == ["Flavio", "Kuciak", "Nalepa", "Paixão"])
    }

    @Test("Objects whose fetched properties hold each other go with their context")
    func cyclesAreBroken() throws {
        let stack = try TestStack(.inMemory, model: Self.model(xml: true))
        _ = try Self.league(stack.context)
        weak var weakTeam: ManagedObject?
        try {
            let context = ManagedObjectContext(coordinator: stack.coordinator)
            let teams = try context.all("Team", "city == 'Gdańsk'")
            for team in teams { _ = try team.value(forKey: "neighbours") }
            weakTeam = teams.first
        }()
        #expect(weakTeam == nil)
    }

    @Test("Setting one is refused, naming it")
    func cannotBeSet() throws {
        let stack = try TestStack(.inMemory, model: Self.model(xml: true))
        let team = try stack.context.make("Team", ["name": "Lechia"])
        #expect(throws: ObjectGraphError.fetchedProperty(entity: "Team", key: "squad")) {
            try team.setValue([ManagedObject](), forKey: "squad")
        }
        #expect(throws: ObjectGraphError.fetchedProperty(entity: "Team", key: "squad")) {
            try team.setPrimitiveValue([ManagedObject](), forKey: "squad")
        }
    }

    // MARK: Stores

    @Test("Not stored: no column, the store's schema is that of the model without them, and it reopens")
    func notStored() throws {
        let store = try MigrationStore()
        try store.create(Data(Self.xml().utf8)) { _ = try Self.league($0) }
        let plain = try MigrationStore()
        try plain.create(Data(Self.xml(fetchedProperties: false).utf8)) { _ = try Self.league($0) }
        #expect(try store.tables() == plain.tables())
        for table in try store.tables() {
            #expect(try store.columns(of: table) == plain.columns(of: table), "\(table)")
        }
        let context = try store.open(try Self.model(xml: false))
        let arka = try #require(try context.all("Team", "name == 'Arka'").first)
        #expect(try Self.names(arka, "keepers") == ["Kobylak"])
    }

    @Test("Adding one to a new version of the model needs no migration")
    func addingOneNeedsNoMigration() throws {
        let store = try MigrationStore()
        let first = Data(Self.xml(fetchedProperties: false).utf8)
        try store.create(first) { _ = try Self.league($0) }
        let model = try ManagedObjectModel(
            versions: [ModelVersion(name: "League", xml: first), ModelVersion(name: "League 2", xml: Data(Self.xml().utf8))],
            current: "League 2")
        #expect(model.isCompatible(with: try store.metadata()))
        let context = try store.open(model)
        #expect(!store.hasBackup)
        let lechia = try #require(try context.all("Team", "name == 'Lechia'").first)
        #expect(try Self.names(lechia, "keepers") == ["Kuciak"])
    }

    // MARK: Real models, generated code

    @Test("SwiftGen's fetched property loads with its user info and fetches", arguments: StoreKind.allCases)
    func swiftGen(kind: StoreKind) throws {
        let model = try PublicModelTests.model("SwiftGen")
        let main = try #require(model.entity(named: "MainEntity"))
        let property = try #require(main.fetchedPropertiesByName["fetchedProperty"])
        #expect(property.userInfo == ["key": "value"])
        #expect(property.destinationEntity.name == "NewEntity")
        #expect(property.fetchRequest.predicate?.predicateFormat == "TRUE == TRUE")
        #expect(model.entity(named: "ChildEntity")?.fetchedPropertiesByName["fetchedProperty"] === property)
        let stack = try TestStack(kind, model: model)
        let object = try stack.context.make("MainEntity")
        try stack.context.make("NewEntity", ["identifier": UUID()])
        try stack.context.make("NewEntity", ["identifier": UUID()])
        #expect((try object.value(forKey: "fetchedProperty") as? [ManagedObject])?.count == 2)
    }

    @Test("The compiled Catalog fixture keeps its fetched properties; generated classes read them", arguments: StoreKind.allCases)
    func generatedClasses(kind: StoreKind) throws {
        let model = try CatalogModel.make(olderVersions: [])
        try model.register(CatalogClasses.all)
        let shelf = try #require(model.entity(named: "Shelf")?.fetchedPropertiesByName["prefixed"])
        #expect(shelf.fetchRequest.fetchLimit == 3)
        #expect(shelf.userInfo == ["prefix": "B"])
        let stack = try TestStack(kind, model: model)
        let context = stack.context
        let fiction = Shelf(context: context)
        fiction.name = "Fiction"
        var authors: [Author] = []
        for (index, name) in ["Mann", "mann", "Grass"].enumerated() {
            let author = Author(context: context)
            author.name = name
            authors.append(author)
            let book = CatalogBook(context: context)
            book.identifier = UUID()
            book.code = (index == 2 ? "C" : "B") + "12\(index)"
            book.shelf = fiction
            book.author = author
        }
        try context.save()
        #expect(authors[0].namesakes == [authors[1]])
        #expect(authors[2].namesakes.isEmpty)
        #expect(Set(fiction.prefixed.compactMap(\.code)) == ["B120", "B121"])
    }

    @Test("og-codegen writes a get-only array property for each")
    func classGenerator() throws {
        let files = ClassGenerator(model: try Self.model(xml: true), modelName: "League").files()
        let team = try #require(files.first { $0.name == "Team.swift" }?.contents)
        #expect(
            team.contains(
                """
                    /// Fetched `Player` objects where `team == $FETCH_SOURCE AND position == $FETCHED_PROPERTY.userInfo.position`.
                    public var keepers: [Player] { fetchedObjects(forKey: "keepers") }
                """))
        let captain = try #require(files.first { $0.name == "Captain.swift" }?.contents)
        #expect(!captain.contains("teammates"))
    }

    // MARK: Errors

    /// The error the model with `squad`'s predicate replaced by `predicate` throws.
    static func error(squad predicate: String) -> ModelError? {
        do {
            _ = try ManagedObjectModel(xml: Data(xml(squad: predicate).utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "A predicate that does not parse or resolve is refused when the model loads, naming entity, property and problem",
        arguments: [
            ("team == ", "predicate syntax error at column 9: expected a value after '==', found end of input"),
            ("tem == $FETCH_SOURCE", "entity 'Player' has no property 'tem'"),
            ("name == $FETCH_SOURCE.nme", "entity 'Team' has no property 'nme'"),
            (
                "name IN $FETCH_SOURCE.players",
                "unsupported fetch '$FETCH_SOURCE.players': it yields many values; a variable stands for one"
            ),
            (
                "team == $TEAM",
                "unsupported fetch '$TEAM': a fetched property's predicate knows the variables $FETCH_SOURCE and $FETCHED_PROPERTY"
            ),
            (
                "name == $FETCHED_PROPERTY.entity",
                "unsupported fetch '$FETCHED_PROPERTY.entity': $FETCHED_PROPERTY has the keys name and userInfo.<key>"
            ),
        ])
    func badPredicates(predicate: String, why: String) {
        #expect(Self.error(squad: predicate) == ModelError(entity: "Team", property: "squad", .invalidFetchRequest(why)))
    }

    @Test("An unknown destination, a missing request and a name clash are refused")
    func otherErrors() throws {
        let unknown = Self.xml().replacingOccurrences(
            of: #"entity="Team" predicateString="city"#, with: #"entity="Club" predicateString="city"#)
        #expect(throws: ModelError(entity: "Team", property: "neighbours", .unknownDestination("Club"))) {
            try ManagedObjectModel(xml: Data(unknown.utf8))
        }
        let empty = Self.xml().replacingOccurrences(
            of: #"<fetchRequest name="fetchedPropertyFetchRequest" entity="Player" predicateString="team == $FETCH_SOURCE"/>"#,
            with: "")
        #expect(throws: ModelError(entity: "Team", property: "squad", .invalidFetchRequest("it has no <fetchRequest>"))) {
            try ManagedObjectModel(xml: Data(empty.utf8))
        }
        let request = FetchRequest<ManagedObject>(entityName: "Team")
        #expect(throws: ModelError(entity: "Team", property: "name", .duplicateProperty)) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "Team", attributes: [AttributeDescription("name", .string)],
                    fetchedProperties: [FetchedPropertyDescription("name", fetchRequest: request)])
            ])
        }
        #expect(throws: ModelError(entity: "Club", property: "name", .duplicateProperty)) {
            try ManagedObjectModel(entities: [
                EntityDescription("Team", attributes: [AttributeDescription("name", .string)]),
                EntityDescription(
                    "Club", parent: "Team", fetchedProperties: [FetchedPropertyDescription("name", fetchRequest: request)]),
            ])
        }
        #expect(throws: ModelError(entity: "Team", property: "9lives", .invalidName)) {
            try ManagedObjectModel(entities: [
                EntityDescription("Team", fetchedProperties: [FetchedPropertyDescription("9lives", fetchRequest: request)])
            ])
        }
    }
}
