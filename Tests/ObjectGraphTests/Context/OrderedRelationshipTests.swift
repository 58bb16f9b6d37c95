import Foundation
import ObjectGraphCodegen
import ObjectGraphSQLite
import Testing

@testable import ObjectGraph

/// Ordered to-manys (Core Data's `ordered="YES"`, an `NSOrderedSet`): their members keep the
/// order the application gives them, through saves, other contexts, undo and reopening, in
/// Core Data's `Z_FOK_` position columns.
@Suite("Ordered to-many relationships")
struct OrderedRelationshipTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Playlist" representedClassName="Playlist">
                <attribute name="name" attributeType="String"/>
                <relationship name="tracks" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Track" inverseName="playlist" inverseEntity="Track"/>
                <relationship name="tags" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="playlists" inverseEntity="Tag"/>
                <relationship name="favorites" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Track"/>
            </entity>
            <entity name="Track" representedClassName="Track">
                <attribute name="title" attributeType="String"/>
                <relationship name="playlist" optional="YES" maxCount="1" ordered="YES" deletionRule="Nullify" destinationEntity="Playlist" inverseName="tracks" inverseEntity="Playlist"/>
            </entity>
            <entity name="Tag" representedClassName="Tag">
                <attribute name="label" attributeType="String"/>
                <relationship name="playlists" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Playlist" inverseName="tags" inverseEntity="Playlist"/>
            </entity>
        </model>
        """

    static func model() throws -> ManagedObjectModel { try ManagedObjectModel(xml: Data(xml.utf8)) }

    /// The names of an ordered to-many's members, in order, read with `value(forKey:)`.
    static func names(_ object: ManagedObject, _ key: String, name: String = "title") throws -> [String] {
        let members = try #require(try object.value(forKey: key) as? [ManagedObject])
        return try members.map { try #require(try $0.value(forKey: name) as? String) }
    }

    static func playlist(_ name: String, in context: ManagedObjectContext) throws -> ManagedObject {
        try #require(
            try context.fetch(
                FetchRequest<ManagedObject>(entityName: "Playlist", predicate: try FetchPredicate(format: "name == %@", name))
            ).first)
    }

    static func tracks(_ titles: [String], in context: ManagedObjectContext) throws -> [ManagedObject] {
        try titles.map { try context.make("Track", ["title": $0]) }
    }

    @Test("The model reads ordered=\"YES\" on to-manys only, and it changes the version hash")
    func model() throws {
        let model = try Self.model()
        let playlist = try #require(model.entity(named: "Playlist"))
        #expect(playlist.relationshipsByName["tracks"]?.isOrdered == true)
        #expect(model.entity(named: "Track")?.relationshipsByName["playlist"]?.isOrdered == false)
        let unordered = try ManagedObjectModel(xml: Data(Self.xml.replacingOccurrences(of: " ordered=\"YES\"", with: "").utf8))
        #expect(unordered.entity(named: "Playlist")?.relationshipsByName["tracks"]?.isOrdered == false)
        #expect(unordered.entityVersionHashes["Playlist"] != model.entityVersionHashes["Playlist"])
        #expect(unordered.entityVersionHashes["Track"] == model.entityVersionHashes["Track"])
    }

    @Test("Generated code: the model source keeps isOrdered; a class has an array and insertInto…(_:at:)")
    func generatedCode() throws {
        let model = try Self.model()
        let source = try ModelSourceGenerator(model: model, modelName: "Music", typeName: "MusicModel").source
        #expect(source.contains(#""tracks", destination: "Track", inverse: "playlist", toMany: true, isOrdered: true"#))
        let rebuilt = try ManagedObjectModel(
            entities: model.entities.map { entity in
                EntityDescription(
                    entity.name, attributes: [],
                    relationships: entity.ownRelationships.map {
                        RelationshipDescription(
                            $0.name, destination: $0.destinationEntityName, inverse: $0.inverseName, toMany: $0.isToMany,
                            isOrdered: $0.isOrdered)
                    })
            })
        #expect(rebuilt.entityVersionHashes.keys.sorted() == ["Playlist", "Tag", "Track"])
        #expect(rebuilt.entity(named: "Tag")?.relationshipsByName["playlists"]?.isOrdered == true)
        let playlist = try #require(
            ClassGenerator(model: model, modelName: "Music").files().first { $0.name == "Playlist.swift" })
        #expect(playlist.contents.contains("var tracks: [Track] {"))
        #expect(playlist.contents.contains(#"get { orderedRelatedObjects(forKey: "tracks", indexHint: 2) }"#))
        #expect(playlist.contents.contains("func insertIntoTracks(_ value: Track, at index: Int)"))
        #expect(playlist.contents.contains("func addToTracks(_ values: [Track])"))
    }

    @Test(
        "mogenerator's real model: Parent.orderedChildren, in an inheritance tree, keeps its order", arguments: StoreKind.allCases
    )
    func realModel(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: PublicModelTests.model("mogenerator"))
        let context = stack.context
        let parent = try context.make("Parent", ["parentName": "Ada"])
        let children = try ["c", "a", "b"].map { try context.make("Child", ["childName": $0]) }
        for child in children { child.setRelatedObject(parent, forKey: "parent") }
        parent.insertRelatedObject(children[2], at: 0, forKey: "orderedChildren")
        try context.save()
        let reader = stack.newContext()
        let read = try #require(try reader.fetch(FetchRequest<ManagedObject>(entityName: "Parent")).first)
        #expect(try Self.names(read, "orderedChildren", name: "childName") == ["b", "c", "a"])
    }

    @Test("A one-to-many keeps the order it is given, in this context and after a save", arguments: StoreKind.allCases)
    func oneToMany(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let mix = try context.make("Playlist", ["name": "Mix"])
        let tracks = try Self.tracks(["Zebra", "Apple", "Mango"], in: context)
        for track in tracks { mix.addRelatedObject(track, forKey: "tracks") }
        #expect(try Self.names(mix, "tracks") == ["Zebra", "Apple", "Mango"])
        // Through the inverse: appended at the end.
        let last = try context.make("Track", ["title": "Kiwi"])
        last.setRelatedObject(mix, forKey: "playlist")
        #expect(try Self.names(mix, "tracks") == ["Zebra", "Apple", "Mango", "Kiwi"])
        try context.save()

        let reader = stack.newContext()
        let read = try Self.playlist("Mix", in: reader)
        #expect(try Self.names(read, "tracks") == ["Zebra", "Apple", "Mango", "Kiwi"])
        let typed: [ManagedObject] = read.orderedRelatedObjects(forKey: "tracks")
        #expect(typed.count == 4)
        #expect(read.relatedObjects(forKey: "tracks").count == 4)

        // Insert at a position, move a member, remove one, reorder all: each saved.
        read.insertRelatedObject(try reader.make("Track", ["title": "Fig"]), at: 1, forKey: "tracks")
        #expect(try Self.names(read, "tracks") == ["Zebra", "Fig", "Apple", "Mango", "Kiwi"])
        read.insertRelatedObject(typed[3], at: 0, forKey: "tracks")
        #expect(try Self.names(read, "tracks") == ["Kiwi", "Zebra", "Fig", "Apple", "Mango"])
        read.removeRelatedObject(typed[0], forKey: "tracks")
        #expect(try Self.names(read, "tracks") == ["Kiwi", "Fig", "Apple", "Mango"])
        try reader.save()
        let third = stack.newContext()
        let again = try Self.playlist("Mix", in: third)
        #expect(try Self.names(again, "tracks") == ["Kiwi", "Fig", "Apple", "Mango"])
        let members: [ManagedObject] = again.orderedRelatedObjects(forKey: "tracks")
        try again.setValue(members.reversed(), forKey: "tracks")
        try third.save()
        #expect(try Self.names(Self.playlist("Mix", in: stack.newContext()), "tracks") == ["Mango", "Apple", "Fig", "Kiwi"])
    }

    @Test(
        "A member moving to another owner leaves the first in order and joins the second at its end",
        arguments: StoreKind.allCases)
    func moving(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let a = try context.make("Playlist", ["name": "A"])
        let b = try context.make("Playlist", ["name": "B"])
        a.setRelatedObjects(try Self.tracks(["1", "2", "3"], in: context), forKey: "tracks")
        b.setRelatedObjects(try Self.tracks(["x", "y"], in: context), forKey: "tracks")
        try context.save()

        let writer = stack.newContext()
        let second = try #require((try Self.playlist("A", in: writer).value(forKey: "tracks") as? [ManagedObject])?[1])
        second.setRelatedObject(try Self.playlist("B", in: writer), forKey: "playlist")
        try writer.save()
        let reader = stack.newContext()
        #expect(try Self.names(Self.playlist("A", in: reader), "tracks") == ["1", "3"])
        #expect(try Self.names(Self.playlist("B", in: reader), "tracks") == ["x", "y", "2"])
    }

    @Test("Many-to-many and inverse-less ordered to-manys keep their order, each side its own", arguments: StoreKind.allCases)
    func manyToManyAndInverseless(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let rock = try context.make("Tag", ["label": "rock"])
        let live = try context.make("Tag", ["label": "live"])
        let old = try context.make("Tag", ["label": "old"])
        let mix = try context.make("Playlist", ["name": "Mix"])
        let best = try context.make("Playlist", ["name": "Best"])
        mix.setRelatedObjects([old, rock, live], forKey: "tags")
        best.setRelatedObjects([live, rock], forKey: "tags")
        // The other side's order is its own: rock lists Best before Mix.
        rock.setRelatedObjects([best, mix], forKey: "playlists")
        let tracks = try Self.tracks(["c", "a", "b"], in: context)
        mix.setRelatedObjects(tracks, forKey: "tracks")
        best.setRelatedObjects([tracks[2], tracks[0]], forKey: "favorites")
        try context.save()

        let reader = stack.newContext()
        #expect(try Self.names(Self.playlist("Mix", in: reader), "tags", name: "label") == ["old", "rock", "live"])
        #expect(try Self.names(Self.playlist("Best", in: reader), "tags", name: "label") == ["live", "rock"])
        #expect(try Self.names(Self.playlist("Best", in: reader), "favorites") == ["b", "c"])
        let readRock = try #require(
            try reader.fetch(
                FetchRequest<ManagedObject>(entityName: "Tag", predicate: try FetchPredicate(format: "label == 'rock'"))
            ).first)
        #expect(try Self.names(readRock, "playlists", name: "name") == ["Best", "Mix"])
        // Fetching through them works as for any to-many.
        let tagged = FetchRequest<ManagedObject>(
            entityName: "Playlist", predicate: try FetchPredicate(format: "ANY tags.label == 'old' AND tags.@count == 3"))
        #expect(try reader.fetch(tagged).map { try $0.value(forKey: "name") as? String } == ["Mix"])

        // Deleting a member leaves the others in order.
        reader.delete(readRock)
        try reader.save()
        let later = stack.newContext()
        #expect(try Self.names(Self.playlist("Mix", in: later), "tags", name: "label") == ["old", "live"])
        #expect(try Self.names(Self.playlist("Best", in: later), "tags", name: "label") == ["live"])
    }

    @Test(
        "[FIRST], [LAST] and [n] pick members of an ordered to-many, in both stores and in memory", arguments: StoreKind.allCases)
    func positions(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let mix = try context.make("Playlist", ["name": "Mix"])
        let best = try context.make("Playlist", ["name": "Best"])
        let tracks = try Self.tracks(["Zebra", "Apple", "Mango"], in: context)
        mix.setRelatedObjects(tracks, forKey: "tracks")
        best.setRelatedObjects([tracks[2], tracks[0]], forKey: "favorites")
        let tags = try ["rock", "live"].map { try context.make("Tag", ["label": $0]) }
        best.setRelatedObjects(tags, forKey: "tags")
        try context.save()

        func names(_ format: String, _ arguments: Any...) throws -> [String] {
            let request = FetchRequest<ManagedObject>(
                entityName: "Playlist", predicate: try FetchPredicate(format: format, argumentArray: arguments),
                sortOrderings: [FetchOrdering("name")])
            return try stack.newContext().fetch(request).map { try #require(try $0.value(forKey: "name") as? String) }
        }
        #expect(try names("tracks[FIRST].title == 'Zebra'") == ["Mix"])
        #expect(try names("tracks[LAST].title == 'Mango'") == ["Mix"])
        #expect(try names("tracks[1].title BEGINSWITH 'A'") == ["Mix"])
        #expect(try names("tracks[3].title == nil") == ["Best", "Mix"])
        #expect(try names("tracks[LAST] == %@", tracks[2]) == ["Mix"])
        #expect(try names("tracks[FIRST].playlist.name == 'Mix'") == ["Mix"])
        #expect(try names("favorites[FIRST].title == 'Mango' AND favorites[LAST].title == 'Zebra'") == ["Best"])
        #expect(try names("tags[0].label == 'rock' AND tags[last].label == 'live'") == ["Best"])
        #expect(try names("tags[FIRST].playlists.@count == 1") == ["Best"])
        #expect(try names("tracks[SIZE] == 3") == ["Mix"])

        // Unsaved changes count: the fetch sees the new order.
        let reader = stack.newContext()
        let readMix = try Self.playlist("Mix", in: reader)
        let members: [ManagedObject] = readMix.orderedRelatedObjects(forKey: "tracks")
        readMix.setRelatedObjects(members.reversed(), forKey: "tracks")
        let first = FetchRequest<ManagedObject>(
            entityName: "Playlist", predicate: try FetchPredicate(format: "tracks[FIRST].title == 'Mango'"))
        #expect(try reader.fetch(first).count == 1)
    }

    @Test("A position prints back as written; in an unordered to-many it is refused, by name")
    func positionFormats() throws {
        for format in ["tracks[FIRST].title == \"a\"", "tracks[LAST] == nil", "tags[2].playlists.@count > 1"] {
            #expect(try FetchPredicate(format: format).predicateFormat == format)
        }
        #expect(throws: FetchPredicateError.self) { try FetchPredicate(format: "tracks[-1].title == 'a'") }
        #expect(throws: FetchPredicateError.self) { try FetchPredicate(format: "tracks[MIDDLE] == nil") }
        let unordered = try ManagedObjectModel(xml: Data(Self.xml.replacingOccurrences(of: " ordered=\"YES\"", with: "").utf8))
        let stack = try TestStack(.sqlite, model: unordered)
        let request = FetchRequest<ManagedObject>(
            entityName: "Playlist", predicate: try FetchPredicate(format: "tracks[FIRST].title == 'a'"))
        #expect(throws: ObjectGraphError.unorderedRelationship(entity: "Playlist", key: "tracks")) {
            try stack.context.fetch(request)
        }
    }

    @Test("With several stores, a store saves the order of its own ordered to-manys")
    func severalStores() throws {
        let xml = Self.xml.replacingOccurrences(
            of: "</model>",
            with: """
                    <entity name="Note" representedClassName="Note"><attribute name="text" attributeType="String"/></entity>
                    <configuration name="Music"><memberEntity name="Playlist"/><memberEntity name="Track"/><memberEntity name="Tag"/></configuration>
                    <configuration name="Notes"><memberEntity name="Note"/></configuration>
                </model>
                """)
        let model = try ManagedObjectModel(xml: Data(xml.utf8))
        let directory = try TemporaryDirectory(prefix: "og")
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(.inMemory, configurationName: "Notes")
        try coordinator.addPersistentStore(.sqlite(directory.file("music.sqlite")), configurationName: "Music")
        let context = ManagedObjectContext(coordinator: coordinator)
        let mix = try context.make("Playlist", ["name": "Mix"])
        // Made in key order a, b, c, held as c, a, b.
        let tracks = try Self.tracks(["a", "b", "c"], in: context)
        mix.setRelatedObjects([tracks[2], tracks[0], tracks[1]], forKey: "tracks")
        try context.make("Note", ["text": "remember"])
        try context.save()
        let reader = ManagedObjectContext(coordinator: coordinator)
        #expect(try Self.names(Self.playlist("Mix", in: reader), "tracks") == ["c", "a", "b"])
    }

    @Test("Undo puts a removed member back in its place and takes back a reordering; redo again", arguments: StoreKind.allCases)
    func undo(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let undo = UndoStack()
        context.undoStack = undo
        let mix = try context.make("Playlist", ["name": "Mix"])
        let tracks = try Self.tracks(["a", "b", "c", "d"], in: context)
        mix.setRelatedObjects(tracks, forKey: "tracks")
        try context.save()

        undo.beginGrouping()
        mix.removeRelatedObject(tracks[1], forKey: "tracks")
        undo.endGrouping()
        #expect(try Self.names(mix, "tracks") == ["a", "c", "d"])
        context.undo()
        #expect(try Self.names(mix, "tracks") == ["a", "b", "c", "d"])
        context.redo()
        #expect(try Self.names(mix, "tracks") == ["a", "c", "d"])
        context.undo()

        undo.beginGrouping()
        mix.setRelatedObjects([tracks[3], tracks[2], tracks[1], tracks[0]], forKey: "tracks")
        undo.endGrouping()
        #expect(try Self.names(mix, "tracks") == ["d", "c", "b", "a"])
        context.undo()
        #expect(try Self.names(mix, "tracks") == ["a", "b", "c", "d"])
        context.redo()
        try context.save()
        #expect(try Self.names(Self.playlist("Mix", in: stack.newContext()), "tracks") == ["d", "c", "b", "a"])
    }

    @Test("Rollback forgets a new order; the saved one reads back")
    func rollback() throws {
        let stack = try TestStack(.sqlite, model: Self.model())
        let context = stack.context
        let mix = try context.make("Playlist", ["name": "Mix"])
        let tracks = try Self.tracks(["a", "b"], in: context)
        mix.setRelatedObjects(tracks, forKey: "tracks")
        try context.save()
        mix.setRelatedObjects(tracks.reversed(), forKey: "tracks")
        context.rollback()
        #expect(try Self.names(mix, "tracks") == ["a", "b"])
        #expect(!context.hasChanges)
    }

    @Test("The SQLite layout is Core Data's: Z_FOK_ columns in the destination's table and in the join table")
    func layout() throws {
        let stack = try TestStack(.sqlite, model: Self.model())
        let context = stack.context
        let mix = try context.make("Playlist", ["name": "Mix"])
        let tag = try context.make("Tag", ["label": "rock"])
        mix.setRelatedObjects(try Self.tracks(["b", "a"], in: context), forKey: "tracks")
        mix.setRelatedObjects([tag], forKey: "tags")
        try context.save()

        let connection = try SQLiteConnection(path: try #require(stack.storeURL).path, readOnly: true)
        func columns(_ table: String) throws -> [String] {
            try connection.prepare("SELECT name FROM pragma_table_info(?)").rows([.text(table)]).compactMap {
                if case .text(let name) = $0[0] { name } else { nil }
            }
        }
        let playlist = stack.coordinator.model.entity(named: "Playlist")!.entityNumber
        #expect(try columns("ZTRACK").contains("Z_FOK_PLAYLIST"))
        #expect(try columns("ZTRACK").contains("Z_FOK_\(playlist)FAVORITES"))
        let join = try #require(
            try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'Z\\_%TAGS' ESCAPE '\\'")
                .rows().first?.first)
        guard case .text(let joinName) = join else {
            Issue.record("no join table")
            return
        }
        let joinColumns = try columns(joinName)
        #expect(joinColumns.filter { $0.hasPrefix("Z_FOK_") }.sorted().count == 2)
        #expect(joinColumns.contains { $0.hasPrefix("Z_FOK_") && $0.hasSuffix("TAGS") })
        #expect(joinColumns.contains { $0.hasPrefix("Z_FOK_") && $0.hasSuffix("PLAYLISTS") })
        let positions = try connection.prepare("SELECT ZTITLE, Z_FOK_PLAYLIST FROM ZTRACK ORDER BY ZTITLE").rows()
        #expect(positions.map { $0[1] } == [.integer(2), .integer(1)])
    }

    @Test("Positions another writer left sparse or missing (as Core Data writes them) read in order")
    func sparsePositions() throws {
        let stack = try TestStack(.sqlite, model: Self.model())
        let context = stack.context
        let mix = try context.make("Playlist", ["name": "Mix"])
        mix.setRelatedObjects(try Self.tracks(["a", "b", "c", "d"], in: context), forKey: "tracks")
        try context.save()
        let connection = try SQLiteConnection(path: try #require(stack.storeURL).path)
        try connection.execute("UPDATE ZTRACK SET Z_FOK_PLAYLIST = 4096 WHERE ZTITLE = 'a'")
        try connection.execute("UPDATE ZTRACK SET Z_FOK_PLAYLIST = 1024 WHERE ZTITLE = 'c'")
        try connection.execute("UPDATE ZTRACK SET Z_FOK_PLAYLIST = 2048 WHERE ZTITLE = 'b'")
        try connection.execute("UPDATE ZTRACK SET Z_FOK_PLAYLIST = NULL WHERE ZTITLE = 'd'")
        let reader = stack.newContext()
        let read = try Self.playlist("Mix", in: reader)
        #expect(try Self.names(read, "tracks") == ["d", "c", "b", "a"])
        read.addRelatedObject(try reader.make("Track", ["title": "e"]), forKey: "tracks")
        try reader.save()
        #expect(try Self.names(Self.playlist("Mix", in: stack.newContext()), "tracks") == ["d", "c", "b", "a", "e"])
    }

    @Test("Making a to-many ordered in a new model version migrates: positions start in key order, then are kept")
    func migration() throws {
        let directory = try TemporaryDirectory(prefix: "og")
        let url = directory.file("store.sqlite")
        let unorderedXML = Self.xml.replacingOccurrences(of: " ordered=\"YES\"", with: "")
        let v1 = try ManagedObjectModel.versioned([("v1", Data(unorderedXML.utf8))])
        do {
            let coordinator = PersistentStoreCoordinator(model: v1)
            try coordinator.addPersistentStore(.sqlite(url))
            let context = ManagedObjectContext(coordinator: coordinator)
            let mix = try context.make("Playlist", ["name": "Mix"])
            mix.setRelatedObjects(try Self.tracks(["a", "b", "c"], in: context), forKey: "tracks")
            mix.setRelatedObjects(
                [try context.make("Tag", ["label": "t1"]), try context.make("Tag", ["label": "t2"])], forKey: "tags")
            try context.save()
        }
        let v2 = try ManagedObjectModel.versioned([("v1", Data(unorderedXML.utf8)), ("v2", Data(Self.xml.utf8))])
        let coordinator = PersistentStoreCoordinator(model: v2)
        try coordinator.addPersistentStore(.sqlite(url))
        let context = ManagedObjectContext(coordinator: coordinator)
        let mix = try Self.playlist("Mix", in: context)
        #expect(try Self.names(mix, "tracks") == ["a", "b", "c"])
        #expect(try Self.names(mix, "tags", name: "label") == ["t1", "t2"])
        let tracks: [ManagedObject] = mix.orderedRelatedObjects(forKey: "tracks")
        mix.setRelatedObjects(tracks.reversed(), forKey: "tracks")
        try context.save()
        let reader = ManagedObjectContext(coordinator: coordinator)
        #expect(try Self.names(Self.playlist("Mix", in: reader), "tracks") == ["c", "b", "a"])
    }
}
