import Foundation
import ObjectGraphSQLite
import Testing

@testable import ObjectGraph

/// A coordinator with one store per configuration of ``ConfigurationTests``' model: `Library`
/// (authors, books and their abstract parent) first, then `Scratch` (notes).
final class TwoStores {
    let directory: TemporaryDirectory
    let model: ManagedObjectModel
    let coordinator: PersistentStoreCoordinator
    let context: ManagedObjectContext
    /// Where each store is, `Library`'s first.
    let locations: [PersistentStoreCoordinator.StoreLocation]

    /// The stores, of the given kinds, on `model` (by default ``ConfigurationTests/xmlModel()``).
    init(library: StoreKind, scratch: StoreKind, model: ManagedObjectModel? = nil) throws {
        directory = try TemporaryDirectory(prefix: "og-stores")
        self.model = try model ?? ConfigurationTests.xmlModel()
        let directory = directory
        locations = zip([library, scratch], ["library", "scratch"]).map { kind, name in
            kind == .sqlite ? .sqlite(directory.file("\(name).sqlite")) : .inMemory
        }
        coordinator = try Self.coordinator(self.model, locations)
        context = ManagedObjectContext(coordinator: coordinator)
    }

    /// A coordinator with a store of `Library` at `locations[0]` and one of `Scratch` at
    /// `locations[1]`.
    static func coordinator(
        _ model: ManagedObjectModel, _ locations: [PersistentStoreCoordinator.StoreLocation]
    ) throws -> PersistentStoreCoordinator {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(locations[0], configurationName: "Library")
        try coordinator.addPersistentStore(locations[1], configurationName: "Scratch")
        return coordinator
    }

    /// The SQLite store file of a configuration's store.
    func file(_ name: String) -> URL { directory.file("\(name.lowercased()).sqlite") }
}

/// Several stores on one coordinator, one per configuration: each holds only its entities,
/// requests go to the store holding their entity, saves write each store's part.
@Suite("Several stores")
struct SeveralStoresTests {
    /// The names of a store file's tables, sorted.
    static func tables(_ url: URL) throws -> [String] {
        try SQLiteConnection(path: url.path, readOnly: true)
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows()
            .compactMap { if case .text(let name) = $0[0] { name } else { nil } }
    }

    /// The entity names of a store file's `Z_PRIMARYKEY`, sorted.
    static func keyTableEntities(_ url: URL) throws -> [String] {
        try SQLiteConnection(path: url.path, readOnly: true).prepare("SELECT Z_NAME FROM Z_PRIMARYKEY ORDER BY Z_NAME").rows()
            .compactMap { if case .text(let name) = $0[0] { name } else { nil } }
    }

    @Test(
        "Objects of each configuration are saved to, fetched, faulted and deleted from their own store",
        arguments: StoreKind.allCases, StoreKind.allCases)
    func roundTrip(library: StoreKind, scratch: StoreKind) throws {
        let stores = try TwoStores(library: library, scratch: scratch)
        let context = stores.context
        let author = try context.make("Author", ["name": "Mann"])
        let book = try context.make("Book", ["title": "Der Zauberberg", "pages": 1000, "author": author])
        let note = try context.make("Note", ["text": "read it"])
        #expect(stores.coordinator.persistentStore(for: book.objectID)?.configurationName == "Library")
        try context.save()

        let (libraryStore, scratchStore) = (stores.coordinator.persistentStores[0], stores.coordinator.persistentStores[1])
        #expect(libraryStore.configurationName == "Library" && scratchStore.configurationName == "Scratch")
        #expect(libraryStore.entities.map(\.name) == ["Author", "Book", "Publication"])
        #expect(book.objectID.storeIdentifier == libraryStore.identifier)
        #expect(note.objectID.storeIdentifier == scratchStore.identifier)
        #expect(stores.coordinator.persistentStore(for: note.objectID)?.identifier == scratchStore.identifier)
        #expect(stores.coordinator.storeIdentifier == libraryStore.identifier)

        let reader = ManagedObjectContext(coordinator: stores.coordinator)
        #expect(try reader.all("Publication").map { $0.string("title") } == ["Der Zauberberg"])
        #expect(try reader.count(for: FetchRequest<ManagedObject>(entityName: "Note")) == 1)
        let faulted = reader.object(with: book.objectID)
        #expect((faulted["author"] as? ManagedObject)?.string("name") == "Mann")
        #expect(try reader.existingObject(with: note.objectID).string("text") == "read it")
        #expect(reader.objectID(forURIRepresentation: note.objectID.uriRepresentation) == note.objectID)
        #expect(
            try reader.counts(for: FetchRequest<ManagedObject>(entityName: "Book"), groupedBy: "author") == [
                .object(author.objectID): 1
            ])

        if library == .sqlite, scratch == .sqlite {
            let reopened = ManagedObjectContext(coordinator: try TwoStores.coordinator(stores.model, stores.locations))
            #expect(try reopened.all("Book").map { $0.string("title") } == ["Der Zauberberg"])
            #expect(try reopened.all("Note").map { $0.string("text") } == ["read it"])
        }

        context.delete(author)
        context.delete(note)
        try context.save()
        #expect(try reader.count(for: FetchRequest<ManagedObject>(entityName: "Publication")) == 0)
        #expect(try reader.count(for: FetchRequest<ManagedObject>(entityName: "Note")) == 0)
    }

    @Test("Each SQLite file has only its configuration's tables, Z_PRIMARYKEY rows and version hashes")
    func filesHoldTheirConfiguration() throws {
        let stores = try TwoStores(library: .sqlite, scratch: .sqlite)
        let library = stores.file("Library")
        let scratch = stores.file("Scratch")
        let bookkeeping = ["Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"]
        #expect(try Self.tables(library) == ["ZAUTHOR", "ZPUBLICATION"] + bookkeeping)
        #expect(try Self.tables(scratch) == ["ZNOTE"] + bookkeeping)
        #expect(try Self.keyTableEntities(library) == ["Author", "Book", "Publication"])
        #expect(try Self.keyTableEntities(scratch) == ["Note"])

        let metadata = try PersistentStoreCoordinator.metadataForPersistentStore(at: library)
        #expect(metadata.entityVersionHashes.keys.sorted() == ["Author", "Book", "Publication"])
        #expect(metadata.entityVersionHashes["Book"] == stores.model.entityVersionHashes["Book"].map { Data($0) })
        #expect(stores.model.isConfiguration(withName: "Library", compatibleWithStoreMetadata: metadata))
        #expect(!stores.model.isConfiguration(withName: "Scratch", compatibleWithStoreMetadata: metadata))
        #expect(!stores.model.isConfiguration(withName: nil, compatibleWithStoreMetadata: metadata))
        #expect(!stores.model.isCompatible(with: metadata))
        #expect(!stores.model.isConfiguration(withName: "Missing", compatibleWithStoreMetadata: metadata))
        #expect(try stores.model.version(matching: metadata, configurationName: "Library") === stores.model)
        #expect(try stores.model.version(matching: metadata) == nil)
    }

    @Test("SwiftGen's Custom configuration: a store of it holds NewEntity's table only", arguments: StoreKind.allCases)
    func swiftGenCustom(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory(prefix: "og-custom")
        let url = directory.file("custom.sqlite")
        let model = try PublicModelTests.model("SwiftGen")
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(kind == .sqlite ? .sqlite(url) : .inMemory, configurationName: "Custom")
        let context = ManagedObjectContext(coordinator: coordinator)
        let identifier = UUID()
        try context.make("NewEntity", ["identifier": identifier])
        try context.save()
        let reader = ManagedObjectContext(coordinator: coordinator)
        #expect(try reader.all("NewEntity").map { $0["identifier"] as? UUID } == [identifier])
        #expect(try reader.count(for: FetchRequest<ManagedObject>(entityName: "AbstractEntity")) == 1)

        #expect(throws: ObjectGraphError.noStoreForEntity("MainEntity")) { try reader.all("MainEntity") }
        try context.make("NewEntity", ["identifier": UUID()])
        try context.make("SecondaryEntity", ["name": "nowhere"])
        #expect(throws: ObjectGraphError.noStoreForEntity("SecondaryEntity")) { try context.save() }
        #expect(try reader.count(for: FetchRequest<ManagedObject>(entityName: "NewEntity")) == 1)

        if kind == .sqlite {
            #expect(try Self.tables(url) == ["ZABSTRACTENTITY", "Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"])
            #expect(try Self.keyTableEntities(url) == ["AbstractEntity", "NewEntity"])
        }
    }

    // MARK: Refusals

    @Test("A store file added twice, by another path or as a copy, is refused")
    func sameFileTwice() throws {
        let stores = try TwoStores(library: .sqlite, scratch: .inMemory)
        let library = stores.file("Library")
        let alias = stores.directory.file("alias.sqlite")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: library)
        for url in [library, alias] {
            let error = try #require(throws: StoreError.self) {
                try stores.coordinator.addPersistentStore(.sqlite(url), configurationName: "Library")
            }
            #expect(
                error.description
                    == "the coordinator already has the store \(url.path) (the same file, or a copy of it with the same UUID)")
        }

        // Stores of an empty configuration share no entity: a copy is refused by its UUID.
        let model = try ManagedObjectModel(entities: [EntityDescription("Note")], configurations: ["Empty": []])
        let original = stores.directory.file("empty.sqlite")
        try PersistentStoreCoordinator(model: model).addPersistentStore(.sqlite(original), configurationName: "Empty")
        let copy = stores.directory.file("copy.sqlite")
        try FileManager.default.copyItem(at: original, to: copy)
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(.sqlite(original), configurationName: "Empty")
        let error = try #require(throws: StoreError.self) {
            try coordinator.addPersistentStore(.sqlite(copy), configurationName: "Empty")
        }
        #expect(
            error.description
                == "the coordinator already has the store \(copy.path) (the same file, or a copy of it with the same UUID)")
        #expect(coordinator.persistentStores.count == 1)
    }

    @Test(
        "An entity in two stores, or a relationship leaving its store, is refused before opening", arguments: StoreKind.allCases)
    func sharedEntitiesAndRelationships(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory(prefix: "og-refused")
        func location(_ name: String) -> PersistentStoreCoordinator.StoreLocation {
            kind == .sqlite ? .sqlite(directory.file("\(name).sqlite")) : .inMemory
        }
        func refusal(_ coordinator: PersistentStoreCoordinator, _ configuration: String?) throws -> String {
            let error = try #require(throws: StoreError.self) {
                try coordinator.addPersistentStore(location("refused"), configurationName: configuration)
            }
            return error.description
        }

        let model = try ConfigurationTests.xmlModel()
        let whole = PersistentStoreCoordinator(model: model)
        try whole.addPersistentStore(location("whole"))
        #expect(
            try refusal(whole, "Library")
                == "entity 'Author' of configuration 'Library' is held by the default configuration of another store of the coordinator already: an entity lives in one store"
        )
        #expect(try refusal(whole, "Gone") == "the model has no configuration 'Gone'")

        let split = try ManagedObjectModel(
            entities: [
                EntityDescription(
                    "Author",
                    relationships: [RelationshipDescription("books", destination: "Book", inverse: "author", toMany: true)]),
                EntityDescription(
                    "Book", relationships: [RelationshipDescription("author", destination: "Author", inverse: "books")]),
                EntityDescription("Note", relationships: [RelationshipDescription("about", destination: "Author", inverse: nil)]),
            ],
            configurations: ["Authors": ["Author"], "Library": ["Author", "Book"], "Scratch": ["Note"]])
        let coordinator = PersistentStoreCoordinator(model: split)
        #expect(
            try refusal(coordinator, "Authors")
                == "relationship Author.books points at entity 'Book', which configuration 'Authors' does not hold: relationships do not cross stores"
        )
        #expect(
            try refusal(coordinator, "Scratch")
                == "relationship Note.about points at entity 'Author', which configuration 'Scratch' does not hold: relationships do not cross stores"
        )
        try coordinator.addPersistentStore(location("library"), configurationName: "Library")
        #expect(
            try refusal(coordinator, "Scratch")
                == "relationship Note.about of configuration 'Scratch' points at an entity of configuration 'Library', in another store: relationships do not cross stores"
        )
        #expect(coordinator.persistentStores.map(\.configurationName) == ["Library"])
        if kind == .sqlite { #expect(!FileManager.default.fileExists(atPath: directory.file("refused.sqlite").path)) }
    }

    // MARK: Saving

    @Test(
        "A save failing in the second store leaves the first unchanged and the context's changes pending",
        arguments: StoreKind.allCases, StoreKind.allCases)
    func failureInSecondStoreUndoesTheFirst(library: StoreKind, scratch: StoreKind) throws {
        let stores = try TwoStores(library: library, scratch: scratch)
        let context = stores.context
        try context.make("Note", ["text": "taken"])
        try context.save()

        try context.make("Author", ["name": "Mann"])
        let duplicate = try context.make("Note", ["text": "taken"])
        #expect(throws: ConstraintConflict.self) { try context.save() }
        let reader = ManagedObjectContext(coordinator: stores.coordinator)
        #expect(try reader.count(for: FetchRequest<ManagedObject>(entityName: "Author")) == 0)
        #expect(context.insertedObjects.count == 2)

        try duplicate.setValue("free", forKey: "text")
        try context.save()
        #expect(try reader.all("Author").map { $0.string("name") } == ["Mann"])
        #expect(try reader.all("Note", sort: ["text"]).map { $0.string("text") } == ["free", "taken"])
    }

    @Test("A commit failing after the later store committed keeps the failed store's changes pending, for another save")
    func failedCommitAfterAnotherStoreCommitted() throws {
        let directory = try TemporaryDirectory(prefix: "og-commit")
        let model = try ConfigurationTests.xmlModel()
        let locations: [PersistentStoreCoordinator.StoreLocation] = [
            .sqlite(directory.file("library.sqlite")), .sqlite(directory.file("scratch.sqlite")),
        ]
        // The library store in rollback-journal mode, where a reader keeps a commit from
        // completing.
        _ = try TwoStores.coordinator(model, locations)
        try SQLiteConnection(path: directory.file("library.sqlite").path).execute("PRAGMA journal_mode = DELETE")
        let coordinator = try TwoStores.coordinator(model, locations)
        (coordinator.persistentStores[0].store as! SQLiteStore).connection.setBusyTimeout(ms: 10)
        let context = ManagedObjectContext(coordinator: coordinator)
        let author = try context.make("Author", ["name": "Mann"])
        let note = try context.make("Note", ["text": "read it"])

        var reader: SQLiteConnection? = try SQLiteConnection(path: directory.file("library.sqlite").path, readOnly: true)
        try reader?.execute("BEGIN")
        _ = try reader?.prepare("SELECT COUNT(*) FROM ZAUTHOR").rows()
        #expect(throws: StoreError.self) { try context.save() }
        #expect(!note.objectID.isTemporaryID && !context.insertedObjects.contains(note))
        #expect(author.objectID.isTemporaryID && context.insertedObjects == [author])
        let other = ManagedObjectContext(coordinator: coordinator)
        #expect(try other.all("Note").map { $0.objectID } == [note.objectID])
        #expect(try other.count(for: FetchRequest<ManagedObject>(entityName: "Author")) == 0)

        try reader?.execute("COMMIT")
        reader = nil
        try context.save()
        #expect(!context.hasChanges)
        #expect(try other.all("Author").map { $0.string("name") } == ["Mann"])
        #expect(try other.count(for: FetchRequest<ManagedObject>(entityName: "Note")) == 1)
    }

    // MARK: Migration

    @Test("Each store migrates by its own configuration: a change to Scratch's entities leaves Library's store as it was")
    func migrationPerConfiguration() throws {
        let directory = try TemporaryDirectory(prefix: "og-migrate")
        let locations: [PersistentStoreCoordinator.StoreLocation] = [
            .sqlite(directory.file("library.sqlite")), .sqlite(directory.file("scratch.sqlite")),
        ]
        let first = ModelVersion(name: "Notes", xml: Data(ConfigurationTests.xml.utf8))
        let second = ModelVersion(
            name: "Notes 2",
            xml: Data(
                ConfigurationTests.xml.replacingOccurrences(
                    of: #"<attribute name="text" attributeType="String"/>"#,
                    with:
                        #"<attribute name="text" attributeType="String"/><attribute name="colour" optional="YES" attributeType="String"/>"#
                ).utf8))
        let old = try ManagedObjectModel(versions: [first], current: "Notes")
        let oldContext = ManagedObjectContext(coordinator: try TwoStores.coordinator(old, locations))
        try oldContext.make("Author", ["name": "Mann"])
        try oldContext.make("Note", ["text": "read it"])
        try oldContext.save()
        let libraryBefore = try PersistentStoreCoordinator.metadataForPersistentStore(at: directory.file("library.sqlite"))
        let scratchBefore = try PersistentStoreCoordinator.metadataForPersistentStore(at: directory.file("scratch.sqlite"))

        let model = try ManagedObjectModel(versions: [first, second], current: "Notes 2")
        #expect(model.isConfiguration(withName: "Library", compatibleWithStoreMetadata: libraryBefore))
        #expect(!model.isConfiguration(withName: "Scratch", compatibleWithStoreMetadata: scratchBefore))
        #expect(try model.version(matching: scratchBefore, configurationName: "Scratch")?.versionName == "Notes")
        let context = ManagedObjectContext(coordinator: try TwoStores.coordinator(model, locations))
        #expect(try PersistentStoreCoordinator.metadataForPersistentStore(at: directory.file("library.sqlite")) == libraryBefore)
        let scratchAfter = try PersistentStoreCoordinator.metadataForPersistentStore(at: directory.file("scratch.sqlite"))
        #expect(model.isConfiguration(withName: "Scratch", compatibleWithStoreMetadata: scratchAfter))
        #expect(scratchAfter.entityVersionHashes.keys.sorted() == ["Note"])
        let note = try #require(try context.all("Note").first)
        try note.setValue("green", forKey: "colour")
        try context.save()
        #expect(try context.all("Author").map { $0.string("name") } == ["Mann"])
    }
}
