import Foundation
import ObjectGraphSQLite
import Testing

@testable import ObjectGraph

/// Relationships without an inverse, which Core Data allows (Xcode warns): nothing keeps another
/// side in step, a to-many's destination belongs to one source at most (its row keeps that
/// source's key, in Core Data's `Z<n><NAME>` column), and no row is left naming a deleted one.
@Suite("Relationships without an inverse")
struct InverselessRelationshipTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Book" representedClassName="Book">
                <attribute name="title" attributeType="String"/>
            </entity>
            <entity name="Library" representedClassName="Library">
                <attribute name="name" attributeType="String"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Book"/>
                <relationship name="featured" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Book"/>
            </entity>
            <entity name="Shelf" representedClassName="Shelf">
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Book"/>
            </entity>
        </model>
        """

    static func model() throws -> ManagedObjectModel { try ManagedObjectModel(xml: Data(xml.utf8)) }

    static func titles(_ object: ManagedObject, _ key: String = "books") throws -> [String] {
        try (object.value(forKey: key) as? Set<ManagedObject> ?? []).compactMap { try $0.value(forKey: "title") as? String }
            .sorted()
    }

    static func library(_ name: String, in context: ManagedObjectContext) throws -> ManagedObject {
        try #require(
            try context.fetch(
                FetchRequest<ManagedObject>(entityName: "Library", predicate: try FetchPredicate(format: "name == %@", name))
            ).first)
    }

    @Test("The model loads: the relationships have no inverse")
    func loads() throws {
        let model = try Self.model()
        #expect(model.entity(named: "Library")?.relationshipsByName["books"]?.inverseRelationship == nil)
        #expect(model.entity(named: "Library")?.relationshipsByName["featured"]?.inverseRelationship == nil)
    }

    @Test("A to-many without an inverse saves, reads back, and is fetched by", arguments: StoreKind.allCases)
    func toMany(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let books = try ["Emma", "Ulysses", "Beloved"].map { try context.make("Book", ["title": $0]) }
        let city = try context.make("Library", ["name": "City"])
        let school = try context.make("Library", ["name": "School"])
        city.addRelatedObject(books[0], forKey: "books")
        city.addRelatedObject(books[1], forKey: "books")
        school.addRelatedObject(books[2], forKey: "books")
        try context.save()

        let reader = stack.newContext()
        #expect(try Self.titles(Self.library("City", in: reader)) == ["Emma", "Ulysses"])
        #expect(try Self.titles(Self.library("School", in: reader)) == ["Beloved"])
        let holdingEmma = FetchRequest<ManagedObject>(
            entityName: "Library", predicate: try FetchPredicate(format: "ANY books.title == 'Emma'"))
        #expect(try reader.fetch(holdingEmma).map { try $0.value(forKey: "name") as? String } == ["City"])
        let large = FetchRequest<ManagedObject>(entityName: "Library", predicate: try FetchPredicate(format: "books.@count >= 2"))
        #expect(try reader.count(for: large) == 1)

        // Taking Emma out, and giving Ulysses to the school without taking it from the city:
        // a destination belongs to one source at most, the last one it was added to.
        city.removeRelatedObject(books[0], forKey: "books")
        school.addRelatedObject(books[1], forKey: "books")
        try context.save()
        let later = stack.newContext()
        #expect(try Self.titles(Self.library("City", in: later)) == [])
        #expect(try Self.titles(Self.library("School", in: later)) == ["Beloved", "Ulysses"])
        #expect(try later.count(for: FetchRequest<ManagedObject>(entityName: "Book")) == 3)
    }

    @Test("Deleting the source: nullify leaves the books, cascade deletes them", arguments: StoreKind.allCases)
    func deleteRules(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let books = try ["Emma", "Ulysses", "Beloved"].map { try context.make("Book", ["title": $0]) }
        let city = try context.make("Library", ["name": "City"])
        let shelf = try context.make("Shelf")
        city.addRelatedObject(books[0], forKey: "books")
        shelf.addRelatedObject(books[1], forKey: "books")
        shelf.addRelatedObject(books[2], forKey: "books")
        try context.save()

        context.delete(city)
        try context.save()
        #expect(try stack.newContext().count(for: FetchRequest<ManagedObject>(entityName: "Book")) == 3)
        // The book's row no longer names the deleted library: a library added later holds nothing.
        let next = try context.make("Library", ["name": "Next"])
        try context.save()
        #expect(try Self.titles(Self.library("Next", in: stack.newContext())) == [])
        _ = next

        context.delete(shelf)
        try context.save()
        let reader = stack.newContext()
        #expect(
            try reader.fetch(FetchRequest<ManagedObject>(entityName: "Book")).map { try $0.value(forKey: "title") as? String }
                == ["Emma"])
    }

    @Test("A to-one without an inverse saves; deleting its destination leaves it nil", arguments: StoreKind.allCases)
    func toOne(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let emma = try context.make("Book", ["title": "Emma"])
        let city = try context.make("Library", ["name": "City"])
        try city.setValue(emma, forKey: "featured")
        try context.save()
        let reader = stack.newContext()
        let featured = try Self.library("City", in: reader).value(forKey: "featured") as? ManagedObject
        #expect(try featured?.value(forKey: "title") as? String == "Emma")

        context.delete(emma)
        try context.save()
        #expect(try Self.library("City", in: stack.newContext()).value(forKey: "featured") == nil)
    }

    @Test("The SQLite store keeps a to-many's source in a Z<n><NAME> column of the destination's table")
    func layout() throws {
        let stack = try TestStack(.sqlite, model: Self.model())
        let connection = try SQLiteConnection(path: stack.storeURL!.path, readOnly: true)
        let columns = try connection.prepare("SELECT name FROM pragma_table_info('ZBOOK')").rows().map { $0[0] }
        let numbers = try connection.prepare("SELECT Z_NAME, Z_ENT FROM Z_PRIMARYKEY ORDER BY Z_ENT").rows()
        #expect(numbers == [[.text("Book"), .integer(1)], [.text("Library"), .integer(2)], [.text("Shelf"), .integer(3)]])
        #expect(columns == ["Z_PK", "Z_ENT", "Z_OPT", "ZTITLE", "Z2BOOKS", "Z3BOOKS"].map(SQLiteValue.text))
    }
}
