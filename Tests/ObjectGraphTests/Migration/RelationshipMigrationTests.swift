import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: relationships added, removed, and changing cardinality")
struct RelationshipMigrationTests {
    /// Teams with players and a captain each (one-to-one), and sponsors unrelated to them.
    static let plain = """
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="captainOf" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="captain" inverseEntity="Team"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Sponsor" representedClassName="Sponsor" syncable="YES">
            <attribute name="name" attributeType="String"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="captain" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Player" inverseName="captainOf" inverseEntity="Player"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
        </entity>
        """

    /// `plain` with sponsors: a player's personal sponsor (one-to-many) and the teams' sponsors
    /// (many-to-many).
    static let sponsored = """
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="captainOf" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="captain" inverseEntity="Team"/>
            <relationship name="sponsor" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Sponsor" inverseName="players" inverseEntity="Sponsor"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        <entity name="Sponsor" representedClassName="Sponsor" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="sponsor" inverseEntity="Player"/>
            <relationship name="teams" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Team" inverseName="sponsors" inverseEntity="Team"/>
        </entity>
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="captain" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Player" inverseName="captainOf" inverseEntity="Player"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
            <relationship name="sponsors" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Sponsor" inverseName="teams" inverseEntity="Sponsor"/>
        </entity>
        """

    /// Three teams (two with a captain), four players, two sponsors.
    static func fill(_ context: ManagedObjectContext) throws {
        let germany = try context.insert("Team", ["name": "Deutschland"])
        let scotland = try context.insert("Team", ["name": "Schottland"])
        let spain = try context.insert("Team", ["name": "Spanien"])
        let gundogan = try context.insert("Player", ["name": "Gündogan", "team": germany])
        try context.insert("Player", ["name": "Musiala", "team": germany])
        let robertson = try context.insert("Player", ["name": "Robertson", "team": scotland])
        try context.insert("Player", ["name": "Morata", "team": spain])
        try germany.setValue(gundogan, forKey: "captain")
        try scotland.setValue(robertson, forKey: "captain")
        try context.insert("Sponsor", ["name": "Adidas"])
        try context.insert("Sponsor", ["name": "Nike"])
    }

    /// `fill`, and the sponsors' links.
    static func fillSponsored(_ context: ManagedObjectContext) throws {
        try fill(context)
        try linkSponsors(context)
    }

    /// Links `fill`'s sponsors to teams and players.
    static func linkSponsors(_ context: ManagedObjectContext) throws {
        let adidas = try context.one("Sponsor", named: "Adidas")
        let nike = try context.one("Sponsor", named: "Nike")
        try adidas.setValue(
            [try context.one("Team", named: "Deutschland"), try context.one("Team", named: "Spanien")], forKey: "teams")
        try nike.setValue([try context.one("Team", named: "Deutschland")], forKey: "teams")
        try context.one("Player", named: "Musiala").setValue(adidas, forKey: "sponsor")
        try context.one("Player", named: "Robertson").setValue(nike, forKey: "sponsor")
        try context.one("Player", named: "Morata").setValue(adidas, forKey: "sponsor")
    }

    /// Checks the links `fill` made between teams and players.
    static func expectTeamsAndCaptains(_ context: ManagedObjectContext) throws {
        #expect(try context.names("Team") == ["Deutschland", "Schottland", "Spanien"])
        #expect(try context.names("Player") == ["Gündogan", "Morata", "Musiala", "Robertson"])
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Gündogan", "Musiala"])
        #expect(try context.one("Player", named: "Morata").name(of: "team") == "Spanien")
        #expect(try context.one("Team", named: "Schottland").name(of: "captain") == "Robertson")
        #expect(try context.one("Player", named: "Gündogan").name(of: "captainOf") == "Deutschland")
        #expect(try context.one("Team", named: "Spanien").name(of: "captain") == nil)
    }

    @Test("Relationships added, one-to-many and many-to-many, start empty and take links", arguments: StoreKind.sqlStores)
    func added(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(ModelXML.model(Self.plain), Self.fill)
        let model = try ManagedObjectModel.versioned([
            ("Model", ModelXML.model(Self.plain)), ("Model 2", ModelXML.model(Self.sponsored)),
        ])

        let context = try store.open(model)
        try Self.expectTeamsAndCaptains(context)
        for player in try context.all("Player", by: "name") { #expect(try player.value(forKey: "sponsor") == nil) }
        for sponsor in try context.all("Sponsor", by: "name") {
            #expect(try sponsor.names(of: "players").isEmpty)
            #expect(try sponsor.names(of: "teams").isEmpty)
        }
        try Self.linkSponsors(context)
        try context.save()

        let again = try store.open(model)
        try Self.expectTeamsAndCaptains(again)
        #expect(try again.one("Sponsor", named: "Adidas").names(of: "teams") == ["Deutschland", "Spanien"])
        #expect(try again.one("Team", named: "Deutschland").names(of: "sponsors") == ["Adidas", "Nike"])
        #expect(try again.one("Sponsor", named: "Adidas").names(of: "players") == ["Morata", "Musiala"])
        #expect(try again.one("Player", named: "Robertson").name(of: "sponsor") == "Nike")
    }

    @Test(
        "Relationships removed take their columns and join table; the objects and other links stay",
        arguments: StoreKind.sqlStores)
    func removed(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(ModelXML.model(Self.sponsored), Self.fillSponsored)
        let joinTables = try store.tables().filter { $0.hasPrefix("Z_") && $0.hasSuffix("TEAMS") }
        try #require(joinTables.count == 1)
        let model = try ManagedObjectModel.versioned([
            ("Model", ModelXML.model(Self.sponsored)), ("Model 2", ModelXML.model(Self.plain)),
        ])

        let context = try store.open(model)
        try Self.expectTeamsAndCaptains(context)
        #expect(try context.names("Sponsor") == ["Adidas", "Nike"])
        #expect(!(try store.columns(of: "ZPLAYER").contains("ZSPONSOR")))
        #expect(try store.tables().isDisjoint(with: joinTables))
        #expect(throws: ObjectGraphError.self) { try context.one("Player", named: "Musiala").value(forKey: "sponsor") }
        #expect(throws: ObjectGraphError.self) { try context.one("Sponsor", named: "Adidas").value(forKey: "teams") }

        try context.one("Team", named: "Spanien").setValue(try context.one("Player", named: "Morata"), forKey: "captain")
        try context.insert("Sponsor", ["name": "Puma"])
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Player", named: "Morata").name(of: "captainOf") == "Spanien")
        #expect(try again.names("Sponsor") == ["Adidas", "Nike", "Puma"])
    }

    /// The side of the captain's one-to-one that becomes a to-many.
    enum Side: String, CaseIterable, Sendable {
        case player, team
    }

    @Test(
        "A one-to-one whose one side becomes to-many keeps its links, seen from both sides", arguments: StoreKind.sqlStores,
        Side.allCases)
    func oneToOneBecomesOneToMany(kind: StoreKind, side: Side) throws {
        let store = try MigrationStore(kind)
        try store.create(ModelXML.model(Self.plain), Self.fill)
        let (toMany, toOne) = side == .player ? ("captainOf", "captain") : ("captain", "captainOf")
        let v2 = try ModelXML.edit(
            Self.plain,
            [
                (
                    #"<relationship name="\#(toMany)" optional="YES" maxCount="1""#,
                    #"<relationship name="\#(toMany)" optional="YES" toMany="YES""#
                )
            ])
        let model = try ManagedObjectModel.versioned([("Model", ModelXML.model(Self.plain)), ("Model 2", ModelXML.model(v2))])

        let context = try store.open(model)
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Gündogan", "Musiala"])
        let (manyEntity, oneEntity) = side == .player ? ("Player", "Team") : ("Team", "Player")
        let links =
            side == .player
            ? ["Gündogan": "Deutschland", "Robertson": "Schottland"] : ["Deutschland": "Gündogan", "Schottland": "Robertson"]
        for object in try context.all(manyEntity, by: "name") {
            let name = try #require(try object.value(forKey: "name") as? String)
            #expect(try object.names(of: toMany) == Set([links[name]].compactMap { $0 }), "\(name)")
        }
        for object in try context.all(oneEntity, by: "name") {
            let name = try #require(try object.value(forKey: "name") as? String)
            #expect(try object.name(of: toOne) == links.first { $0.value == name }?.key, "\(name)")
        }

        // The new cardinality holds: one object of the to-many side takes a second link.
        let many = try context.one(manyEntity, named: side == .player ? "Gündogan" : "Deutschland")
        let second = try context.one(oneEntity, named: side == .player ? "Spanien" : "Musiala")
        var linked = try #require(try many.value(forKey: toMany) as? Set<ManagedObject>)
        linked.insert(second)
        try many.setValue(linked, forKey: toMany)
        try context.save()
        let again = try store.open(model)
        if side == .player {
            #expect(try again.one("Player", named: "Gündogan").names(of: "captainOf") == ["Deutschland", "Spanien"])
            #expect(try again.one("Team", named: "Spanien").name(of: "captain") == "Gündogan")
        } else {
            #expect(try again.one("Team", named: "Deutschland").names(of: "captain") == ["Gündogan", "Musiala"])
            #expect(try again.one("Player", named: "Musiala").name(of: "captainOf") == "Deutschland")
        }
        #expect(try again.one("Team", named: "Schottland").names(of: "players") == ["Robertson"])
    }

    @Test("A one-to-many whose to-one becomes to-many keeps its links in the new join table", arguments: StoreKind.sqlStores)
    func oneToManyBecomesManyToMany(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(ModelXML.model(Self.plain), Self.fill)
        let v2 = try ModelXML.edit(
            Self.plain,
            [
                (
                    #"<relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players""#,
                    #"<relationship name="teams" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Team" inverseName="players" elementID="team""#
                ),
                (#"destinationEntity="Player" inverseName="team""#, #"destinationEntity="Player" inverseName="teams""#),
            ])
        let model = try ManagedObjectModel.versioned([("Model", ModelXML.model(Self.plain)), ("Model 2", ModelXML.model(v2))])

        let context = try store.open(model)
        #expect(!(try store.columns(of: "ZPLAYER").contains("ZTEAM")))
        let joinTables = try store.tables().filter { $0.hasPrefix("Z_") && ($0.hasSuffix("PLAYERS") || $0.hasSuffix("TEAMS")) }
        try #require(joinTables.count == 1)
        #expect(try store.texts("SELECT COUNT(*) FROM \(joinTables.first!)") == ["4"])
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Gündogan", "Musiala"])
        #expect(try context.one("Team", named: "Spanien").names(of: "players") == ["Morata"])
        #expect(try context.one("Player", named: "Musiala").names(of: "teams") == ["Deutschland"])
        #expect(try context.one("Player", named: "Robertson").names(of: "teams") == ["Schottland"])
        #expect(try context.one("Team", named: "Schottland").name(of: "captain") == "Robertson")

        try context.one("Team", named: "Schottland").setValue(
            [try context.one("Player", named: "Robertson"), try context.one("Player", named: "Musiala")], forKey: "players")
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Player", named: "Musiala").names(of: "teams") == ["Deutschland", "Schottland"])
        #expect(try again.one("Team", named: "Deutschland").names(of: "players") == ["Gündogan", "Musiala"])
        #expect(try again.one("Team", named: "Schottland").names(of: "players") == ["Musiala", "Robertson"])
    }

    @Test(
        "A one-to-many becomes many-to-many when the join table's owner is the former to-many side",
        arguments: StoreKind.sqlStores)
    func oneToManyBecomesManyToManyOwnedByToManySide(kind: StoreKind) throws {
        // League.teams sorts before Team.leagues: the join table is League's, and its links come
        // from the to-many's inverse, the former foreign key of Team.
        let v1 = """
            <entity name="League" representedClassName="League" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="teams" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Team" inverseName="league" inverseEntity="Team"/>
            </entity>
            <entity name="Team" representedClassName="Team" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="league" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="League" inverseName="teams" inverseEntity="League"/>
            </entity>
            """
        let v2 = try ModelXML.edit(
            v1,
            [
                (
                    #"<relationship name="league" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="League" inverseName="teams""#,
                    #"<relationship name="leagues" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="League" inverseName="teams" elementID="league""#
                ),
                (#"destinationEntity="Team" inverseName="league""#, #"destinationEntity="Team" inverseName="leagues""#),
            ])
        let store = try MigrationStore(kind)
        try store.create(ModelXML.model(v1)) { context in
            let bundesliga = try context.insert("League", ["name": "Bundesliga"])
            let premierLeague = try context.insert("League", ["name": "Premier League"])
            try context.insert("League", ["name": "Serie A"])
            try context.insert("Team", ["name": "Bayern", "league": bundesliga])
            try context.insert("Team", ["name": "Dortmund", "league": bundesliga])
            try context.insert("Team", ["name": "Arsenal", "league": premierLeague])
            try context.insert("Team", ["name": "Vereinslos"])
        }
        let model = try ManagedObjectModel.versioned([("Model", ModelXML.model(v1)), ("Model 2", ModelXML.model(v2))])

        let context = try store.open(model)
        #expect(try context.one("League", named: "Bundesliga").names(of: "teams") == ["Bayern", "Dortmund"])
        #expect(try context.one("League", named: "Premier League").names(of: "teams") == ["Arsenal"])
        #expect(try context.one("League", named: "Serie A").names(of: "teams").isEmpty)
        #expect(try context.one("Team", named: "Bayern").names(of: "leagues") == ["Bundesliga"])
        #expect(try context.one("Team", named: "Arsenal").names(of: "leagues") == ["Premier League"])
        #expect(try context.one("Team", named: "Vereinslos").names(of: "leagues").isEmpty)
        #expect(!(try store.columns(of: "ZTEAM").contains("ZLEAGUE")))

        try context.one("Team", named: "Bayern").setValue(
            [try context.one("League", named: "Bundesliga"), try context.one("League", named: "Serie A")], forKey: "leagues")
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("League", named: "Serie A").names(of: "teams") == ["Bayern"])
        #expect(try again.one("Team", named: "Bayern").names(of: "leagues") == ["Bundesliga", "Serie A"])
        #expect(try again.one("League", named: "Bundesliga").names(of: "teams") == ["Bayern", "Dortmund"])
    }

    @Test("A many-to-many keeps its links when the entity on one side is renamed and renumbered", arguments: StoreKind.sqlStores)
    func manyToManyAcrossEntityRename(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(ModelXML.model(Self.sponsored), Self.fillSponsored)
        // Sponsor (2 of Player, Sponsor, Team) becomes Brand (1 of Brand, Player, Team).
        let v2 = try ModelXML.edit(
            Self.sponsored,
            [
                (
                    #"<entity name="Sponsor" representedClassName="Sponsor""#,
                    #"<entity name="Brand" representedClassName="Brand" elementID="Sponsor""#
                ),
                (
                    #"destinationEntity="Sponsor" inverseName="players" inverseEntity="Sponsor""#,
                    #"destinationEntity="Brand" inverseName="players" inverseEntity="Brand""#
                ),
                (
                    #"destinationEntity="Sponsor" inverseName="teams" inverseEntity="Sponsor""#,
                    #"destinationEntity="Brand" inverseName="teams" inverseEntity="Brand""#
                ),
            ])
        let model = try ManagedObjectModel.versioned([("Model", ModelXML.model(Self.sponsored)), ("Model 2", ModelXML.model(v2))])

        let context = try store.open(model)
        try Self.expectTeamsAndCaptains(context)
        #expect(try context.names("Brand") == ["Adidas", "Nike"])
        #expect(try context.one("Brand", named: "Adidas").names(of: "teams") == ["Deutschland", "Spanien"])
        #expect(try context.one("Brand", named: "Nike").names(of: "teams") == ["Deutschland"])
        #expect(try context.one("Team", named: "Deutschland").names(of: "sponsors") == ["Adidas", "Nike"])
        #expect(try context.one("Team", named: "Schottland").names(of: "sponsors").isEmpty)
        #expect(try context.one("Brand", named: "Adidas").names(of: "players") == ["Morata", "Musiala"])
        #expect(try context.one("Player", named: "Robertson").name(of: "sponsor") == "Nike")

        try context.one("Team", named: "Schottland").setValue([try context.one("Brand", named: "Nike")], forKey: "sponsors")
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Brand", named: "Nike").names(of: "teams") == ["Deutschland", "Schottland"])
        #expect(try again.one("Brand", named: "Adidas").names(of: "teams") == ["Deutschland", "Spanien"])
    }

    @Test("A many-to-many that is its own inverse keeps its links across a rename of its entity", arguments: StoreKind.sqlStores)
    func selfInverseManyToManyAcrossEntityRename(kind: StoreKind) throws {
        let entity = """
            <entity name="Player" representedClassName="Player" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="friends" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Player" inverseName="friends" inverseEntity="Player"/>
            </entity>
            <entity name="Coach" representedClassName="Coach" syncable="YES">
                <attribute name="name" attributeType="String"/>
            </entity>
            """
        // Player (2 of Coach, Player) becomes Athlete (1 of Athlete, Coach).
        let v2 = try ModelXML.edit(
            entity,
            [
                (
                    #"<entity name="Player" representedClassName="Player""#,
                    #"<entity name="Athlete" representedClassName="Athlete" elementID="Player""#
                ),
                (
                    #"destinationEntity="Player" inverseName="friends" inverseEntity="Player""#,
                    #"destinationEntity="Athlete" inverseName="friends" inverseEntity="Athlete""#
                ),
            ])
        let store = try MigrationStore(kind)
        try store.create(ModelXML.model(entity)) { context in
            let kroos = try context.insert("Player", ["name": "Kroos"])
            let modric = try context.insert("Player", ["name": "Modrić"])
            let benzema = try context.insert("Player", ["name": "Benzema"])
            try context.insert("Player", ["name": "Alleinsein"])
            try kroos.setValue([modric, benzema], forKey: "friends")
            try context.insert("Coach", ["name": "Ancelotti"])
        }
        let model = try ManagedObjectModel.versioned([("Model", ModelXML.model(entity)), ("Model 2", ModelXML.model(v2))])

        let context = try store.open(model)
        #expect(try context.one("Athlete", named: "Kroos").names(of: "friends") == ["Benzema", "Modrić"])
        #expect(try context.one("Athlete", named: "Modrić").names(of: "friends") == ["Kroos"])
        #expect(try context.one("Athlete", named: "Benzema").names(of: "friends") == ["Kroos"])
        #expect(try context.one("Athlete", named: "Alleinsein").names(of: "friends").isEmpty)
        try context.one("Athlete", named: "Alleinsein").setValue(
            [try context.one("Athlete", named: "Benzema")], forKey: "friends")
        try context.save()
        let again = try store.open(model)
        #expect(try again.one("Athlete", named: "Benzema").names(of: "friends") == ["Alleinsein", "Kroos"])
        #expect(try again.names("Coach") == ["Ancelotti"])
    }
}
