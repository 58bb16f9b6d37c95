import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Lightweight migration")
struct LightweightMigrationTests {
    static let v1 = ModelXML.model(
        """
        <entity name="Team" representedClassName="Team">
            <attribute name="name" attributeType="String"/>
            <attribute name="nickname" optional="YES" attributeType="String"/>
            <attribute name="founded" optional="YES" attributeType="Integer 16"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        <entity name="Player" representedClassName="Player">
            <attribute name="name" attributeType="String"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Stadium" representedClassName="Stadium">
            <attribute name="name" attributeType="String"/>
        </entity>
        """)

    static let v2 = ModelXML.model(
        """
        <entity name="Team" representedClassName="Team">
            <attribute name="name" attributeType="String"/>
            <attribute name="alias" optional="YES" attributeType="String" elementID="nickname"/>
            <attribute name="rating" attributeType="Integer 32" defaultValueString="1500"/>
            <attribute name="founded" optional="YES" attributeType="Integer 16"/>
            <relationship name="squad" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Footballer" inverseName="team" inverseEntity="Footballer" elementID="players"/>
        </entity>
        <entity name="Footballer" representedClassName="Footballer" elementID="Player">
            <attribute name="name" attributeType="String"/>
            <attribute name="number" optional="YES" attributeType="Integer 16"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="squad" inverseEntity="Team"/>
        </entity>
        <entity name="Referee" representedClassName="Referee">
            <attribute name="name" attributeType="String"/>
        </entity>
        """)

    @Test(
        "Renamed entity, attribute and relationship, attribute added with a default, entity added and removed",
        arguments: StoreKind.sqlStores)
    func renamesAndAdditions(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1) { context in
            let team = try context.insert("Team", ["name": "Dänemark", "nickname": "Danish Dynamite", "founded": 1889])
            for name in ["Eriksen", "Kjær"] { try context.insert("Player", ["name": name, "team": team]) }
            try context.insert("Stadium", ["name": "Parken"])
        }
        let model = try ManagedObjectModel(
            versions: [ModelVersion(name: "Model", xml: Self.v1), ModelVersion(name: "Model 2", xml: Self.v2)], current: "Model 2"
        )
        let context = try store.open(model)
        let teams = try context.all("Team", by: "name")
        #expect(teams.count == 1)
        #expect(try teams[0].value(forKey: "alias") as? String == "Danish Dynamite")
        #expect(try teams[0].value(forKey: "rating") as? Int64 == 1500)
        #expect(try teams[0].value(forKey: "founded") as? Int64 == 1889)
        let squad = try #require(try teams[0].value(forKey: "squad") as? Set<ManagedObject>)
        #expect(Set(try squad.map { try $0.value(forKey: "name") as! String }) == ["Eriksen", "Kjær"])
        #expect(try context.all("Footballer", by: "name").count == 2)
        #expect(try context.all("Referee", by: "name").isEmpty)
        // The migrated store takes new objects.
        try context.insert("Referee", ["name": "Taylor"])
        try context.insert("Footballer", ["name": "Højlund", "team": teams[0]])
        try context.save()
        let again = try store.open(model)
        #expect(try again.all("Footballer", by: "name").count == 3)
        #expect(!store.hasBackup)
    }
}
