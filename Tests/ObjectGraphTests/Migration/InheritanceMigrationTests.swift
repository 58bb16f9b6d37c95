import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: entities moved under a new abstract parent")
struct InheritanceMigrationTests {
    /// Players and coaches as separate roots, each with its own `name`.
    static let v1 = ModelXML.model(
        """
        <entity name="Coach" representedClassName="Coach" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="since" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="coach" inverseEntity="Team"/>
        </entity>
        <entity name="Match" representedClassName="Match" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="matches" inverseEntity="Player"/>
        </entity>
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="number" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="captainOf" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="captain" inverseEntity="Team"/>
            <relationship name="matches" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Match" inverseName="players" inverseEntity="Match"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="squad" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="captain" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Player" inverseName="captainOf" inverseEntity="Player"/>
            <relationship name="coach" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Coach" inverseName="team" inverseEntity="Coach"/>
            <relationship name="squad" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        """)

    /// Both children of an abstract Person, which declares the `name` they shared.
    static let v2 = ModelXML.model(
        """
        <entity name="Coach" representedClassName="Coach" parentEntity="Person" syncable="YES">
            <attribute name="since" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="coach" inverseEntity="Team"/>
        </entity>
        <entity name="Match" representedClassName="Match" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="matches" inverseEntity="Player"/>
        </entity>
        <entity name="Person" representedClassName="Person" isAbstract="YES" syncable="YES">
            <attribute name="name" attributeType="String"/>
        </entity>
        <entity name="Player" representedClassName="Player" parentEntity="Person" syncable="YES">
            <attribute name="number" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="captainOf" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="captain" inverseEntity="Team"/>
            <relationship name="matches" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Match" inverseName="players" inverseEntity="Match"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="squad" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="captain" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Player" inverseName="captainOf" inverseEntity="Player"/>
            <relationship name="coach" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Coach" inverseName="team" inverseEntity="Coach"/>
            <relationship name="squad" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        """)

    /// Coaches and players whose keys overlap (both tables count from 1), two teams, a match;
    /// a player deleted, so that the player table's counter is past its highest key.
    static func fill(_ context: ManagedObjectContext) throws {
        let germany = try context.insert("Team", ["name": "Deutschland"])
        let scotland = try context.insert("Team", ["name": "Schottland"])
        try context.insert("Coach", ["name": "Nagelsmann", "since": 2023, "team": germany])
        try context.insert("Coach", ["name": "Clarke", "since": 2019, "team": scotland])
        let gundogan = try context.insert("Player", ["name": "Gündogan", "number": 21, "team": germany])
        let musiala = try context.insert("Player", ["name": "Musiala", "number": 10, "team": germany])
        let robertson = try context.insert("Player", ["name": "Robertson", "number": 3, "team": scotland])
        try context.insert("Player", ["name": "Weggeworfen", "number": 99])
        try germany.setValue(gundogan, forKey: "captain")
        try scotland.setValue(robertson, forKey: "captain")
        try context.insert("Match", ["name": "Eröffnungsspiel", "players": [gundogan, musiala, robertson]])
        try context.insert("Match", ["name": "Gruppe A", "players": [musiala]])
        try context.save()
        try context.delete(context.one("Player", named: "Weggeworfen"))
    }

    /// Checks every object and link of `fill`.
    static func expectFilled(_ context: ManagedObjectContext) throws {
        #expect(try context.names("Coach") == ["Clarke", "Nagelsmann"])
        #expect(try context.names("Player") == ["Gündogan", "Musiala", "Robertson"])
        let people = try context.all("Person", by: "name")
        #expect(
            try people.map { try $0.value(forKey: "name") as? String } == [
                "Clarke", "Gündogan", "Musiala", "Nagelsmann", "Robertson",
            ])
        #expect(people.map(\.entity.name) == ["Coach", "Player", "Player", "Coach", "Player"])
        #expect(try context.one("Coach", named: "Clarke").value(forKey: "since") as? Int64 == 2019)
        #expect(try context.one("Player", named: "Musiala").value(forKey: "number") as? Int64 == 10)

        let germany = try context.one("Team", named: "Deutschland")
        let coach = try #require(try germany.value(forKey: "coach") as? ManagedObject)
        #expect(coach.entity.name == "Coach")
        #expect(try coach.value(forKey: "name") as? String == "Nagelsmann")
        #expect(try context.one("Coach", named: "Clarke").name(of: "team") == "Schottland")
        #expect(try context.one("Team", named: "Schottland").name(of: "coach") == "Clarke")
        #expect(try germany.name(of: "captain") == "Gündogan")
        #expect(try context.one("Player", named: "Robertson").name(of: "captainOf") == "Schottland")
        #expect(try germany.names(of: "squad") == ["Gündogan", "Musiala"])
        #expect(try context.one("Player", named: "Robertson").name(of: "team") == "Schottland")
        #expect(try context.one("Match", named: "Eröffnungsspiel").names(of: "players") == ["Gündogan", "Musiala", "Robertson"])
        #expect(try context.one("Match", named: "Gruppe A").names(of: "players") == ["Musiala"])
        #expect(try context.one("Player", named: "Musiala").names(of: "matches") == ["Eröffnungsspiel", "Gruppe A"])
        #expect(try context.one("Player", named: "Gündogan").names(of: "matches") == ["Eröffnungsspiel"])
    }

    @Test("Entities moved under an abstract parent keep every object and every link to them", arguments: StoreKind.sqlStores)
    func movedUnderAbstractParent(kind: StoreKind) throws {
        do {
            let store = try MigrationStore(kind)
            try store.create(Self.v1, Self.fill)
            let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", Self.v2)])

            try Self.expectFilled(try store.open(model))
            #expect(try store.tables().isDisjoint(with: ["ZPLAYER", "ZCOACH"]))
            #expect(try store.texts("SELECT COUNT(*) FROM ZPERSON") == ["5"])
        }
    }

    @Test("Objects inserted after the move get keys that clash with none of the moved ones", arguments: StoreKind.sqlStores)
    func insertsAfterMove(kind: StoreKind) throws {
        do {
            let store = try MigrationStore(kind)
            try store.create(Self.v1, Self.fill)
            let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", Self.v2)])

            let context = try store.open(model)
            let movedKeys = try context.all("Person", by: "name").map { try #require($0.objectID.primaryKey) }
            #expect(Set(movedKeys).count == 5)
            let spain = try context.insert("Team", ["name": "Spanien"])
            try context.insert("Coach", ["name": "De la Fuente", "since": 2022, "team": spain])
            let rodri = try context.insert("Player", ["name": "Rodri", "number": 16, "team": spain])
            try context.insert("Player", ["name": "Yamal", "number": 19, "team": spain])
            try spain.setValue(rodri, forKey: "captain")
            try context.one("Match", named: "Gruppe A").setValue(
                [try context.one("Player", named: "Musiala"), rodri], forKey: "players")
            try context.save()

            let again = try store.open(model)
            try #require(try again.all("Person", by: "name").count == 8)
            let keys = try again.all("Person", by: "name").map { try #require($0.objectID.primaryKey) }
            #expect(Set(keys).count == 8)
            #expect(try again.names("Coach") == ["Clarke", "De la Fuente", "Nagelsmann"])
            #expect(try again.one("Team", named: "Spanien").name(of: "coach") == "De la Fuente")
            #expect(try again.one("Team", named: "Spanien").names(of: "squad") == ["Rodri", "Yamal"])
            #expect(try again.one("Player", named: "Rodri").name(of: "captainOf") == "Spanien")
            #expect(try again.one("Match", named: "Gruppe A").names(of: "players") == ["Musiala", "Rodri"])
            #expect(
                try again.one("Match", named: "Eröffnungsspiel").names(of: "players") == ["Gündogan", "Musiala", "Robertson"])
            #expect(try again.one("Team", named: "Deutschland").name(of: "coach") == "Nagelsmann")
            #expect(try again.one("Team", named: "Deutschland").names(of: "squad") == ["Gündogan", "Musiala"])
            let newKeys = try ["De la Fuente", "Rodri", "Yamal"].map {
                try #require(try again.one("Person", named: $0).objectID.primaryKey)
            }
            #expect(newKeys.allSatisfy { $0 > movedKeys.max()! }, "\(newKeys) after \(movedKeys)")
        }
    }

    @Test(
        "A sub-entity added under an entity keeps its objects and the to-ones pointing at them, which may then point at the new kind"
    )
    func subentityAdded() throws {
        let v1Text = String(decoding: Self.v1, as: UTF8.self)
        let goalkeeper = """
            <entity name="Goalkeeper" representedClassName="Goalkeeper" parentEntity="Player" syncable="YES">
                <attribute name="gloves" optional="YES" attributeType="String"/>
            </entity>
            """
        let v2 = Data(try ModelXML.edit(v1Text, [(#"<entity name="Match""#, goalkeeper + #"<entity name="Match""#)]).utf8)
        let store = try MigrationStore()
        try store.create(Self.v1, Self.fill)
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", v2)])

        let context = try store.open(model)
        #expect(try context.names("Player") == ["Gündogan", "Musiala", "Robertson"])
        #expect(try context.all("Player", by: "name").allSatisfy { $0.entity.name == "Player" })
        #expect(try context.all("Goalkeeper", by: "name").isEmpty)
        let germany = try context.one("Team", named: "Deutschland")
        #expect(try germany.name(of: "captain") == "Gündogan")
        #expect(try germany.names(of: "squad") == ["Gündogan", "Musiala"])
        #expect(try context.one("Match", named: "Gruppe A").names(of: "players") == ["Musiala"])
        #expect(try context.one("Team", named: "Schottland").name(of: "coach") == "Clarke")

        let neuer = try context.insert("Goalkeeper", ["name": "Neuer", "number": 1, "gloves": "Adidas", "team": germany])
        try germany.setValue(neuer, forKey: "captain")
        try neuer.setValue([try context.one("Match", named: "Gruppe A")], forKey: "matches")
        try context.save()
        let again = try store.open(model)
        let captain = try #require(try again.one("Team", named: "Deutschland").value(forKey: "captain") as? ManagedObject)
        #expect(captain.entity.name == "Goalkeeper")
        #expect(try captain.value(forKey: "gloves") as? String == "Adidas")
        #expect(try again.names("Player") == ["Gündogan", "Musiala", "Neuer", "Robertson"])
        #expect(try again.one("Team", named: "Deutschland").names(of: "squad") == ["Gündogan", "Musiala", "Neuer"])
        #expect(try again.one("Match", named: "Gruppe A").names(of: "players") == ["Musiala", "Neuer"])
        #expect(try again.one("Player", named: "Gündogan").name(of: "captainOf") == nil)
        #expect(try store.indexes().contains("ZPLAYER(Z_ENT)"))
    }
}
