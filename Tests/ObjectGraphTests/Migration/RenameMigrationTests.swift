import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: renames by renaming identifier")
struct RenameMigrationTests {
    static let v1Entities = """
        <entity name="Match" representedClassName="Match" syncable="YES">
            <attribute name="awayGoals" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="homeGoals" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="matches" inverseEntity="Player"/>
        </entity>
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="matches" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Match" inverseName="players" inverseEntity="Match"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="nickname" optional="YES" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        """

    static let v1 = ModelXML.model(v1Entities)

    /// The versioned model whose second version makes `changes` to the first.
    static func changing(_ changes: [(String, String)]) throws -> ManagedObjectModel {
        try ManagedObjectModel.versioned([("Model", v1), ("Model 2", ModelXML.model(try ModelXML.edit(v1Entities, changes)))])
    }

    /// Two teams, three players, two matches.
    static func fill(_ context: ManagedObjectContext) throws {
        let germany = try context.insert("Team", ["name": "Deutschland", "nickname": "Die Mannschaft"])
        let scotland = try context.insert("Team", ["name": "Schottland"])
        let musiala = try context.insert("Player", ["name": "Musiala", "team": germany])
        let kroos = try context.insert("Player", ["name": "Kroos", "team": germany])
        let mcTominay = try context.insert("Player", ["name": "McTominay", "team": scotland])
        try context.insert(
            "Match", ["name": "Eröffnungsspiel", "homeGoals": 5, "awayGoals": 1, "players": [musiala, kroos, mcTominay]])
        try context.insert("Match", ["name": "Achtelfinale", "homeGoals": 2, "awayGoals": 0, "players": [musiala]])
    }

    @Test(
        "An entity renamed keeps its objects, its attributes and its links both ways, under its new entity number",
        arguments: StoreKind.sqlStores)
    func entityRenamed(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        // Team (3 of Match, Player, Team) becomes Nation (2 of Match, Nation, Player).
        let model = try Self.changing([
            (
                #"<entity name="Team" representedClassName="Team""#,
                #"<entity name="Nation" representedClassName="Nation" elementID="Team""#
            ),
            (
                #"destinationEntity="Team" inverseName="players" inverseEntity="Team""#,
                #"destinationEntity="Nation" inverseName="players" inverseEntity="Nation""#
            ),
        ])

        let context = try store.open(model)
        #expect(try context.names("Nation") == ["Deutschland", "Schottland"])
        let germany = try context.one("Nation", named: "Deutschland")
        #expect(try germany.value(forKey: "nickname") as? String == "Die Mannschaft")
        #expect(try germany.names(of: "players") == ["Kroos", "Musiala"])
        #expect(try context.one("Player", named: "McTominay").name(of: "team") == "Schottland")
        #expect(try context.one("Match", named: "Achtelfinale").names(of: "players") == ["Musiala"])
        #expect(try context.one("Player", named: "Kroos").names(of: "matches") == ["Eröffnungsspiel"])
        #expect(try store.tables().isSuperset(of: ["ZNATION", "ZPLAYER", "ZMATCH"]))
        #expect(!(try store.tables().contains("ZTEAM")))
        // Every row carries its entity's number as Z_PRIMARYKEY records it.
        for (entity, table) in [("Nation", "ZNATION"), ("Player", "ZPLAYER"), ("Match", "ZMATCH")] {
            let number = try store.texts("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", [.text(entity)])
            #expect(try store.texts("SELECT DISTINCT Z_ENT FROM \(table)") == number, "\(entity)")
        }

        let spain = try context.insert("Nation", ["name": "Spanien"])
        try context.insert("Player", ["name": "Rodri", "team": spain])
        try context.save()
        let again = try store.open(model)
        #expect(try again.names("Nation") == ["Deutschland", "Schottland", "Spanien"])
        #expect(try again.one("Nation", named: "Spanien").names(of: "players") == ["Rodri"])
        #expect(try again.one("Nation", named: "Deutschland").names(of: "players") == ["Kroos", "Musiala"])
    }

    @Test("An attribute renamed keeps its values under its new name", arguments: StoreKind.sqlStores)
    func attributeRenamed(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.changing([
            (#"<attribute name="nickname" optional="YES""#, #"<attribute name="alias" optional="YES" elementID="nickname""#)
        ])

        let context = try store.open(model)
        #expect(try context.one("Team", named: "Deutschland").value(forKey: "alias") as? String == "Die Mannschaft")
        #expect(try context.one("Team", named: "Schottland").value(forKey: "alias") == nil)
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Kroos", "Musiala"])
        #expect(try store.columns(of: "ZTEAM").contains("ZALIAS"))
        #expect(!(try store.columns(of: "ZTEAM").contains("ZNICKNAME")))
        try context.one("Team", named: "Schottland").setValue("Tartan Army", forKey: "alias")
        try context.save()
        #expect(try store.open(model).one("Team", named: "Schottland").value(forKey: "alias") as? String == "Tartan Army")
    }

    @Test(
        "Relationships renamed, a one-to-many and a many-to-many on both sides, keep their links", arguments: StoreKind.sqlStores)
    func relationshipsRenamed(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let model = try Self.changing([
            // Team.players / Player.team become Team.squad / Player.club.
            (
                #"<relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team""#,
                #"<relationship name="squad" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="club" elementID="players""#
            ),
            (
                #"<relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players""#,
                #"<relationship name="club" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="squad" elementID="team""#
            ),
            // Match.players / Player.matches become Match.lineup / Player.games.
            (
                #"<relationship name="players" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="matches""#,
                #"<relationship name="lineup" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="games" elementID="players""#
            ),
            (
                #"<relationship name="matches" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Match" inverseName="players""#,
                #"<relationship name="games" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Match" inverseName="lineup" elementID="matches""#
            ),
        ])

        let context = try store.open(model)
        #expect(try context.one("Team", named: "Deutschland").names(of: "squad") == ["Kroos", "Musiala"])
        #expect(try context.one("Team", named: "Schottland").names(of: "squad") == ["McTominay"])
        #expect(try context.one("Player", named: "Kroos").name(of: "club") == "Deutschland")
        #expect(try context.one("Match", named: "Eröffnungsspiel").names(of: "lineup") == ["Kroos", "McTominay", "Musiala"])
        #expect(try context.one("Match", named: "Achtelfinale").names(of: "lineup") == ["Musiala"])
        #expect(try context.one("Player", named: "Musiala").names(of: "games") == ["Achtelfinale", "Eröffnungsspiel"])
        #expect(try context.one("Player", named: "McTominay").names(of: "games") == ["Eröffnungsspiel"])

        let final = try context.insert("Match", ["name": "Finale", "homeGoals": 2, "awayGoals": 1])
        try final.setValue([try context.one("Player", named: "Kroos")], forKey: "lineup")
        try context.one("Player", named: "McTominay").setValue(nil, forKey: "club")
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Player", named: "Kroos").names(of: "games") == ["Eröffnungsspiel", "Finale"])
        #expect(try again.one("Team", named: "Schottland").names(of: "squad").isEmpty)
        #expect(try again.one("Match", named: "Achtelfinale").names(of: "lineup") == ["Musiala"])
    }

    @Test("Two attributes swapping names by renaming identifiers swap their values", arguments: StoreKind.sqlStores)
    func attributesSwapped(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        // The hashes see names and types only, the same after a swap: the modifier marks the
        // version as Core Data asks.
        let model = try Self.changing([
            (
                #"<entity name="Match" representedClassName="Match""#,
                #"<entity name="Match" representedClassName="Match" versionHashModifier="sides swapped""#
            ),
            (
                #"<attribute name="awayGoals" attributeType="Integer 16""#,
                #"<attribute name="awayGoals" elementID="homeGoals" attributeType="Integer 16""#
            ),
            (
                #"<attribute name="homeGoals" attributeType="Integer 16""#,
                #"<attribute name="homeGoals" elementID="awayGoals" attributeType="Integer 16""#
            ),
        ])

        let context = try store.open(model)
        let opening = try context.one("Match", named: "Eröffnungsspiel")
        #expect(try opening.value(forKey: "homeGoals") as? Int64 == 1)
        #expect(try opening.value(forKey: "awayGoals") as? Int64 == 5)
        let roundOf16 = try context.one("Match", named: "Achtelfinale")
        #expect(try roundOf16.value(forKey: "homeGoals") as? Int64 == 0)
        #expect(try roundOf16.value(forKey: "awayGoals") as? Int64 == 2)
        #expect(try roundOf16.names(of: "players") == ["Musiala"])
        try roundOf16.setValue(3, forKey: "homeGoals")
        try context.save()
        let again = try store.open(model).one("Match", named: "Achtelfinale")
        #expect(try again.value(forKey: "homeGoals") as? Int64 == 3)
        #expect(try again.value(forKey: "awayGoals") as? Int64 == 2)
    }

    @Test(
        "An attribute renamed to the name of an attribute removed in the same version keeps the renamed one's values",
        arguments: StoreKind.sqlStores)
    func renamedOntoRemovedName(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        // `name` goes; `nickname` becomes `name`, required with a default for the teams without one.
        let model = try Self.changing([
            (
                #"<attribute name="name" attributeType="String"/>\#n    <attribute name="nickname" optional="YES" attributeType="String"/>"#,
                #"<attribute name="name" attributeType="String" defaultValueString="?" elementID="nickname"/>"#
            )
        ])

        let context = try store.open(model)
        #expect(try context.names("Team") == ["?", "Die Mannschaft"])
        #expect(try context.one("Team", named: "Die Mannschaft").names(of: "players") == ["Kroos", "Musiala"])
        #expect(try context.one("Team", named: "?").names(of: "players") == ["McTominay"])
        #expect(try store.columns(of: "ZTEAM").isDisjoint(with: ["ZNICKNAME"]))
    }

    @Test(
        "Two entities swapping names by renaming identifiers swap their objects, tables and entity numbers",
        arguments: StoreKind.sqlStores)
    func entitiesSwapped(kind: StoreKind) throws {
        let v1 = ModelXML.model(
            """
            <entity name="Club" representedClassName="Club" syncable="YES">
                <attribute name="city" optional="YES" attributeType="String"/>
                <attribute name="name" attributeType="String"/>
            </entity>
            <entity name="Team" representedClassName="Team" syncable="YES">
                <attribute name="founded" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
                <attribute name="name" attributeType="String"/>
            </entity>
            """)
        let v2 = ModelXML.model(
            """
            <entity name="Club" representedClassName="Club" elementID="Team" syncable="YES">
                <attribute name="founded" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
                <attribute name="name" attributeType="String"/>
            </entity>
            <entity name="Team" representedClassName="Team" elementID="Club" syncable="YES">
                <attribute name="city" optional="YES" attributeType="String"/>
                <attribute name="name" attributeType="String"/>
            </entity>
            """)
        let store = try MigrationStore(kind)
        try store.create(v1) { context in
            try context.insert("Club", ["name": "Bayern", "city": "München"])
            try context.insert("Club", ["name": "Celtic", "city": "Glasgow"])
            try context.insert("Team", ["name": "Deutschland", "founded": 1900])
        }
        let model = try ManagedObjectModel.versioned([("Model", v1), ("Model 2", v2)])

        let context = try store.open(model)
        #expect(try context.names("Team") == ["Bayern", "Celtic"])
        #expect(try context.one("Team", named: "Celtic").value(forKey: "city") as? String == "Glasgow")
        #expect(try context.names("Club") == ["Deutschland"])
        #expect(try context.one("Club", named: "Deutschland").value(forKey: "founded") as? Int64 == 1900)
        for (entity, table) in [("Club", "ZCLUB"), ("Team", "ZTEAM")] {
            let number = try store.texts("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", [.text(entity)])
            #expect(try store.texts("SELECT DISTINCT Z_ENT FROM \(table)") == number, "\(entity)")
        }
        try context.insert("Team", ["name": "Rangers", "city": "Glasgow"])
        try context.insert("Club", ["name": "Schottland", "founded": 1873])
        try context.save()
        let again = try store.open(model)
        #expect(try again.names("Team") == ["Bayern", "Celtic", "Rangers"])
        #expect(try again.names("Club") == ["Deutschland", "Schottland"])
    }
}
