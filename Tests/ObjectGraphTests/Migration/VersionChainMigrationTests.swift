import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: across several versions at once")
struct VersionChainMigrationTests {
    static let v1 = ModelXML.model(
        """
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="nickname" optional="YES" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        """, identifier: "1.0")

    /// Team's nickname becomes its alias, Player becomes Footballer, referees come.
    static let v2 = ModelXML.model(
        """
        <entity name="Footballer" representedClassName="Footballer" elementID="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Referee" representedClassName="Referee" syncable="YES">
            <attribute name="name" attributeType="String"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="alias" optional="YES" attributeType="String" elementID="nickname"/>
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Footballer" inverseName="team" inverseEntity="Footballer"/>
        </entity>
        """, identifier: "2.0")

    /// The alias becomes the moniker, a footballer's name his full name, referees go.
    static let v3 = ModelXML.model(
        """
        <entity name="Footballer" representedClassName="Footballer" syncable="YES">
            <attribute name="fullName" attributeType="String" elementID="name"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="moniker" optional="YES" attributeType="String" elementID="alias"/>
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Footballer" inverseName="team" inverseEntity="Footballer"/>
        </entity>
        """, identifier: "3.0")

    static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel.versioned([("Model", v1), ("Model 2", v2), ("Model 3", v3)])
    }

    static func fill(_ context: ManagedObjectContext) throws {
        let germany = try context.insert("Team", ["name": "Deutschland", "nickname": "Die Mannschaft"])
        let austria = try context.insert("Team", ["name": "Österreich", "nickname": "Das Team"])
        try context.insert("Team", ["name": "Georgien"])
        try context.insert("Player", ["name": "Musiala", "team": germany])
        try context.insert("Player", ["name": "Kroos", "team": germany])
        try context.insert("Player", ["name": "Alaba", "team": austria])
    }

    /// Checks `fill`'s teams and players, in the third version's names.
    static func expectFilled(_ context: ManagedObjectContext) throws {
        let monikers = try context.all("Team", by: "name").map { try $0.value(forKey: "moniker") as? String }
        #expect(monikers == ["Die Mannschaft", nil, "Das Team"])
        let players = try context.all("Footballer", by: "fullName")
        #expect(try players.map { try $0.value(forKey: "fullName") as? String } == ["Alaba", "Kroos", "Musiala"])
        #expect(try players.map { try $0.name(of: "team") } == ["Österreich", "Deutschland", "Deutschland"])
        let squad = try #require(try context.one("Team", named: "Deutschland").value(forKey: "players") as? Set<ManagedObject>)
        #expect(Set(try squad.map { try $0.value(forKey: "fullName") as? String }) == ["Kroos", "Musiala"])
    }

    @Test(
        "A store of the first version opened with the third migrates in one go, renames adding up", arguments: StoreKind.sqlStores
    )
    func renamesAddUp(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.model()

        let context = try store.open(model)
        try Self.expectFilled(context)
        #expect(try store.columns(of: "ZTEAM").isSuperset(of: ["ZMONIKER", "ZNAME"]))
        #expect(try store.columns(of: "ZTEAM").isDisjoint(with: ["ZNICKNAME", "ZALIAS"]))
        #expect(try store.metadata().entityVersionHashes == model.entityVersionHashes.mapValues { Data($0) })
        #expect(try store.metadata().versionIdentifiers == ["3.0"])

        try context.one("Team", named: "Georgien").setValue("Kreuzritter", forKey: "moniker")
        try context.insert("Footballer", ["fullName": "Kvaratskhelia", "team": try context.one("Team", named: "Georgien")])
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Team", named: "Georgien").value(forKey: "moniker") as? String == "Kreuzritter")
        #expect(try again.all("Footballer", by: "fullName").count == 4)
    }

    @Test(
        "An entity the second version added and the third removed leaves no trace in a first version's store",
        arguments: StoreKind.sqlStores)
    func entityOfTheMiddleVersionOnly(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)

        let context = try store.open(try Self.model())
        try Self.expectFilled(context)
        #expect(try store.tables().isDisjoint(with: ["ZREFEREE", "ZPLAYER"]))
        #expect(try store.texts("SELECT Z_NAME FROM Z_PRIMARYKEY ORDER BY Z_NAME") == ["Footballer", "Team"])
        #expect(!store.hasBackup)
    }

    @Test("A store of the middle version migrates to the third, its referees gone", arguments: StoreKind.sqlStores)
    func fromTheMiddleVersion(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v2) { context in
            let germany = try context.insert("Team", ["name": "Deutschland", "alias": "Die Mannschaft"])
            let austria = try context.insert("Team", ["name": "Österreich", "alias": "Das Team"])
            try context.insert("Team", ["name": "Georgien"])
            try context.insert("Footballer", ["name": "Musiala", "team": germany])
            try context.insert("Footballer", ["name": "Kroos", "team": germany])
            try context.insert("Footballer", ["name": "Alaba", "team": austria])
            try context.insert("Referee", ["name": "Taylor"])
        }

        try Self.expectFilled(try store.open(try Self.model()))
        #expect(!(try store.tables().contains("ZREFEREE")))
    }
}
