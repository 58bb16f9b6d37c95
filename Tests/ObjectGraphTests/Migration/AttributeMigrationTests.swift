import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: attributes added, removed, made optional or required")
struct AttributeMigrationTests {
    /// Team's attributes in the first version.
    static let teamAttributes = """
        <attribute name="founded" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
        <attribute name="motto" optional="YES" attributeType="String"/>
        <attribute name="name" attributeType="String"/>
        <attribute name="shortName" optional="YES" attributeType="String"/>
        """

    /// A model of teams with `attributes` and their players.
    static func model(team attributes: String) -> Data {
        ModelXML.model(
            """
            <entity name="Team" representedClassName="Team" syncable="YES">
                \(attributes)
                <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
            </entity>
            <entity name="Player" representedClassName="Player" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
            </entity>
            """)
    }

    static let v1 = model(team: teamAttributes)

    /// The versioned model whose second version changes Team's attributes `from` the first
    /// version's text `to` another.
    static func changing(_ from: String, to: String) throws -> ManagedObjectModel {
        let changed = teamAttributes.replacingOccurrences(of: from, with: to)
        try #require(changed != teamAttributes, "nothing to change")
        return try ManagedObjectModel.versioned([("Model", v1), ("Model 2", model(team: changed))])
    }

    /// Four teams, two without a motto, one without a short name; two players.
    static func fill(_ context: ManagedObjectContext) throws {
        let germany = try context.insert(
            "Team", ["name": "Deutschland", "founded": 1900, "motto": "Die Mannschaft", "shortName": "GER"])
        try context.insert("Team", ["name": "Italien", "founded": 1898, "shortName": "ITA"])
        try context.insert("Team", ["name": "Spanien", "founded": 1909, "motto": "La Roja"])
        try context.insert("Team", ["name": "Frankreich", "founded": 1919, "shortName": "FRA"])
        try context.insert("Player", ["name": "Musiala", "team": germany])
        try context.insert("Player", ["name": "Kroos", "team": germany])
    }

    /// Checks what every migration here keeps: the teams, their founding years, their players.
    static func expectKept(_ context: ManagedObjectContext) throws {
        #expect(try context.names("Team") == ["Deutschland", "Frankreich", "Italien", "Spanien"])
        #expect(try context.one("Team", named: "Italien").value(forKey: "founded") as? Int64 == 1898)
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Kroos", "Musiala"])
        #expect(try context.one("Player", named: "Kroos").name(of: "team") == "Deutschland")
    }

    @Test("An optional attribute added is nil for the old objects and takes values afterwards", arguments: StoreKind.sqlStores)
    func addedOptional(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.changing(
            #"<attribute name="name""#,
            to: #"<attribute name="stadium" optional="YES" attributeType="String"/><attribute name="name""#)

        let context = try store.open(model)
        try Self.expectKept(context)
        for team in try context.all("Team", by: "name") { #expect(try team.value(forKey: "stadium") == nil) }
        #expect(try context.one("Team", named: "Spanien").value(forKey: "motto") as? String == "La Roja")
        try context.one("Team", named: "Italien").setValue("San Siro", forKey: "stadium")
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Team", named: "Italien").value(forKey: "stadium") as? String == "San Siro")
        #expect(try again.one("Team", named: "Spanien").value(forKey: "stadium") == nil)
    }

    /// A required attribute with a default, as Xcode writes it, and the value it stands for.
    struct DefaultCase: Sendable, CustomTestStringConvertible {
        var attribute: String
        var expected: AttributeValue
        var testDescription: String { attribute }
    }

    static let defaults: [DefaultCase] = [
        DefaultCase(
            attribute:
                #"<attribute name="ranking" attributeType="Integer 32" defaultValueString="42" usesScalarValueType="YES"/>"#,
            expected: .integer(42)),
        DefaultCase(
            attribute:
                #"<attribute name="ranking" attributeType="Integer 64" defaultValueString="-7" usesScalarValueType="YES"/>"#,
            expected: .integer(-7)),
        DefaultCase(
            attribute: #"<attribute name="ranking" attributeType="String" defaultValueString="UEFA"/>"#,
            expected: .string("UEFA")),
        DefaultCase(
            attribute: #"<attribute name="ranking" attributeType="Boolean" defaultValueString="YES" usesScalarValueType="YES"/>"#,
            expected: .boolean(true)),
        DefaultCase(
            attribute: #"<attribute name="ranking" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>"#,
            expected: .boolean(false)),
        DefaultCase(
            attribute:
                #"<attribute name="ranking" attributeType="Date" defaultDateTimeInterval="694224000" usesScalarValueType="NO"/>"#,
            expected: .date(Date(timeIntervalSinceReferenceDate: 694_224_000))),
        DefaultCase(
            attribute: #"<attribute name="ranking" attributeType="Double" defaultValueString="2.5" usesScalarValueType="YES"/>"#,
            expected: .double(2.5)),
    ]

    @Test(
        "A required attribute added with a default gives every old object the default", arguments: StoreKind.sqlStores, defaults)
    func addedRequiredWithDefault(kind: StoreKind, _ added: DefaultCase) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.changing(#"<attribute name="shortName""#, to: added.attribute + #"<attribute name="shortName""#)

        let context = try store.open(model)
        try Self.expectKept(context)
        for team in try context.all("Team", by: "name") { #expect(try team.attribute("ranking") == added.expected) }
        #expect(try store.texts("SELECT COUNT(*) FROM ZTEAM WHERE ZRANKING IS NULL") == ["0"])
        try context.insert("Team", ["name": "Ukraine", "founded": 1991])
        try context.save()
        let again = try store.open(model)
        #expect(try again.all("Team", by: "name").count == 5)
        for team in try again.all("Team", by: "name") { #expect(try team.attribute("ranking") == added.expected) }
    }

    @Test("An attribute removed loses its column; the others keep their values", arguments: StoreKind.sqlStores)
    func removed(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.changing(#"<attribute name="motto" optional="YES" attributeType="String"/>"#, to: "")

        let context = try store.open(model)
        try Self.expectKept(context)
        #expect(!(try store.columns(of: "ZTEAM").contains("ZMOTTO")))
        #expect(try store.columns(of: "ZTEAM").isSuperset(of: ["ZNAME", "ZFOUNDED", "ZSHORTNAME"]))
        #expect(try context.one("Team", named: "Italien").value(forKey: "shortName") as? String == "ITA")
        #expect(throws: ObjectGraphError.self) { try context.one("Team", named: "Spanien").value(forKey: "motto") }
        try context.one("Team", named: "Spanien").setValue("ESP", forKey: "shortName")
        try context.save()
        #expect(try store.open(model).one("Team", named: "Spanien").value(forKey: "shortName") as? String == "ESP")
    }

    @Test("An attribute made optional keeps its values and takes nil afterwards", arguments: StoreKind.sqlStores)
    func madeOptional(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.changing(
            #"<attribute name="founded" attributeType="Integer 16""#,
            to: #"<attribute name="founded" optional="YES" attributeType="Integer 16""#)

        let context = try store.open(model)
        try Self.expectKept(context)
        #expect(try context.one("Team", named: "Frankreich").value(forKey: "founded") as? Int64 == 1919)
        try context.one("Team", named: "Frankreich").setValue(nil, forKey: "founded")
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Team", named: "Frankreich").value(forKey: "founded") == nil)
        #expect(try again.one("Team", named: "Spanien").value(forKey: "founded") as? Int64 == 1909)
    }

    @Test(
        "An attribute made required with a default fills the missing values and keeps the others", arguments: StoreKind.sqlStores)
    func madeRequiredWithDefault(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.changing(
            #"<attribute name="shortName" optional="YES" attributeType="String"/>"#,
            to: #"<attribute name="shortName" attributeType="String" defaultValueString="???"/>"#)

        let context = try store.open(model)
        try Self.expectKept(context)
        let shortNames = try context.all("Team", by: "name").map { try $0.value(forKey: "shortName") as? String }
        #expect(shortNames == ["GER", "FRA", "ITA", "???"])
        #expect(try store.texts("SELECT COUNT(*) FROM ZTEAM WHERE ZSHORTNAME IS NULL") == ["0"])
        try context.one("Team", named: "Spanien").setValue("ESP", forKey: "shortName")
        try context.save()
        #expect(try store.open(model).one("Team", named: "Spanien").value(forKey: "shortName") as? String == "ESP")
    }

    static let mottoRequired = (
        #"<attribute name="motto" optional="YES" attributeType="String"/>"#, #"<attribute name="motto" attributeType="String"/>"#
    )

    @Test(
        "An attribute made required without a default is refused while objects lack a value, naming how many",
        arguments: StoreKind.sqlStores)
    func madeRequiredWithoutDefaultRefused(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let before = try StoreBytes(of: store)
        let model = try Self.changing(Self.mottoRequired.0, to: Self.mottoRequired.1)

        let error = try migrationError(try storeError { _ = try store.open(model) })
        #expect(error.reason == .requiredWithoutDefault(objectsWithoutValue: 2))
        #expect(error.entity == "Team")
        #expect(error.property == "motto")
        #expect(error.sourceVersion == "Model")
        #expect(error.destinationVersion == "Model 2")
        #expect(try StoreBytes(of: store) == before)
        #expect(!store.hasBackup)
        try Self.expectKept(try store.open(try ManagedObjectModel(xml: Self.v1)))
    }

    @Test("An attribute made required without a default migrates when every object has a value", arguments: StoreKind.sqlStores)
    func madeRequiredWithoutDefaultMigrates(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1) { context in
            try Self.fill(context)
            try context.one("Team", named: "Italien").setValue("Forza Azzurri", forKey: "motto")
            try context.one("Team", named: "Frankreich").setValue("Allez les Bleus", forKey: "motto")
        }
        let model = try Self.changing(Self.mottoRequired.0, to: Self.mottoRequired.1)

        let context = try store.open(model)
        try Self.expectKept(context)
        let mottos = try context.all("Team", by: "name").map { try $0.value(forKey: "motto") as? String }
        #expect(mottos == ["Die Mannschaft", "Allez les Bleus", "Forza Azzurri", "La Roja"])
        #expect(try store.metadata().entityVersionHashes == model.entityVersionHashes.mapValues { Data($0) })
        try context.insert("Team", ["name": "Ukraine", "founded": 1991, "motto": "Zbirna"])
        try context.save()
        #expect(try store.open(model).names("Team").count == 5)
    }
}
