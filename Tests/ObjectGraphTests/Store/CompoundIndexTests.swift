import Foundation
import ObjectGraphSQLite
import Testing

@testable import ObjectGraph

/// Xcode's fetch indexes on several properties become one SQLite index over their columns, in
/// order; a store opened with a model that adds one gets it.
@Suite("Compound indexes")
struct CompoundIndexTests {
    static func xml(index: Bool, properties: [String] = ["day", "venue"]) -> String {
        let elements = properties.map { #"<fetchIndexElement property="\#($0)" type="Binary" order="ascending"/>"# }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Fixture" representedClassName="Fixture">
                    <attribute name="day" attributeType="Date"/>
                    <attribute name="venue" attributeType="String"/>
                    <relationship name="home" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Side"/>
                    \(index ? "<fetchIndex name=\"byDayAndVenue\">\(elements.joined())</fetchIndex>" : "")
                </entity>
                <entity name="Side" representedClassName="Side">
                    <attribute name="name" attributeType="String"/>
                </entity>
            </model>
            """
    }

    static func indexColumns(_ url: URL) throws -> [[String]] {
        let connection = try SQLiteConnection(path: url.path, readOnly: true)
        let names = try connection.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ZFIXTURE' AND sql IS NOT NULL ORDER BY name"
        ).rows()
        return try names.map { row in
            try connection.prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno").rows([row[0]]).compactMap {
                if case .text(let name) = $0[0] { return name }
                return nil
            }
        }
    }

    @Test("The model reads the index, and the store makes it over the columns in order")
    func makesIndex() throws {
        let model = try ManagedObjectModel(xml: Data(Self.xml(index: true).utf8))
        #expect(
            model.entity(named: "Fixture")?.indexes == [
                FetchIndexDescription("byDayAndVenue", elements: [.property("day"), .property("venue")])
            ])
        #expect(model.entity(named: "Fixture")?.attributesByName["day"]?.isIndexed == false)
        let stack = try TestStack(.sqlite, model: model)
        #expect(try Self.indexColumns(stack.storeURL!).contains(["ZDAY", "ZVENUE"]))
    }

    @Test("A store made without the index gets it when the model adds it; a to-one counts by its key")
    func addedOnOpen() throws {
        let stack = try TestStack(.sqlite, model: try ManagedObjectModel(xml: Data(Self.xml(index: false).utf8)))
        try stack.context.make("Fixture", ["day": Date(timeIntervalSinceReferenceDate: 0), "venue": "Wembley"])
        try stack.context.save()
        let url = stack.storeURL!
        #expect(!(try Self.indexColumns(url).contains(["ZDAY", "ZVENUE"])))
        let coordinator = PersistentStoreCoordinator(
            model: try ManagedObjectModel(xml: Data(Self.xml(index: true, properties: ["home", "day"]).utf8)))
        try coordinator.addPersistentStore(.sqlite(url))
        #expect(try Self.indexColumns(url).contains(["ZHOME", "ZDAY"]))
        #expect(
            try ManagedObjectContext(coordinator: coordinator).count(for: FetchRequest<ManagedObject>(entityName: "Fixture")) == 1
        )
    }

    @Test("An index naming a property the entity lacks, or a to-many, is refused")
    func refused() {
        #expect(throws: ModelError.self) {
            try ManagedObjectModel(xml: Data(Self.xml(index: true, properties: ["day", "pitch"]).utf8))
        }
    }
}
