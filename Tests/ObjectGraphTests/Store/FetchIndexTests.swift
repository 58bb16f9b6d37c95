import Foundation
import ObjectGraphSQLite
import Testing

@testable import ObjectGraph

/// Xcode's fetch indexes beyond one ascending property: descending, expression and R-Tree elements.
///
/// A SQLite store keeps each as one index, expressions translated as fetches translate them;
/// fetches give the same results with them as without.
@Suite("Fetch indexes: descending, expression and R-Tree elements")
struct FetchIndexTests {
    /// Players with the indexes Xcode writes for these elements.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Player" representedClassName="Player">
                <attribute name="assists" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="goals" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="name" attributeType="String"/>
                <attribute name="rating" optional="YES" attributeType="Double" usesScalarValueType="YES"/>
                <fetchIndex name="byNameDescending">
                    <fetchIndexElement property="name" type="Binary" order="descending"/>
                </fetchIndex>
                <fetchIndex name="byPoints">
                    <fetchIndexElement expression="goals + assists" expressionType="Integer 64" type="Binary" order="ascending"/>
                </fetchIndex>
                <fetchIndex name="byFoldedName">
                    <fetchIndexElement expression="lowercase:(name)" expressionType="String" type="Binary" order="ascending"/>
                    <fetchIndexElement property="rating" type="Binary" order="descending"/>
                </fetchIndex>
                <fetchIndex name="byRatingRange">
                    <fetchIndexElement property="rating" type="RTree" order="ascending"/>
                </fetchIndex>
            </entity>
        </model>
        """

    /// The same indexes, built in code.
    static let indexes = [
        FetchIndexDescription("byNameDescending", elements: [.property("name", isAscending: false)]),
        FetchIndexDescription("byPoints", elements: [.expression("goals + assists", resultType: .integer64)]),
        FetchIndexDescription(
            "byFoldedName",
            elements: [.expression("lowercase:(name)", resultType: .string), .property("rating", isAscending: false)]),
        FetchIndexDescription("byRatingRange", elements: [.property("rating", collationType: .rTree)]),
    ]

    /// The model in code, with `indexes` for Player.
    static func codeModel(indexes: [FetchIndexDescription] = indexes) throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                "Player",
                attributes: [
                    AttributeDescription("assists", .integer32, isOptional: false, defaultValue: .integer(0)),
                    AttributeDescription("goals", .integer32, isOptional: false, defaultValue: .integer(0)),
                    AttributeDescription("name", .string, isOptional: false),
                    AttributeDescription("rating", .double),
                    AttributeDescription("mood", .string, isTransient: true),
                ],
                indexes: indexes)
        ])
    }

    /// What the `CREATE INDEX` statements of the store at `url` index on `ZPLAYER`: the text
    /// from `ON`, such as `ON ZPLAYER (ZNAME DESC)`.
    static func definitions(_ url: URL) throws -> Set<String> {
        let connection = try SQLiteConnection(path: url.path, readOnly: true)
        let rows = try connection.prepare(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ZPLAYER' AND sql IS NOT NULL"
        ).rows()
        return Set(
            rows.compactMap { row in
                guard case .text(let sql) = row[0], let on = sql.range(of: " ON ") else { return nil }
                return String(sql[on.lowerBound...]).trimmingCharacters(in: .whitespaces)
            })
    }

    static let expectedDefinitions: Set<String> = [
        "ON ZPLAYER (ZNAME DESC)", "ON ZPLAYER ((ZGOALS + ZASSISTS))", "ON ZPLAYER (og_lower(ZNAME), ZRATING DESC)",
        "ON ZPLAYER (ZRATING)",
    ]

    @Test("The model reads every element's property or expression, type and order")
    func readsXML() throws {
        let model = try ManagedObjectModel(xml: Data(Self.xml.utf8))
        let player = try #require(model.entity(named: "Player"))
        #expect(player.indexes == Self.indexes)
        #expect(player.attributes.allSatisfy { !$0.isIndexed })
    }

    @Test("The store makes one SQL index per fetch index, expressions as fetches translate them")
    func sqlIndexes() throws {
        let fromXML = try TestStack(.sqlite, model: try ManagedObjectModel(xml: Data(Self.xml.utf8)))
        #expect(try Self.definitions(fromXML.storeURL!) == Self.expectedDefinitions)
        let inCode = try TestStack(.sqlite, model: try Self.codeModel())
        #expect(try Self.definitions(inCode.storeURL!) == Self.expectedDefinitions)
    }

    @Test("Fetches by the indexed expressions and orders give the same results", arguments: StoreKind.allCases)
    func fetches(_ kind: StoreKind) throws {
        let stack = try TestStack(kind, model: try ManagedObjectModel(xml: Data(Self.xml.utf8)))
        for (name, goals, assists, rating) in [
            ("Ann", 3, 4, 7.5), ("bob", 1, 0, 6.0), ("Émile", 5, 2, 8.0), ("Dora", 0, 9, nil),
        ] as [(String, Int, Int, Double?)] {
            try stack.context.make("Player", ["name": name, "goals": goals, "assists": assists, "rating": rating])
        }
        try stack.context.save()
        let context = stack.newContext()
        func names(_ format: String, sort: [String]) throws -> [String] {
            try context.all("Player", format, sort: sort).compactMap { $0.string("name") }
        }
        #expect(try names("goals + assists >= 7", sort: ["goals"]) == ["Dora", "Ann", "Émile"])
        #expect(try names("lowercase:(name) == 'bob' OR lowercase:(name) == 'émile'", sort: ["-rating"]) == ["Émile", "bob"])
        #expect(try names("rating BETWEEN {6.5, 9}", sort: ["rating"]) == ["Ann", "Émile"])
    }

    @Test("Expressions an index cannot hold are refused, naming the entity, the index and the expression")
    func refusedExpressions() throws {
        let refusals: [(String, String)] = [
            ("now()", "now() changes from one call to the next"),
            ("name.length", "'name.length' is not an attribute of Player (an index reads its own row only)"),
            ("uppercase:('x')", "\"x\" is not a number (an index takes no text, date or other constant)"),
            ("mood", "'mood' is transient, so it is not stored"),
            ("2 * 3", "it reads no attribute of Player"),
            ("uppercase:(goals)", "uppercase: takes strings; 'goals' yields Integer 32"),
        ]
        for (expression, reason) in refusals {
            let index = FetchIndexDescription("byBad", elements: [.expression(expression, resultType: .string)])
            #expect(
                throws: ModelError(
                    entity: "Player", .invalidFetchIndex("byBad: expression \"\(expression)\": \(reason)"))
            ) {
                try Self.codeModel(indexes: [index])
            }
        }
        #expect(throws: ModelError(entity: "Player", .invalidFetchIndex("byNothing: it has no element"))) {
            try Self.codeModel(indexes: [FetchIndexDescription("byNothing", elements: [])])
        }
    }

    @Test("An element of an unknown type or order is refused where the file has it")
    func refusedXML() throws {
        let xml = Self.xml.replacingOccurrences(of: #"type="RTree""#, with: #"type="Hash""#)
        #expect {
            try ManagedObjectModel(xml: Data(xml.utf8))
        } throws: { error in
            guard let error = error as? ModelError, case .invalidFetchIndex(let why) = error.reason else { return false }
            return error.entity == "Player" && why.hasPrefix("byRatingRange: line ")
                && why.hasSuffix(#"type "Hash" is neither Binary nor RTree"#)
        }
    }
}
