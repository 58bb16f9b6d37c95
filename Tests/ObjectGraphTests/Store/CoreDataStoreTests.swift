import Foundation
import ObjectGraph
import ObjectGraphSQLite
import TestSupport
import Testing

/// A store Apple's Core Data wrote opens with its Xcode model.
///
/// The store is `Fixtures/CoreData/Recipes.sqlite`, Apple's iPhoneCoreDataRecipes seed data
/// (NSPersistenceFrameworkVersion 241). It opens read-write and read-only, and stays what Core Data expects; a model that does not fit
/// it is refused with what differs, and the file is left as it was. Values are checked against
/// the file read with SQLite directly.
@Suite("Stores written by Core Data")
struct CoreDataStoreTests {
    /// A copy of the fixture store in a temporary directory, and the directory.
    struct StoreCopy {
        let directory: TemporaryDirectory
        var url: URL { directory.file("Recipes.sqlite") }

        init() throws {
            directory = try TemporaryDirectory(prefix: "og-coredata")
            try FileManager.default.copyItem(
                at: Bundle.module.bundleURL.appending(path: "Fixtures/CoreData/Recipes.sqlite"), to: url)
        }

        /// Rows of a query on the file, read with SQLite directly.
        func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
            let connection = try SQLiteConnection(path: url.path, readOnly: true)
            return try connection.prepare(sql).rows(arguments)
        }

        /// The bytes of the store's files (main, `-wal`), and the names in its folder.
        func files() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) where !name.hasSuffix("-shm") {
                files[name] = try Data(contentsOf: directory.file(name))
            }
            return files
        }
    }

    /// A coordinator and context on the store at `url`.
    static func open(
        _ url: URL, model: ManagedObjectModel? = nil, options: StoreOptions = StoreOptions()
    ) throws -> (PersistentStoreCoordinator, ManagedObjectContext) {
        let coordinator = PersistentStoreCoordinator(model: try model ?? RealModelTests.recipes())
        try coordinator.addPersistentStore(.sqlite(url), options: options)
        return (coordinator, ManagedObjectContext(coordinator: coordinator))
    }

    /// The Recipes model with its XML edited.
    static func recipesModel(editing edit: (String) -> String) throws -> ManagedObjectModel {
        let contents = Bundle.module.bundleURL.appending(
            path: "Fixtures/CoreData/Recipes.xcdatamodeld/Recipes.xcdatamodel/contents")
        return try ManagedObjectModel(xml: Data(edit(try String(contentsOf: contents, encoding: .utf8)).utf8))
    }

    static func text(_ value: SQLiteValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }

    static func integer(_ value: SQLiteValue) -> Int64? {
        if case .integer(let integer) = value { return integer }
        return nil
    }

    @Test("Every object of Apple's store reads as SQLite has it: counts, attributes, to-ones, to-manys")
    func readsAppleStore() throws {
        let store = try StoreCopy()
        let (coordinator, context) = try Self.open(store.url)
        _ = coordinator
        for (entity, table) in [
            ("Image", "ZIMAGE"), ("Ingredient", "ZINGREDIENT"), ("Recipe", "ZRECIPE"), ("RecipeType", "ZRECIPETYPE"),
        ] {
            let count = try store.rows("SELECT COUNT(*) FROM \(table)")[0][0]
            #expect(try context.count(for: FetchRequest<ManagedObject>(entityName: entity)) == Int(Self.integer(count)!))
        }
        #expect(try context.count(for: FetchRequest<ManagedObject>(entityName: "Recipe")) == 7)

        let expected = try store.rows(
            """
            SELECT r.ZNAME, r.ZPREPTIME, t.ZNAME, r.ZTHUMBNAILIMAGE, i.ZIMAGE,
                   (SELECT group_concat(ZNAME, '|') FROM (SELECT ZNAME FROM ZINGREDIENT WHERE ZRECIPE = r.Z_PK ORDER BY ZNAME))
            FROM ZRECIPE r LEFT JOIN ZRECIPETYPE t ON t.Z_PK = r.ZTYPE LEFT JOIN ZIMAGE i ON i.Z_PK = r.ZIMAGE
            ORDER BY r.ZNAME
            """)
        var request = FetchRequest<ManagedObject>(entityName: "Recipe")
        request.sortOrderings = [FetchOrdering("name")]
        let recipes = try context.fetch(request)
        #expect(recipes.count == expected.count)
        for (recipe, row) in zip(recipes, expected) {
            #expect(try recipe.value(forKey: "name") as? String == Self.text(row[0]))
            #expect(try recipe.value(forKey: "prepTime") as? String == Self.text(row[1]))
            let type = try recipe.value(forKey: "type") as? ManagedObject
            #expect(try type?.value(forKey: "name") as? String == Self.text(row[2]))
            guard case .blob(let thumbnail) = row[3], case .blob(let image) = row[4] else {
                Issue.record("recipe \(row[0]) has no images")
                continue
            }
            #expect(try recipe.value(forKey: "thumbnailImage") as? Data == Data(thumbnail))
            let imageObject = try #require(try recipe.value(forKey: "image") as? ManagedObject)
            #expect(try imageObject.value(forKey: "image") as? Data == Data(image))
            let ingredients = try #require(try recipe.value(forKey: "ingredients") as? Set<ManagedObject>)
            let names = try ingredients.compactMap { try $0.value(forKey: "name") as? String }.sorted()
            #expect(names.joined(separator: "|") == (Self.text(row[5]) ?? ""))
        }
        // Predicates run as SQL on Core Data's columns.
        let desserts = FetchRequest<ManagedObject>(
            entityName: "Recipe",
            predicate: try FetchPredicate(format: "type.name == %@ AND ANY ingredients.name CONTAINS[c] %@", "Dessert", "sugar"))
        let sugary = try store.rows(
            """
            SELECT COUNT(DISTINCT r.Z_PK) FROM ZRECIPE r JOIN ZRECIPETYPE t ON t.Z_PK = r.ZTYPE
            JOIN ZINGREDIENT i ON i.ZRECIPE = r.Z_PK WHERE t.ZNAME = 'Dessert' AND i.ZNAME LIKE '%sugar%'
            """)[0][0]
        #expect(try context.count(for: desserts) == Int(Self.integer(sugary)!))
    }

    @Test("A save keeps the store Core Data's: its metadata, tables, indexes, journal mode, and key counters")
    func savesKeepConventions() throws {
        let store = try StoreCopy()
        let schemaBefore = try store.rows("SELECT type, name, sql FROM sqlite_master ORDER BY name")
        let metadataBefore = try store.rows("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA")
        do {
            let (coordinator, context) = try Self.open(store.url)
            #expect(coordinator.storeIdentifier == Self.text(metadataBefore[0][1]))
            var request = FetchRequest<ManagedObject>(entityName: "Recipe")
            request.predicate = try FetchPredicate(format: "name == %@", "Ginger snaps")
            let snaps = try #require(try context.fetch(request).first)
            try snaps.setValue("Ginger Snaps", forKey: "name")
            let ingredient = ManagedObject(entity: coordinator.model.entity(named: "Ingredient")!, insertInto: context)
            try ingredient.setValue("Cinnamon", forKey: "name")
            try ingredient.setValue(snaps, forKey: "recipe")
            request.predicate = try FetchPredicate(format: "name == %@", "Macarons")
            context.delete(try #require(try context.fetch(request).first))
            try context.save()
        }
        // Z_MAX was 33 for Ingredient: the new one is 34.
        #expect(try store.rows("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'Ingredient'") == [[.integer(34)]])
        #expect(
            try store.rows("SELECT Z_PK, Z_ENT, ZRECIPE FROM ZINGREDIENT WHERE ZNAME = 'Cinnamon'") == [
                [.integer(34), .integer(2), .integer(4)]
            ])
        #expect(try store.rows("SELECT ZNAME FROM ZRECIPE WHERE Z_PK = 4") == [[.text("Ginger Snaps")]])
        // Macarons (3) went with its image (5) and ingredients, by the cascade rules.
        #expect(try store.rows("SELECT COUNT(*) FROM ZRECIPE WHERE Z_PK = 3") == [[.integer(0)]])
        #expect(try store.rows("SELECT COUNT(*) FROM ZIMAGE WHERE Z_PK = 5") == [[.integer(0)]])
        #expect(try store.rows("SELECT COUNT(*) FROM ZINGREDIENT WHERE ZRECIPE = 3") == [[.integer(0)]])
        #expect(try store.rows("SELECT type, name, sql FROM sqlite_master ORDER BY name") == schemaBefore)
        #expect(try store.rows("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA") == metadataBefore)
        #expect(try store.rows("PRAGMA journal_mode") == [[.text("delete")]])

        let (_, reader) = try Self.open(store.url)
        let recipes = try reader.fetch(FetchRequest<ManagedObject>(entityName: "Recipe"))
        #expect(recipes.count == 6)
        let snaps = try #require(recipes.first { try $0.value(forKey: "name") as? String == "Ginger Snaps" })
        let names = try (snaps.value(forKey: "ingredients") as? Set<ManagedObject> ?? []).compactMap {
            try $0.value(forKey: "name") as? String
        }
        #expect(names.contains("Cinnamon"))
    }

    @Test("A read-only open reads the store, refuses to save, and changes no file")
    func readOnly() throws {
        let store = try StoreCopy()
        let before = try store.files()
        do {
            let (_, context) = try Self.open(store.url, options: StoreOptions(isReadOnly: true))
            let recipes = try context.fetch(FetchRequest<ManagedObject>(entityName: "Recipe"))
            #expect(recipes.count == 7)
            try recipes[0].setValue("Changed", forKey: "name")
            #expect {
                try context.save()
            } throws: { error in
                guard case .readOnly(let path) = error as? StoreError else { return false }
                return path == store.url.path
            }
        }
        #expect(try store.files() == before)
        // A file that is not there is not made.
        let missing = store.directory.file("missing.sqlite")
        #expect(throws: StoreError.self) { try Self.open(missing, options: StoreOptions(isReadOnly: true)) }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("A model that does not fit the store is refused with each difference, and the file is unchanged")
    func refusesOtherModel() throws {
        let store = try StoreCopy()
        let before = try store.files()
        let model = try Self.recipesModel {
            $0.replacingOccurrences(
                of: #"<attribute name="amount" optional="YES" attributeType="String""#,
                with: #"<attribute name="amount" optional="YES" attributeType="Integer 32""#
            )
            .replacingOccurrences(
                of: #"<attribute name="instructions""#,
                with: #"<attribute name="calories" optional="YES" attributeType="Double"/><attribute name="instructions""#)
        }
        #expect {
            try Self.open(store.url, model: model)
        } throws: { error in
            guard case .mismatchedSchema(let path, let differences) = error as? StoreError else { return false }
            return path == store.url.path
                && differences == [
                    "Ingredient.amount: column ZINGREDIENT.ZAMOUNT is VARCHAR, which does not hold Integer 32 values",
                    "Recipe.calories: ZRECIPE has no column ZCALORIES",
                ]
        }
        #expect(try store.files() == before)
    }

    @Test("A WAL store with its -wal: refused or read-only opens leave both files as they were; a writer sees the log")
    func walStore() throws {
        let store = try StoreCopy()
        do {
            // Core Data's own way since iOS 7: WAL, with changes still in the log.
            let writer = try SQLiteConnection(path: store.url.path)
            writer.setCheckpointsOnClose(false)
            #expect(try writer.prepare("PRAGMA journal_mode = WAL").rows() == [[.text("wal")]])
            try writer.execute("UPDATE ZRECIPE SET ZNAME = 'Tarte aux fraises', Z_OPT = Z_OPT + 1 WHERE Z_PK = 10")
        }
        let wal = store.directory.file("Recipes.sqlite-wal")
        #expect(try Data(contentsOf: wal).count > 0)
        let before = try store.files()

        let model = try Self.recipesModel { $0.replacingOccurrences(of: #"name="prepTime""#, with: #"name="preparationTime""#) }
        #expect(throws: StoreError.self) { try Self.open(store.url, model: model) }
        #expect(try store.files() == before)

        do {
            let (_, context) = try Self.open(store.url, options: StoreOptions(isReadOnly: true))
            let request = FetchRequest<ManagedObject>(
                entityName: "Recipe", predicate: try FetchPredicate(format: "name == 'Tarte aux fraises'"))
            #expect(try context.count(for: request) == 1)
        }
        #expect(try store.files() == before)

        do {
            let (_, context) = try Self.open(store.url)
            let request = FetchRequest<ManagedObject>(
                entityName: "Recipe", predicate: try FetchPredicate(format: "name == 'Tarte aux fraises'"))
            let tarte = try #require(try context.fetch(request).first)
            try tarte.setValue("25 minutes", forKey: "prepTime")
            try context.save()
        }
        #expect(try store.rows("PRAGMA journal_mode") == [[.text("wal")]])
        #expect(
            try store.rows("SELECT ZNAME, ZPREPTIME FROM ZRECIPE WHERE Z_PK = 10") == [
                [.text("Tarte aux fraises"), .text("25 minutes")]
            ])
    }

    @Test("A uniqueness constraint of the model gets its unique index in Core Data's store, which then refuses a duplicate")
    func uniquenessConstraint() throws {
        let store = try StoreCopy()
        let model = try Self.recipesModel {
            $0.replacingOccurrences(
                of: #"inverseName="type" inverseEntity="Recipe" syncable="YES"/>"#,
                with:
                    #"inverseName="type" inverseEntity="Recipe" syncable="YES"/><uniquenessConstraints><uniquenessConstraint><constraint value="name"/></uniquenessConstraint></uniquenessConstraints>"#
            )
        }
        let indexesBefore = try store.rows("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
        let (_, context) = try Self.open(store.url, model: model)
        let indexes = try store.rows("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
        #expect(
            Set(indexes.compactMap { Self.text($0[0]) }).subtracting(indexesBefore.compactMap { Self.text($0[0]) }) == [
                "ZRECIPETYPE_ZNAME_UNIQUE"
            ])
        let type = ManagedObject(entity: model.entity(named: "RecipeType")!, insertInto: context)
        try type.setValue("Dessert", forKey: "name")
        #expect(throws: ConstraintConflict.self) { try context.save() }
        #expect(try store.rows("SELECT COUNT(*) FROM ZRECIPETYPE WHERE ZNAME = 'Dessert'") == [[.integer(1)]])
    }

    @Test("The metadata of Apple's store reads: its hashes are Core Data's, its framework version 241")
    func metadata() throws {
        let store = try StoreCopy()
        let metadata = try PersistentStoreCoordinator.metadataForPersistentStore(at: store.url)
        #expect(metadata.isWrittenByCoreData)
        #expect(metadata.storeType == "SQLite")
        #expect(Set(metadata.entityVersionHashes.keys) == ["Image", "Ingredient", "Recipe", "RecipeType"])
        #expect(metadata.entityVersionHashes.values.allSatisfy { $0.count == 32 })
    }
}
