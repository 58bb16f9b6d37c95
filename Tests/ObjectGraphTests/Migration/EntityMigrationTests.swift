import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: entities added and removed")
struct EntityMigrationTests {
    static let team = """
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
            %STADIUM%
        </entity>
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="number" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        """

    /// Teams, players and their stadiums.
    static let v1Entities =
        team.replacingOccurrences(
            of: "%STADIUM%",
            with: """
                <relationship name="stadium" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Stadium" inverseName="teams" inverseEntity="Stadium"/>
                """)
            + """
            <entity name="Stadium" representedClassName="Stadium" syncable="YES">
                <attribute name="capacity" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                <attribute name="name" attributeType="String"/>
                <relationship name="teams" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Team" inverseName="stadium" inverseEntity="Team"/>
            </entity>
            """

    static let v1 = ModelXML.model(v1Entities)

    /// v1 and a referee entity.
    static let withReferee = ModelXML.model(
        v1Entities + """
            <entity name="Referee" representedClassName="Referee" syncable="YES">
                <attribute name="country" optional="YES" attributeType="String"/>
                <attribute name="name" attributeType="String"/>
            </entity>
            """)

    /// v1 without the stadium.
    static let withoutStadium = ModelXML.model(team.replacingOccurrences(of: "%STADIUM%", with: ""))

    /// Two teams at two stadiums, three players.
    static func fill(_ context: ManagedObjectContext) throws {
        let parken = try context.insert("Stadium", ["name": "Parken", "capacity": 38_065])
        let wembley = try context.insert("Stadium", ["name": "Wembley", "capacity": 90_000])
        let denmark = try context.insert("Team", ["name": "Dänemark", "stadium": parken])
        let england = try context.insert("Team", ["name": "England", "stadium": wembley])
        try context.insert("Player", ["name": "Eriksen", "number": 10, "team": denmark])
        try context.insert("Player", ["name": "Kjær", "number": 4, "team": denmark])
        try context.insert("Player", ["name": "Kane", "number": 9, "team": england])
    }

    @Test(
        "An entity added starts empty, the others keep their objects and links, and the new one takes objects",
        arguments: StoreKind.sqlStores)
    func entityAdded(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", Self.withReferee)])

        let context = try store.open(model)
        #expect(try context.all("Referee", by: "name").isEmpty)
        #expect(try context.names("Team") == ["Dänemark", "England"])
        #expect(try context.names("Stadium") == ["Parken", "Wembley"])
        let denmark = try context.one("Team", named: "Dänemark")
        #expect(try denmark.name(of: "stadium") == "Parken")
        #expect(try denmark.names(of: "players") == ["Eriksen", "Kjær"])
        #expect(try context.one("Stadium", named: "Wembley").names(of: "teams") == ["England"])
        #expect(try context.one("Player", named: "Kane").value(forKey: "number") as? Int64 == 9)
        #expect(try context.one("Stadium", named: "Parken").value(forKey: "capacity") as? Int64 == 38_065)
        #expect(try store.tables().contains("ZREFEREE"))

        try context.insert("Referee", ["name": "Taylor", "country": "England"])
        try context.insert("Referee", ["name": "Orsato"])
        try context.save()
        let again = try store.open(model)
        #expect(try again.names("Referee") == ["Orsato", "Taylor"])
        #expect(try again.one("Referee", named: "Taylor").value(forKey: "country") as? String == "England")
        #expect(try again.names("Player") == ["Eriksen", "Kane", "Kjær"])
    }

    @Test(
        "An entity removed takes its table and rows with it; the others keep their objects and links",
        arguments: StoreKind.sqlStores)
    func entityRemoved(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", Self.withoutStadium)])

        let context = try store.open(model)
        #expect(!(try store.tables().contains("ZSTADIUM")))
        #expect(!(try store.columns(of: "ZTEAM").contains("ZSTADIUM")))
        #expect(try store.texts("SELECT Z_NAME FROM Z_PRIMARYKEY ORDER BY Z_NAME") == ["Player", "Team"])
        #expect(try context.names("Team") == ["Dänemark", "England"])
        #expect(try context.one("Team", named: "Dänemark").names(of: "players") == ["Eriksen", "Kjær"])
        #expect(try context.one("Player", named: "Kane").name(of: "team") == "England")
        #expect(throws: ObjectGraphError.self) { try context.one("Team", named: "England").value(forKey: "stadium") }

        let italy = try context.insert("Team", ["name": "Italien"])
        try context.insert("Player", ["name": "Donnarumma", "number": 1, "team": italy])
        try context.save()
        let again = try store.open(model)
        #expect(try again.names("Team") == ["Dänemark", "England", "Italien"])
        #expect(try again.one("Team", named: "Italien").names(of: "players") == ["Donnarumma"])
        #expect(!store.hasBackup)
    }

    @Test(
        "The persistent history survives a migration that renumbers entities: its changes name the objects as they are now",
        arguments: StoreKind.sqlStores)
    func historyRenumbered(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let tracking = StoreOptions(persistentHistoryTracking: true)
        let before = try store.open(try ManagedObjectModel.versioned([("Model", Self.v1)]), options: tracking)
        try before.one("Stadium", named: "Parken").setValue("Parken Stadion", forKey: "name")
        before.delete(try before.one("Player", named: "Kane"))
        try before.save()
        let earlier = try before.execute(.fetchHistory(after: nil)).transactions
        #expect(earlier.first?.changes.first { $0.changeType == .update }?.updatedProperties == ["name"])

        // Referee takes Stadium's entity number, and Stadium Team's.
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", Self.withReferee)])
        let context = try store.open(model, options: tracking)
        let transactions = try context.execute(.fetchHistory(after: nil)).transactions
        try #require(transactions.count == 1)
        let update = try #require(transactions[0].changes.first { $0.changeType == .update })
        #expect(update.changedObjectID.entity.name == "Stadium")
        #expect(try context.existingObject(with: update.changedObjectID).value(forKey: "name") as? String == "Parken Stadion")
        #expect(update.updatedProperties == nil)
        #expect(transactions[0].changes.filter { $0.changeType == .delete }.map(\.changedObjectID.entity.name) == ["Player"])
        // The history goes on after the migration, numbered on.
        try context.insert("Referee", ["name": "Orsato"])
        try context.save()
        let after = try context.execute(.fetchHistory(after: transactions[0].token)).transactions
        #expect(after.map(\.transactionNumber) == [transactions[0].transactionNumber + 1])
        #expect(after.first?.changes.map(\.changedObjectID.entity.name) == ["Referee"])
    }
}
