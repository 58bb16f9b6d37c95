import Foundation
import ObjectGraph
import TestSupport
import Testing

@Suite("Xcode model loader")
struct XcodeModelLoaderTests {
    @Test("A model in Xcode 3's binary format is refused with what to do, however it is given")
    func xcode3BinaryFormat() throws {
        let folder = Bundle.module.bundleURL.appendingPathComponent("Fixtures/Xcode3Recipes.xcdatamodel")
        let elements = folder.appendingPathComponent("elements")
        for (url, path) in [(folder, folder.path), (elements, folder.path)] {
            #expect {
                _ = try ManagedObjectModel(contentsOf: url)
            } throws: { error in
                (error as? ModelError)?.description
                    == "model cannot be read: \(path) is in Xcode 3 binary model format: open and save the model in a newer Xcode"
            }
        }
        #expect {
            _ = try ManagedObjectModel(xml: try Data(contentsOf: elements))
        } throws: { error in
            (error as? ModelError)?.reason == .binaryFormat("the model data")
        }
    }

    @Test func fixtureLoadsWithEveryEntity() throws {
        let model = try TournamentModel.loadFixture()
        #expect(model.entities.map(\.name) == ["Coach", "Group", "Human", "Match", "Player", "Sample", "Sponsor", "Team"])
    }

    @Test func fixtureDescribesTheSameModelAsTheInCodeModel() throws {
        let loaded = try TournamentModel.loadFixture()
        let built = try TournamentModel.makeInCode()
        #expect(outline(of: loaded) == outline(of: built))
        #expect(loaded.entityVersionHashes == built.entityVersionHashes)
    }

    @Test func fixtureReadsEveryAttributeTypeAndValue() throws {
        let sample = try #require(try TournamentModel.loadFixture().entity(named: "Sample"))
        let types = Dictionary(uniqueKeysWithValues: sample.attributes.map { ($0.name, $0.attributeType) })
        // Transformable, which real models bring, is RealModelTests'; Undefined, transient only,
        // UndefinedAttributeTests'.
        #expect(Set(types.values) == Set(AttributeType.allCases).subtracting([.transformable, .undefined]))
        #expect(sample.attributesByName["boolean"]?.defaultValue == .boolean(false))
        #expect(sample.attributesByName["count"]?.defaultValue == .integer(7))
        #expect(sample.attributesByName["note"]?.isTransient == true)
        #expect(sample.attributes.allSatisfy { $0.isOptional })
    }

    @Test func fixtureReadsBoundsPatternsAndIndexes() throws {
        let model = try TournamentModel.loadFixture()
        let teamName = try #require(model.entity(named: "Team")?.attributesByName["name"])
        #expect(teamName.minLength == 2 && teamName.maxLength == 40 && teamName.minValue == nil)
        #expect(teamName.isIndexed && !teamName.isOptional)
        let rating = try #require(model.entity(named: "Team")?.attributesByName["rating"])
        #expect(rating.minValue == .double(0) && rating.maxValue == .double(100))
        let number = try #require(model.entity(named: "Player")?.attributesByName["number"])
        #expect(number.minValue == .integer(1) && number.maxValue == .integer(99) && number.isIndexed)
        #expect(model.entity(named: "Team")?.attributesByName["code"]?.regularExpression == "[A-Z]{3}")
        #expect(model.entity(named: "Group")?.attributesByName["name"]?.isIndexed == true)
        #expect(model.entity(named: "Human")?.attributesByName["name"]?.isIndexed == false)
    }

    @Test func fixtureResolvesInheritance() throws {
        let model = try TournamentModel.loadFixture()
        let human = try #require(model.entity(named: "Human"))
        let player = try #require(model.entity(named: "Player"))
        #expect(human.isAbstract && !player.isAbstract)
        #expect(human.subentities.map(\.name) == ["Coach", "Player"])
        #expect(player.superentity === human)
        #expect(player.attributes.map(\.name) == ["givenName", "name", "born", "number", "position"])
        #expect(player.property(named: "givenName")?.entity === human)
        #expect(model.entity(named: "Coach")?.attributesByName.keys.sorted() == ["givenName", "name"])
    }

    @Test func fixtureResolvesRelationshipsAndInverses() throws {
        let model = try TournamentModel.loadFixture()
        let team = try #require(model.entity(named: "Team"))
        let players = try #require(team.relationshipsByName["players"])
        #expect(players.isToMany && players.deleteRule == .cascade)
        #expect(players.inverseRelationship?.name == "team" && players.inverseRelationship?.isToMany == false)
        #expect(team.relationshipsByName["coach"]?.isToMany == false)
        #expect(team.relationshipsByName["coach"]?.maxCount == 0)
        #expect(team.relationshipsByName["homeMatches"]?.deleteRule == .deny)
        #expect(model.entity(named: "Player")?.relationshipsByName["sponsors"]?.isManyToMany == true)
    }

    @Test func fixtureHasTheFetchRequestTemplates() throws {
        let model = try TournamentModel.loadFixture()
        let built = try TournamentModel.makeInCode()
        #expect(model.fetchRequestTemplates.keys.sorted() == ["initialisationCheck", "playersOfTeam", "teamNamed"])
        for (name, template) in model.fetchRequestTemplates {
            let expected = try #require(built.fetchRequestTemplates[name])
            #expect(template.entityName == expected.entityName, "\(name)")
            #expect(template.predicate == expected.predicate, "\(name)")
        }
        let request = try model.fetchRequest(fromTemplate: "teamNamed", substitutionVariables: ["NAME": "Polen"])
        #expect(request.entityName == "Team")
        #expect(request.predicate == (try FetchPredicate(format: "name == %@", "Polen")))
    }

    // MARK: Where the model comes from

    @Test func bundleVersionDirectoryAndContentsFileLoadTheSameModel() throws {
        let bundle = TournamentModel.fixtureURL
        let version = bundle.appendingPathComponent("Tournament.xcdatamodel")
        let hashes = try ManagedObjectModel(contentsOf: bundle).entityVersionHashes
        #expect(try ManagedObjectModel(contentsOf: version).entityVersionHashes == hashes)
        #expect(try ManagedObjectModel(contentsOf: version.appendingPathComponent("contents")).entityVersionHashes == hashes)
    }

    @Test func bundleLoadsTheVersionXccurrentversionNames() throws {
        try withTemporaryBundle(versions: ["A": oneEntity("Alpha"), "B": oneEntity("Beta")], current: "B") { bundle in
            let model = try ManagedObjectModel(contentsOf: bundle)
            #expect(model.entities.map(\.name) == ["Beta"])
        }
    }

    @Test func bundleWithoutXccurrentversionLoadsItsOnlyVersion() throws {
        try withTemporaryBundle(versions: ["A": oneEntity("Alpha")], current: nil) { bundle in
            let model = try ManagedObjectModel(contentsOf: bundle)
            #expect(model.entities.map(\.name) == ["Alpha"])
        }
    }

    @Test func bundleWithoutXccurrentversionAndTwoVersionsIsRejected() throws {
        try withTemporaryBundle(versions: ["A": oneEntity("Alpha"), "B": oneEntity("Beta")], current: nil) { bundle in
            let error = #expect(throws: ModelError.self) { try ManagedObjectModel(contentsOf: bundle) }
            #expect(error?.description.contains("A.xcdatamodel, B.xcdatamodel") == true)
        }
    }

    @Test func missingFileIsReportedWithItsPath() {
        let url = URL(fileURLWithPath: "/nonexistent/Missing.xcdatamodeld")
        let error = #expect(throws: ModelError.self) { try ManagedObjectModel(contentsOf: url) }
        #expect(error?.reason == .unreadableFile("no data model at /nonexistent/Missing.xcdatamodeld"))
    }

    // MARK: Broken models

    @Test(arguments: BrokenXcodeModel.all)
    func brokenModelIsRejectedNamingTheCulprit(_ broken: BrokenXcodeModel) {
        let error = #expect(throws: ModelError.self) { try ManagedObjectModel(xml: Data(broken.xml.utf8)) }
        guard let error else { return }
        #expect(error.entity == broken.entity)
        #expect(error.property == broken.property)
        #expect(caseName(of: error.reason) == broken.kind)
        if let reason = broken.reason { #expect(error.reason == reason) }
        if let entity = broken.entity { #expect(error.description.contains("entity '\(entity)'")) }
        if let property = broken.property { #expect(error.description.contains("property '\(property)'")) }
        for text in broken.mentions { #expect(error.description.contains(text), "\(error)") }
    }

    @Test func uncheckedPatternsAreLeftForSaving() throws {
        let xml = Data(
            xcdatamodelXML(
                """
                <entity name="Team"><attribute name="code" optional="YES" attributeType="String" regularExpressionString="[A-Z"/></entity>
                """
            ).utf8)
        let model = try ManagedObjectModel(xml: xml, checkingPatterns: false)
        #expect(model.entity(named: "Team")?.attributesByName["code"]?.regularExpression == "[A-Z")
        #expect(throws: ModelError.self) { try ManagedObjectModel(xml: xml) }
    }

    @Test func legacyIndexedAttributeIsIndexed() throws {
        let model = try ManagedObjectModel(
            xml: Data(
                xcdatamodelXML(
                    """
                    <entity name="A"><attribute name="a" optional="YES" attributeType="String" indexed="YES"/></entity>
                    """
                ).utf8))
        #expect(model.entity(named: "A")?.attributesByName["a"]?.isIndexed == true)
    }

    @Test func fetchIndexOnAnInheritedAttributeIndexesTheAncestors() throws {
        let model = try ManagedObjectModel(
            xml: Data(
                xcdatamodelXML(
                    """
                    <entity name="Base" isAbstract="YES"><attribute name="a" attributeType="String"/></entity>
                    <entity name="Sub" parentEntity="Base">
                        <fetchIndex name="byA"><fetchIndexElement property="a" type="Binary" order="ascending"/></fetchIndex>
                    </entity>
                    """
                ).utf8))
        #expect(model.entity(named: "Base")?.attributesByName["a"]?.isIndexed == true)
    }

    @Test func datesAndBoundsUseSecondsSince2001() throws {
        let model = try ManagedObjectModel(
            xml: Data(
                xcdatamodelXML(
                    """
                    <entity name="A">
                        <attribute name="d" attributeType="Date" defaultDateTimeInterval="60" minDateTimeInterval="0" maxDateTimeInterval="3600"/>
                    </entity>
                    """
                ).utf8))
        let d = try #require(model.entity(named: "A")?.attributesByName["d"])
        #expect(d.defaultValue == .date(Date(timeIntervalSinceReferenceDate: 60)))
        #expect(d.minValue == .date(Date(timeIntervalSinceReferenceDate: 0)))
        #expect(d.maxValue == .date(Date(timeIntervalSinceReferenceDate: 3600)))
    }

    @Test func templateOptionsAreRead() throws {
        let model = try ManagedObjectModel(
            xml: Data(
                xcdatamodelXML(
                    """
                    <entity name="A"><attribute name="a" optional="YES" attributeType="String"/></entity>
                    <fetchRequest name="some" entity="A" fetchLimit="5" includeSubentities="NO" returnObjectsAsFaults="NO"/>
                    <fetchRequest name="bare" entity="A" includePropertyValues="NO"/>
                    """
                ).utf8))
        let template = try #require(model.fetchRequestTemplates["some"])
        #expect(template.fetchLimit == 5 && !template.includesSubentities && !template.returnsObjectsAsFaults)
        #expect(template.predicate == nil && template.includesPendingChanges && template.includesPropertyValues)
        #expect(model.fetchRequestTemplates["bare"]?.includesPropertyValues == false)
    }

    @Test func unknownElementsAndAttributesAreIgnored() throws {
        let model = try ManagedObjectModel(
            xml: Data(
                xcdatamodelXML(
                    """
                    <entity name="A" representedClassName="Module.AClass" syncable="YES" codeGenerationType="class" elementID="x">
                        <attribute name="a" optional="YES" attributeType="String" spotlightIndexingEnabled="YES">
                            <userInfo><entry key="k" value="v"/></userInfo>
                        </attribute>
                        <fetchedProperty name="f" optional="YES"><fetchRequest name="fetchedPropertyFetchRequest" entity="A"/></fetchedProperty>
                    </entity>
                    <configuration name="Cloud"><memberEntity name="A"/></configuration>
                    <elements><element name="A" positionX="0" positionY="0" width="128" height="44"/></elements>
                    """
                ).utf8))
        #expect(model.entity(named: "A")?.managedObjectClassName == "AClass")
        #expect(model.fetchRequestTemplates.isEmpty)
    }
}

// MARK: - Broken model table

/// A model file with one mistake, and the error it must produce.
struct BrokenXcodeModel: Sendable, CustomTestStringConvertible {
    let name: String
    let xml: String
    let entity: String?
    let property: String?
    /// The reason's case name, as ``caseName(of:)`` spells it.
    let kind: String
    /// The exact reason, when its text does not depend on the platform or another component.
    let reason: ModelError.Reason?
    /// Text the description must contain.
    let mentions: [String]

    var testDescription: String { name }

    init(
        _ name: String, entity: String?, property: String? = nil, kind: String,
        reason: ModelError.Reason? = nil, mentions: [String] = [], body: String
    ) {
        self.name = name
        self.entity = entity
        self.property = property
        self.kind = kind
        self.reason = reason
        self.mentions = mentions
        self.xml = body.hasPrefix("<?xml") ? body : xcdatamodelXML(body)
    }

    static let all: [BrokenXcodeModel] = [
        BrokenXcodeModel(
            "unknown inverse", entity: "Player", property: "team", kind: "unknownInverse",
            reason: .unknownInverse("squad"),
            body: """
                <entity name="Player"><relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="squad" inverseEntity="Team"/></entity>
                <entity name="Team"><relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/></entity>
                """),
        BrokenXcodeModel(
            "inverse entity other than the destination", entity: "Player", property: "team",
            kind: "inverseMismatch", reason: .inverseMismatch("Club.players"),
            body: """
                <entity name="Player"><relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Club"/></entity>
                <entity name="Team"><relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/></entity>
                """),
        BrokenXcodeModel(
            "unknown destination", entity: "Player", property: "club", kind: "unknownDestination",
            reason: .unknownDestination("Club"), mentions: ["'Club'"],
            body: """
                <entity name="Player"><relationship name="club" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Club" inverseName="players" inverseEntity="Club"/></entity>
                """),
        BrokenXcodeModel(
            "unknown attribute type", entity: "Team", property: "logo", kind: "unknownAttributeType",
            reason: .unknownAttributeType("Picture"), mentions: ["'Picture'"],
            body: """
                <entity name="Team"><attribute name="logo" optional="YES" attributeType="Picture"/></entity>
                """),
        BrokenXcodeModel(
            "stored Undefined attribute", entity: "Team", property: "logo", kind: "storedUndefinedAttribute",
            reason: .storedUndefinedAttribute, mentions: ["Undefined"],
            body: """
                <entity name="Team"><attribute name="logo" optional="YES" attributeType="Undefined"/></entity>
                """),
        BrokenXcodeModel(
            "stored attribute without a type", entity: "Team", property: "logo", kind: "storedUndefinedAttribute",
            reason: .storedUndefinedAttribute,
            body: """
                <entity name="Team"><attribute name="logo" optional="YES"/></entity>
                """),
        BrokenXcodeModel(
            "inheritance cycle", entity: "A", kind: "inheritanceCycle",
            reason: .inheritanceCycle(["A", "B", "A"]), mentions: ["A -> B -> A"],
            body: """
                <entity name="A" parentEntity="B"/>
                <entity name="B" parentEntity="A"/>
                """),
        BrokenXcodeModel(
            "child of an inheritance cycle", entity: "B", kind: "inheritanceCycle",
            reason: .inheritanceCycle(["B", "B"]), mentions: ["B -> B"],
            body: """
                <entity name="A" parentEntity="B"/>
                <entity name="B" parentEntity="B"/>
                """),
        BrokenXcodeModel(
            "unknown parent", entity: "Player", kind: "unknownParent",
            reason: .unknownParent("Person"), mentions: ["'Person'"],
            body: """
                <entity name="Player" parentEntity="Person"><attribute name="number" attributeType="Integer 16"/></entity>
                """),
        BrokenXcodeModel(
            "entity name with a space", entity: "Team Members", kind: "invalidName", reason: .invalidName,
            mentions: ["'Team Members'", "letters, digits and underscores"],
            body: """
                <entity name="Team Members"/>
                """),
        BrokenXcodeModel(
            "entity name starting with a digit", entity: "1Team", kind: "invalidName", reason: .invalidName,
            body: """
                <entity name="1Team"/>
                """),
        BrokenXcodeModel(
            "attribute name that is not ASCII", entity: "Team", property: "größe", kind: "invalidName",
            reason: .invalidName,
            body: """
                <entity name="Team"><attribute name="größe" optional="YES" attributeType="Integer 16"/></entity>
                """),
        BrokenXcodeModel(
            "relationship name starting with an underscore", entity: "Team", property: "_players", kind: "invalidName",
            reason: .invalidName,
            body: """
                <entity name="Team"><relationship name="_players" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Team" inverseName="_players" inverseEntity="Team"/></entity>
                """),
        BrokenXcodeModel(
            "duplicate entity", entity: "A", kind: "duplicateEntity", reason: .duplicateEntity,
            body: """
                <entity name="A"/>
                <entity name="A"/>
                """),
        BrokenXcodeModel(
            "property declared by the parent too", entity: "Player", property: "name", kind: "duplicateProperty",
            reason: .duplicateProperty,
            body: """
                <entity name="Human" isAbstract="YES"><attribute name="name" attributeType="String"/></entity>
                <entity name="Player" parentEntity="Human"><attribute name="name" attributeType="String"/></entity>
                """),
        BrokenXcodeModel(
            "integer default that is not a number", entity: "Sample", property: "count", kind: "invalidValue",
            reason: .invalidValue(#"default "many" (defaultValueString) for type Integer 16"#),
            body: """
                <entity name="Sample"><attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="many"/></entity>
                """),
        BrokenXcodeModel(
            "integer default out of range", entity: "Sample", property: "count", kind: "invalidValue",
            mentions: ["40000"],
            body: """
                <entity name="Sample"><attribute name="count" optional="YES" attributeType="Integer 16" defaultValueString="40000"/></entity>
                """),
        BrokenXcodeModel(
            "Boolean default other than YES or NO", entity: "Sample", property: "flag", kind: "invalidValue",
            mentions: ["maybe"],
            body: """
                <entity name="Sample"><attribute name="flag" optional="YES" attributeType="Boolean" defaultValueString="maybe"/></entity>
                """),
        BrokenXcodeModel(
            "decimal default with trailing garbage", entity: "Sample", property: "amount", kind: "invalidValue",
            mentions: ["12abc"],
            body: """
                <entity name="Sample"><attribute name="amount" optional="YES" attributeType="Decimal" defaultValueString="12abc"/></entity>
                """),
        BrokenXcodeModel(
            "decimal default that is not a number in decimal notation", entity: "Sample", property: "amount",
            kind: "invalidValue", mentions: ["nan"],
            body: """
                <entity name="Sample"><attribute name="amount" optional="YES" attributeType="Decimal" defaultValueString="nan"/></entity>
                """),
        BrokenXcodeModel(
            "UUID default with a space inside", entity: "Sample", property: "id", kind: "invalidValue",
            mentions: ["E621E1F8-C36C-495A-93FC-0C 47A3E6E5F"],
            body: """
                <entity name="Sample"><attribute name="id" optional="YES" attributeType="UUID" defaultValueString="E621E1F8-C36C-495A-93FC-0C 47A3E6E5F"/></entity>
                """),
        BrokenXcodeModel(
            "UUID default that is not a UUID", entity: "Sample", property: "id", kind: "invalidValue",
            mentions: ["not-a-uuid"],
            body: """
                <entity name="Sample"><attribute name="id" optional="YES" attributeType="UUID" defaultValueString="not-a-uuid"/></entity>
                """),
        BrokenXcodeModel(
            "date default that is not a number", entity: "Match", property: "kickoff", kind: "invalidValue",
            mentions: ["defaultDateTimeInterval"],
            body: """
                <entity name="Match"><attribute name="kickoff" attributeType="Date" defaultDateTimeInterval="tomorrow"/></entity>
                """),
        BrokenXcodeModel(
            "numeric minimum that is not a number", entity: "Team", property: "rating", kind: "invalidValue",
            mentions: ["minimum", "low"],
            body: """
                <entity name="Team"><attribute name="rating" optional="YES" attributeType="Double" minValueString="low"/></entity>
                """),
        BrokenXcodeModel(
            "negative string length", entity: "Team", property: "name", kind: "invalidValue",
            mentions: ["-1"],
            body: """
                <entity name="Team"><attribute name="name" attributeType="String" minValueString="-1"/></entity>
                """),
        BrokenXcodeModel(
            "bound on a Boolean", entity: "Sample", property: "flag", kind: "invalidValue",
            mentions: ["Boolean"],
            body: """
                <entity name="Sample"><attribute name="flag" optional="YES" attributeType="Boolean" maxValueString="1"/></entity>
                """),
        BrokenXcodeModel(
            "regular expression that does not compile", entity: "Team", property: "code",
            kind: "invalidRegularExpression", reason: .invalidRegularExpression("[A-Z"),
            body: """
                <entity name="Team"><attribute name="code" optional="YES" attributeType="String" regularExpressionString="[A-Z"/></entity>
                """),
        BrokenXcodeModel(
            "flag other than YES or NO", entity: "Team", property: "name", kind: "invalidValue",
            mentions: ["optional", "sometimes"],
            body: """
                <entity name="Team"><attribute name="name" optional="sometimes" attributeType="String"/></entity>
                """),
        BrokenXcodeModel(
            "unknown deletion rule", entity: "Team", property: "players", kind: "invalidValue",
            mentions: ["Explode"],
            body: """
                <entity name="Player"><relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/></entity>
                <entity name="Team"><relationship name="players" optional="YES" toMany="YES" deletionRule="Explode" destinationEntity="Player" inverseName="team" inverseEntity="Player"/></entity>
                """),
        BrokenXcodeModel(
            "fetch index naming no property", entity: "Team", property: "nmae", kind: "invalidValue",
            body: """
                <entity name="Team">
                    <attribute name="name" attributeType="String"/>
                    <fetchIndex name="byName"><fetchIndexElement property="nmae" type="Binary" order="ascending"/></fetchIndex>
                </entity>
                """),
        BrokenXcodeModel(
            "unparsable template predicate", entity: "teamNamed", kind: "invalidFetchRequest",
            mentions: ["invalid fetch request"],
            body: """
                <entity name="Team"><attribute name="name" attributeType="String"/></entity>
                <fetchRequest name="teamNamed" entity="Team" predicateString="name =="/>
                """),
        BrokenXcodeModel(
            "template of an unknown entity", entity: "clubs", kind: "invalidFetchRequest",
            mentions: ["'Club'"],
            body: """
                <entity name="Team"><attribute name="name" attributeType="String"/></entity>
                <fetchRequest name="clubs" entity="Club" predicateString="name == $NAME"/>
                """),
        BrokenXcodeModel(
            "malformed XML", entity: nil, kind: "unreadableFile",
            reason: .unreadableFile(
                "line 5, column 1: expected the name of an attribute or the end of the start tag <attribute>"),
            body: """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                    <entity name="Team">
                        <attribute name="name" attributeType="String"
                </model>
                """),
        BrokenXcodeModel(
            "not a data model", entity: nil, kind: "unreadableFile",
            reason: .unreadableFile("line 2: the root element is <plist>, not <model>"),
            body: """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict/></plist>
                """),
        BrokenXcodeModel(
            "entity without a name", entity: nil, kind: "unreadableFile",
            reason: .unreadableFile("line 3: <entity> has no name"),
            body: """
                <entity representedClassName="Nameless"/>
                """),
    ]
}

// MARK: - ManagedObjectModel checks

@Suite("Managed object model")
struct ManagedObjectModelTests {
    @Test func entitiesAreSortedAndNumberedByName() throws {
        let model = try ManagedObjectModel(entities: [EntityDescription("B"), EntityDescription("A")])
        #expect(model.entities.map(\.name) == ["A", "B"])
        #expect(model.entities.map(\.entityNumber) == [1, 2])
        #expect(model.entity(named: "B")?.model === model)
    }

    @Test("An object ID outlives its entity description's last owner and its model")
    func idsKeepTheirEntity() throws {
        func makeIDs() throws -> [ManagedObjectID] {
            let model = try ManagedObjectModel(entities: [EntityDescription("Team")])
            let context = ManagedObjectContext(coordinator: PersistentStoreCoordinator(model: model))
            let inserted = try context.insertNewObject(forEntityName: "Team").objectID
            return [inserted, ManagedObject(entity: EntityDescription("Loose"), insertInto: nil).objectID]
        }
        let ids = try makeIDs()
        // Reuse the memory the model and entities would have had.
        let churn = (0..<2_000).map { EntityDescription("E\($0)", attributes: [AttributeDescription("a", .string)]) }
        #expect(ids.map(\.entity.name) == ["Team", "Loose"])
        #expect(ids[0] != ids[1] && ids[0] == ids[0])
        #expect(ids[1].uriRepresentation.absoluteString.hasPrefix("x-coredata:///Loose/t"))
        _ = churn
    }

    @Test func propertyDeclaredTwiceInOneEntityIsRejected() {
        let error = #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: [
                EntityDescription("A", attributes: [AttributeDescription("x", .string), AttributeDescription("x", .integer16)])
            ])
        }
        #expect(error == ModelError(entity: "A", property: "x", .duplicateProperty))
    }

    @Test func attributeAndRelationshipSharingANameAreRejected() {
        let error = #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A", attributes: [AttributeDescription("b", .string)],
                    relationships: [RelationshipDescription("b", destination: "B", inverse: "a")]),
                EntityDescription("B", relationships: [RelationshipDescription("a", destination: "A", inverse: "b")]),
            ])
        }
        #expect(error == ModelError(entity: "A", property: "b", .duplicateProperty))
    }

    @Test func inverseThatPointsElsewhereIsRejected() {
        let error = #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A",
                    relationships: [
                        RelationshipDescription("b", destination: "B", inverse: "a"),
                        RelationshipDescription("other", destination: "B", inverse: "a"),
                    ]),
                EntityDescription("B", relationships: [RelationshipDescription("a", destination: "A", inverse: "b")]),
            ])
        }
        #expect(error == ModelError(entity: "A", property: "other", .inverseMismatch("a")))
    }

    @Test func toManyWithMoreMinimumThanMaximumIsRejected() {
        let error = #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A",
                    relationships: [
                        RelationshipDescription("bs", destination: "B", inverse: "a", toMany: true, minCount: 3, maxCount: 2)
                    ]),
                EntityDescription("B", relationships: [RelationshipDescription("a", destination: "A", inverse: "bs")]),
            ])
        }
        #expect(error?.entity == "A" && error?.property == "bs")
        #expect(error.map { caseName(of: $0.reason) } == "invalidValue")
    }

    @Test func defaultValueOfTheWrongTypeIsRejected() {
        let error = #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: [
                EntityDescription("A", attributes: [AttributeDescription("n", .integer32, defaultValue: .string("7"))])
            ])
        }
        #expect(error?.entity == "A" && error?.property == "n")
        #expect(error?.description.hasPrefix("entity 'A', property 'n' has a value that does not fit its type") == true)
    }

    @Test func templateOfAnUnknownEntityIsRejected() {
        let error = #expect(throws: ModelError.self) {
            try ManagedObjectModel(
                entities: [EntityDescription("A")],
                fetchRequestTemplates: ["all": FetchRequest(entityName: "Z")])
        }
        #expect(error == ModelError(entity: "all", .invalidFetchRequest("unknown entity 'Z'")))
    }

    @Test func unknownTemplateIsRejected() throws {
        let model = try ManagedObjectModel(entities: [EntityDescription("A")])
        #expect(throws: ModelError(entity: "none", .invalidFetchRequest("no template with this name"))) {
            try model.fetchRequest(fromTemplate: "none")
        }
    }

    @Test func versionHashesChangeWithStorageButNotWithTransients() throws {
        func hashes(optional: Bool, transient: String? = nil) throws -> [String: [UInt8]] {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "A",
                    attributes: [AttributeDescription("x", .string, isOptional: optional)]
                        + (transient.map { [AttributeDescription($0, .string, isTransient: true)] } ?? []))
            ]).entityVersionHashes
        }
        #expect(try hashes(optional: true) != hashes(optional: false))
        #expect(try hashes(optional: true) == hashes(optional: true, transient: "scratch"))
        #expect(try hashes(optional: true)["A"]?.count == 32)
    }

    @Test func subentityHashDependsOnItsParent() throws {
        func playerHash(parentAttribute: String) throws -> [UInt8]? {
            try ManagedObjectModel(entities: [
                EntityDescription("Human", isAbstract: true, attributes: [AttributeDescription(parentAttribute, .string)]),
                EntityDescription("Player", parent: "Human"),
            ]).entityVersionHashes["Player"]
        }
        #expect(try playerHash(parentAttribute: "name") != playerHash(parentAttribute: "surname"))
    }
}

// MARK: - Helpers

/// A `<model>` document around `body`, as Xcode writes it.
private func xcdatamodelXML(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22758" systemVersion="23F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
    \(body)
    </model>
    """
}

/// A model with one entity holding one optional string.
private func oneEntity(_ name: String) -> String {
    xcdatamodelXML(#"<entity name="\#(name)"><attribute name="a" optional="YES" attributeType="String"/></entity>"#)
}

/// Runs `body` with a `.xcdatamodeld` in a fresh temporary directory, removed afterwards.
private func withTemporaryBundle(
    versions: [String: String], current: String?, _ body: (URL) throws -> Void
) throws {
    try TemporaryDirectory.with(prefix: "XcodeModelLoaderTests") { directory in
        let bundle = directory.appendingPathComponent("Model.xcdatamodeld")
        for (name, contents) in versions {
            let version = bundle.appendingPathComponent("\(name).xcdatamodel")
            try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
            try contents.write(to: version.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        }
        if let current {
            let plist = try PropertyListSerialization.data(
                fromPropertyList: ["_XCCurrentVersionName": "\(current).xcdatamodel"], format: .xml, options: 0)
            try plist.write(to: bundle.appendingPathComponent(".xccurrentversion"))
        }
        try body(bundle)
    }
}

/// The name of a reason's case, without its payload: `"unknownParent"`.
private func caseName(of reason: ModelError.Reason) -> String {
    Mirror(reflecting: reason).children.first?.label ?? "\(reason)"
}

/// Every fact about a model that the loader must reproduce, one line each, so that a
/// difference shows as a readable diff.
private func outline(of model: ManagedObjectModel) -> [String] {
    var lines: [String] = []
    for entity in model.entities {
        lines.append(
            "entity \(entity.name) class=\(entity.managedObjectClassName) abstract=\(entity.isAbstract) "
                + "parent=\(entity.superentity?.name ?? "-") subentities=\(entity.subentities.map(\.name))")
        for a in entity.ownAttributes.sorted(by: { $0.name < $1.name }) {
            lines.append(
                "  attribute \(entity.name).\(a.name) \(a.attributeType.rawValue) optional=\(a.isOptional) "
                    + "transient=\(a.isTransient) indexed=\(a.isIndexed) default=\(a.defaultValue) "
                    + "min=\(a.minValue.map { "\($0)" } ?? "-") max=\(a.maxValue.map { "\($0)" } ?? "-") "
                    + "length=\(a.minLength.map(String.init) ?? "-")...\(a.maxLength.map(String.init) ?? "-") "
                    + "regex=\(a.regularExpression ?? "-")")
        }
        for r in entity.ownRelationships.sorted(by: { $0.name < $1.name }) {
            lines.append(
                "  relationship \(entity.name).\(r.name) -> \(r.destinationEntity.name) "
                    + "inverse=\(r.inverseRelationship.map { "\($0.entity.name).\($0.name)" } ?? "-") "
                    + "toMany=\(r.isToMany) rule=\(r.deleteRule.rawValue) optional=\(r.isOptional) "
                    + "transient=\(r.isTransient) count=\(r.minCount)...\(r.maxCount)")
        }
    }
    for (name, template) in model.fetchRequestTemplates.sorted(by: { $0.key < $1.key }) {
        lines.append(
            "template \(name) entity=\(template.entityName) limit=\(template.fetchLimit) "
                + "subentities=\(template.includesSubentities) faults=\(template.returnsObjectsAsFaults) "
                + "predicate=\(template.predicate.map { "\($0)" } ?? "-")")
    }
    return lines
}
