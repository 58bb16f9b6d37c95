import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

@Suite("Migration: indexes follow the model")
struct IndexMigrationTests {
    /// Players, indexed by team (their foreign key).
    static let player = """
        <entity name="Player" representedClassName="Player" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <attribute name="number" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
            <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="players" inverseEntity="Team"/>
        </entity>
        """

    /// Teams, indexed by name (a fetch index).
    static let team = """
        <entity name="Team" representedClassName="Team" syncable="YES">
            <attribute name="group" optional="YES" attributeType="String"/>
            <attribute name="name" attributeType="String"/>
            <relationship name="players" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Player" inverseName="team" inverseEntity="Player"/>
            <fetchIndex name="byNameIndex">
                <fetchIndexElement property="name" type="Binary" order="ascending"/>
            </fetchIndex>
        </entity>
        """

    static let v1 = ModelXML.model(player + team)

    static func fill(_ context: ManagedObjectContext) throws {
        let germany = try context.insert("Team", ["name": "Deutschland", "group": "A"])
        try context.insert("Player", ["name": "Musiala", "number": 10, "team": germany])
        try context.insert("Player", ["name": "Havertz", "number": 7, "team": germany])
    }

    @Test(
        "The indexes a model adds and removes are added to and dropped from a store of the same version hashes",
        arguments: StoreKind.sqlStores)
    func indexAddedAndRemoved(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        let indexes = try store.indexes()
        #expect(indexes.contains("ZTEAM(ZNAME)"))
        #expect(indexes.contains("ZPLAYER(ZTEAM)"))
        #expect(!indexes.contains("ZPLAYER(ZNUMBER)"))
        let metadata = try store.metadata()
        // The team name's index removed, one on the player's number added: the same version
        // hashes, so no migration, only other indexes.
        let player = try ModelXML.edit(
            Self.player,
            [
                (
                    #"<attribute name="number" optional="YES" attributeType="Integer 16""#,
                    #"<attribute name="number" optional="YES" attributeType="Integer 16" indexed="YES""#
                )
            ])
        let team = try ModelXML.edit(
            Self.team,
            [
                (#"<fetchIndex name="byNameIndex">"#, ""),
                (#"<fetchIndexElement property="name" type="Binary" order="ascending"/>"#, ""),
                ("</fetchIndex>", ""),
            ])
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", ModelXML.model(player + team))])
        #expect(model.entityVersionHashes == (try ManagedObjectModel(xml: Self.v1)).entityVersionHashes)

        let context = try store.open(model)
        let reindexed = try store.indexes()
        #expect(!reindexed.contains("ZTEAM(ZNAME)"))
        #expect(reindexed.contains("ZPLAYER(ZNUMBER)"))
        #expect(reindexed.contains("ZPLAYER(ZTEAM)"))
        #expect(reindexed.count == indexes.count)
        #expect(try store.metadata().entityVersionHashes == metadata.entityVersionHashes)
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Havertz", "Musiala"])
        try context.insert("Player", ["name": "Wirtz", "number": 17, "team": try context.one("Team", named: "Deutschland")])
        try context.save()

        // And back: the first version's model gives the store its indexes again.
        let back = try store.open(try ManagedObjectModel(xml: Self.v1))
        #expect(try store.indexes() == indexes)
        #expect(try back.one("Team", named: "Deutschland").names(of: "players") == ["Havertz", "Musiala", "Wirtz"])
    }

    @Test(
        "A migration gives an attribute added with an index its index, and drops the index of an attribute removed",
        arguments: StoreKind.sqlStores)
    func indexesOfAttributesAddedAndRemoved(kind: StoreKind) throws {
        let store = try MigrationStore(kind)
        try store.create(Self.v1, Self.fill)
        // The indexed name becomes `title`, `group` goes, an indexed `seed` comes.
        let team = try ModelXML.edit(
            Self.team,
            [
                (
                    #"<attribute name="group" optional="YES" attributeType="String"/>"#,
                    #"<attribute name="seed" attributeType="Integer 16" defaultValueString="1" indexed="YES" usesScalarValueType="YES"/>"#
                ),
                (
                    #"<attribute name="name" attributeType="String"/>"#,
                    #"<attribute name="title" attributeType="String" elementID="name"/>"#
                ),
                (#"<fetchIndexElement property="name""#, #"<fetchIndexElement property="title""#),
                (
                    #"<relationship name="players""#,
                    #"<attribute name="level" optional="YES" attributeType="String" indexed="YES"/><relationship name="players""#
                ),
            ])
        let v2 = Self.player + team
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", ModelXML.model(v2))])

        let context = try store.open(model)
        let indexes = try store.indexes()
        #expect(indexes.contains("ZTEAM(ZSEED)"))
        #expect(indexes.contains("ZTEAM(ZLEVEL)"))
        #expect(indexes.contains("ZTEAM(ZTITLE)"))
        #expect(!indexes.contains("ZTEAM(ZNAME)"))
        #expect(indexes.contains("ZPLAYER(ZTEAM)"))
        #expect(!(try store.columns(of: "ZTEAM").contains("ZGROUP")))
        let germany = try context.one("Team", named: "Deutschland", key: "title")
        #expect(try germany.value(forKey: "seed") as? Int64 == 1)
        #expect(try germany.names(of: "players") == ["Havertz", "Musiala"])
    }

    /// The definitions of the store's indexes on `table`: the text of each `CREATE INDEX`
    /// from `ON`.
    static func definitions(on table: String, in store: MigrationStore) throws -> Set<String> {
        Set(
            try store.texts(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", [.text(table)]
            )
            .compactMap { sql in sql.range(of: " ON ").map { String(sql[$0.upperBound...]) } }.map { "ON " + $0 })
    }

    @Test("Expression and descending indexes a model adds are made, and dropped when it removes them")
    func expressionIndexesAddedAndRemoved() throws {
        let store = try MigrationStore()
        try store.create(Self.v1, Self.fill)
        let before = try Self.definitions(on: "ZPLAYER", in: store)
        let player = try ModelXML.edit(
            Self.player,
            [
                (
                    "</entity>",
                    """
                    <fetchIndex name="byShirt"><fetchIndexElement expression="number * 2 + 1" expressionType="Integer 64"/></fetchIndex>
                    <fetchIndex name="byNameDescending"><fetchIndexElement property="name" order="descending"/></fetchIndex>
                    </entity>
                    """
                )
            ])
        let v2 = ModelXML.model(player + Self.team)
        let model = try ManagedObjectModel.versioned([("Model", Self.v1), ("Model 2", v2)])
        #expect(model.entityVersionHashes == (try ManagedObjectModel(xml: Self.v1)).entityVersionHashes)

        let context = try store.open(model)
        #expect(
            try Self.definitions(on: "ZPLAYER", in: store)
                == before.union(["ON ZPLAYER (((ZNUMBER * 2) + 1))", "ON ZPLAYER (ZNAME DESC)"]))
        #expect(try context.all("Player", "number * 2 + 1 == 15").compactMap { $0.string("name") } == ["Havertz"])
        try context.insert("Player", ["name": "Wirtz", "number": 17, "team": try context.one("Team", named: "Deutschland")])
        try context.save()

        // Opened again with the same model, the store keeps them; with the first, it loses them.
        _ = try store.open(model)
        #expect(try Self.definitions(on: "ZPLAYER", in: store).count == before.count + 2)
        let back = try store.open(try ManagedObjectModel(xml: Self.v1))
        #expect(try Self.definitions(on: "ZPLAYER", in: store) == before)
        #expect(try back.names("Player") == ["Havertz", "Musiala", "Wirtz"])
    }

    @Test("A migration removing an attribute that an expression index reads drops the index first")
    func expressionIndexOfRemovedAttribute() throws {
        let store = try MigrationStore()
        let team = try ModelXML.edit(
            Self.team,
            [
                (
                    "</fetchIndex>",
                    """
                    </fetchIndex>
                    <fetchIndex name="byGroup"><fetchIndexElement expression="uppercase:(group)" expressionType="String"/></fetchIndex>
                    """
                )
            ])
        let v1 = ModelXML.model(Self.player + team)
        try store.create(v1, Self.fill)
        #expect(try Self.definitions(on: "ZTEAM", in: store).contains("ON ZTEAM (og_upper(ZGROUP))"))
        let v2 = ModelXML.model(
            Self.player
                + (try ModelXML.edit(
                    Self.team,
                    [
                        (#"<attribute name="group" optional="YES" attributeType="String"/>"#, ""),
                        (
                            #"<fetchIndexElement property="name" type="Binary" order="ascending"/>"#,
                            #"<fetchIndexElement expression="lowercase:(name)" expressionType="String"/>"#
                        ),
                    ])))
        let context = try store.open(try ManagedObjectModel.versioned([("Model", v1), ("Model 2", v2)]))
        #expect(try Self.definitions(on: "ZTEAM", in: store) == ["ON ZTEAM (og_lower(ZNAME))"])
        #expect(!(try store.columns(of: "ZTEAM").contains("ZGROUP")))
        #expect(try context.one("Team", named: "Deutschland").names(of: "players") == ["Havertz", "Musiala"])
        #expect(try context.all("Team", "lowercase:(name) == 'deutschland'").count == 1)
    }
}
