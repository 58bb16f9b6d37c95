import Foundation
import ObjectGraphSQLite
import Testing

@testable import ObjectGraph

/// Transient relationships live in memory only: a save keeps them in the saving context and
/// writes nothing of them, no join table or column is made for them, and a fetch refuses to
/// filter by them, as Core Data's SQLite store does.
@Suite("Transient relationships")
struct TransientRelationshipTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Note" representedClassName="Note">
                <attribute name="text" attributeType="String"/>
                <relationship name="draftOf" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Topic" inverseName="drafts" inverseEntity="Topic" transient="YES"/>
                <relationship name="seenIn" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Topic" inverseName="seen" inverseEntity="Topic" transient="YES"/>
            </entity>
            <entity name="Topic" representedClassName="Topic">
                <attribute name="name" attributeType="String"/>
                <relationship name="drafts" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="draftOf" inverseEntity="Note" transient="YES"/>
                <relationship name="seen" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="seenIn" inverseEntity="Note" transient="YES"/>
            </entity>
        </model>
        """

    @Test("Saved and read again, transient relationships are empty; the saving context keeps them", arguments: StoreKind.allCases)
    func notSaved(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: try ManagedObjectModel(xml: Data(Self.xml.utf8)))
        let context = stack.context
        let note = try context.make("Note", ["text": "idea"])
        let topic = try context.make("Topic", ["name": "plans"])
        try note.setValue(topic, forKey: "draftOf")
        topic.addRelatedObject(note, forKey: "seen")
        try context.save()
        #expect(try note.value(forKey: "draftOf") as? ManagedObject === topic)
        #expect((try topic.value(forKey: "seen") as? Set<ManagedObject>)?.count == 1)

        let reader = stack.newContext()
        let fetchedNote = try #require(try reader.fetch(FetchRequest<ManagedObject>(entityName: "Note")).first)
        let fetchedTopic = try #require(try reader.fetch(FetchRequest<ManagedObject>(entityName: "Topic")).first)
        #expect(try fetchedNote.value(forKey: "draftOf") == nil)
        #expect((try fetchedNote.value(forKey: "seenIn") as? Set<ManagedObject>)?.isEmpty == true)
        #expect((try fetchedTopic.value(forKey: "drafts") as? Set<ManagedObject>)?.isEmpty == true)
        #expect((try fetchedTopic.value(forKey: "seen") as? Set<ManagedObject>)?.isEmpty == true)

        let byTransient = FetchRequest<ManagedObject>(
            entityName: "Note", predicate: try FetchPredicate(format: "draftOf.name == 'plans'"))
        #expect {
            try reader.fetch(byTransient)
        } throws: { error in
            (error as? UnsupportedFetchError)?.reason
                == "'draftOf.name' reads a transient property, which is not stored and cannot be fetched by"
        }
    }

    @Test("The SQLite store has no join table or column for them")
    func noStorage() throws {
        let stack = try TestStack(.sqlite, model: try ManagedObjectModel(xml: Data(Self.xml.utf8)))
        let connection = try SQLiteConnection(path: stack.storeURL!.path, readOnly: true)
        let tables = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows()
        #expect(tables == ["ZNOTE", "ZTOPIC", "Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"].map { [SQLiteValue.text($0)] })
        let columns = try connection.prepare("SELECT name FROM pragma_table_info('ZNOTE')").rows()
        #expect(columns == ["Z_PK", "Z_ENT", "Z_OPT", "ZTEXT"].map { [SQLiteValue.text($0)] })
    }
}
