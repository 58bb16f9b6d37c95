import Foundation
import ObjectGraphCodegen
import Testing

@testable import ObjectGraph

/// Derived attributes (Xcode's `derived="YES"` with a `derivationExpression`): each save that
/// writes an object computes them, they are stored and fetched by like any attribute, and
/// they cannot be set.
@Suite("Derived attributes")
struct DerivedAttributeTests {
    static func model(authorCount: String = "books.@count") throws -> ManagedObjectModel {
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Author" representedClassName="Author">
                    <attribute name="name" attributeType="String"/>
                    <attribute name="searchName" optional="YES" attributeType="String" derived="YES" derivationExpression="canonical:(name)"/>
                    <attribute name="bookCount" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="\(authorCount)"/>
                    <attribute name="touched" optional="YES" attributeType="Date" derived="YES" derivationExpression="now()"/>
                    <attribute name="pageTotal" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="books.@sum.pages"/>
                    <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
                </entity>
                <entity name="Book" representedClassName="Book">
                    <attribute name="title" attributeType="String"/>
                    <attribute name="pages" optional="YES" attributeType="Integer 32"/>
                    <attribute name="authorName" optional="YES" attributeType="String" derived="YES" derivationExpression="author.name"/>
                    <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
                </entity>
            </model>
            """
        return try ManagedObjectModel(xml: Data(xml.utf8))
    }

    @Test(
        "A change to an object a derivation reads through a relationship derives it again: the objects reading it are written",
        arguments: StoreKind.allCases)
    func readersDeriveAgain(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let zola = try context.make("Author", ["name": "Zola"])
        let books = try [("Germinal", 500), ("Nana", 400)].map {
            try context.make("Book", ["title": $0.0, "pages": $0.1, "author": zola])
        }
        try context.save()
        #expect(try zola.value(forKey: "pageTotal") as? Int64 == 900)

        // In another context, only a book changes: its author's sum follows.
        let editor = stack.newContext()
        let germinal = try editor.existingObject(with: books[0].objectID)
        try germinal.setValue(600, forKey: "pages")
        try editor.save()
        let reader = stack.newContext()
        #expect(try reader.existingObject(with: zola.objectID).value(forKey: "pageTotal") as? Int64 == 1000)

        // Only the author changes: each of its books takes the new name.
        let renamer = stack.newContext()
        try renamer.existingObject(with: zola.objectID).setValue("Émile Zola", forKey: "name")
        try renamer.save()
        let later = stack.newContext()
        for book in books {
            #expect(try later.existingObject(with: book.objectID).value(forKey: "authorName") as? String == "Émile Zola")
        }
    }

    @Test("A save computes them from key paths, aggregates and functions, and stores them", arguments: StoreKind.allCases)
    func computedAtSave(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model())
        let context = stack.context
        let before = Date()
        let zola = try context.make("Author", ["name": "Émile Zola"])
        for title in ["Germinal", "Nana"] { try context.make("Book", ["title": title, "author": zola]) }
        #expect(try zola.value(forKey: "bookCount") == nil)
        try context.save()
        #expect(try zola.value(forKey: "searchName") as? String == "emile zola")
        #expect(try zola.value(forKey: "bookCount") as? Int64 == 2)
        let touched = try #require(try zola.value(forKey: "touched") as? Date)
        #expect(touched >= before.addingTimeInterval(-1) && touched <= Date().addingTimeInterval(1))

        // A book added through its to-one changes the author's to-many: the author is written.
        try context.make("Book", ["title": "L'Assommoir", "author": zola])
        try context.save()
        let reader = stack.newContext()
        let author = try #require(
            try reader.fetch(
                FetchRequest<ManagedObject>(
                    entityName: "Author", predicate: try FetchPredicate(format: "searchName BEGINSWITH 'emile'"))
            ).first)
        #expect(try author.value(forKey: "bookCount") as? Int64 == 3)
        let names = try reader.fetch(FetchRequest<ManagedObject>(entityName: "Book")).map {
            try $0.value(forKey: "authorName") as? String
        }
        #expect(names == ["Émile Zola", "Émile Zola", "Émile Zola"])
    }

    @Test("Setting one is refused, naming it")
    func cannotBeSet() throws {
        let stack = try TestStack(.inMemory, model: Self.model())
        let author = try stack.context.make("Author", ["name": "Zola"])
        #expect {
            try author.setValue(7, forKey: "bookCount")
        } throws: { error in
            guard case .derivedAttribute(let entity, let key) = error as? ObjectGraphError else { return false }
            return entity == "Author" && key == "bookCount"
        }
    }

    @Test("A derivation that does not resolve is refused when the model loads", arguments: ["pages.@count", "books", "name +"])
    func refused(expression: String) {
        #expect(throws: ModelError.self) { try Self.model(authorCount: expression) }
    }

    @Test("SwiftGen's derived attributes compute on both stores", arguments: StoreKind.allCases)
    func swiftGen(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: PublicModelTests.model("SwiftGen"))
        let child = try stack.context.insertNewObject(forEntityName: "ChildEntity")
        try child.setValue("Crème Brûlée", forKey: "optionalString")
        let secondary = try stack.context.insertNewObject(forEntityName: "SecondaryEntity")
        child.addRelatedObject(secondary, forKey: "oneToMany")
        for attribute in child.entity.attributes
        where !attribute.isOptional && attribute.defaultValue.isNull && attribute.derivationExpression == nil {
            try child.setValue(PublicModelTests.sample(attribute.attributeType), forKey: attribute.name)
        }
        for attribute in secondary.entity.attributes where !attribute.isOptional && attribute.defaultValue.isNull {
            try secondary.setValue(PublicModelTests.sample(attribute.attributeType), forKey: attribute.name)
        }
        try stack.context.save()
        #expect(try child.value(forKey: "canonicalOptionalString") as? String == "creme brulee")
        #expect(try child.value(forKey: "derivedCount") as? Int64 == 1)
        #expect(try child.value(forKey: "now") as? Double ?? 0 > 0)
    }
}

extension DerivedAttributeTests {
    @Test("Generated classes read a derived attribute and have no setter for it")
    func generatedClassIsReadOnly() throws {
        let files = ClassGenerator(model: try Self.model(), modelName: "Library").files()
        let author = try #require(files.first { $0.name == "Author.swift" }?.contents)
        #expect(author.contains("/// Integer 64, optional, derived from `books.@count`."))
        #expect(author.contains("public var bookCount: Int64? { attributeValue(forKey: \"bookCount\""))
        #expect(author.contains("set { setAttributeValue(newValue, forKey: \"name\""))
    }
}
