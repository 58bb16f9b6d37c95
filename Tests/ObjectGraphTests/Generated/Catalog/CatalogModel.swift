// Compiled by og-codegen from Catalog.xcdatamodel, version Catalog 2. Do not edit.

import Foundation
import ObjectGraph

/// The Catalog data model version "Catalog 2", compiled: built from descriptions, without reading XML.
public enum CatalogModel {
    /// Builds the model; call it once, as a model lives as long as the process.
    ///
    /// - Parameters:
    ///   - olderVersions: The versions before this one, oldest first ("Catalog"), read when a store
    ///     of theirs needs migrating.
    ///   - checkingPatterns: Whether to compile the attributes' regular expressions, which were
    ///     checked when the model was compiled.
    /// - Throws: `ModelError` when two versions share a name.
    public static func make(
        olderVersions: [ModelVersion], checkingPatterns: Bool = false
    ) throws(ModelError) -> ManagedObjectModel {
        try ManagedObjectModel(
            entities: entities(), fetchRequestTemplates: fetchRequestTemplates(), versionIdentifiers: ["2.0"],
            configurations: ["Shelved": ["Article", "Author", "Label", "Shelf"]], versionName: "Catalog 2",
            olderVersions: olderVersions, checkingPatterns: checkingPatterns)
    }

    /// The entities, by name.
    private static func entities() -> [EntityDescription] {
        var fetchRequest1: FetchRequest<ManagedObject> = FetchRequest(
            entityName: "Article",
            predicate: .and([
                .comparison(ComparisonPredicate(.keyPath(["shelf"]), .equal, .variable("FETCH_SOURCE"))),
                .comparison(ComparisonPredicate(.keyPath(["code"]), .beginsWith, .variable("FETCHED_PROPERTY.userInfo.prefix"))),
            ])
        )
        fetchRequest1.fetchLimit = 3
        return [
            EntityDescription(
                "Article",
                isAbstract: true,
                attributes: [
                    AttributeDescription(
                        "added", .date, isOptional: false,
                        defaultValue: .date(Date(timeIntervalSinceReferenceDate: 712345678.5)),
                        minValue: .date(Date(timeIntervalSinceReferenceDate: -31622400.0)),
                        maxValue: .date(Date(timeIntervalSinceReferenceDate: 2000000000.25))),
                    AttributeDescription(
                        "code", .string, isOptional: false, isIndexed: true, minLength: 4, maxLength: 12,
                        regularExpression: "[A-Z]\\d{3}(-[a-z]+)?"),
                    AttributeDescription(
                        "note", .string, isTransient: true, defaultValue: .string("say \"hi\" \\ back\nnext\ttab é")),
                ],
                relationships: [
                    RelationshipDescription(
                        "labels", destination: "Label", inverse: "articles", toMany: true, deleteRule: .noAction, minCount: 1,
                        maxCount: 5, renamingIdentifier: "tags", versionHashModifier: "many"),
                    RelationshipDescription("shelf", destination: "Shelf", inverse: "articles", isOptional: false),
                ],
                renamingIdentifier: "Item",
                versionHashModifier: "articles",
                uniquenessConstraints: [["code"]]
            ),
            EntityDescription(
                "Author",
                attributes: [AttributeDescription("name", .string, isOptional: false)],
                relationships: [
                    RelationshipDescription("books", destination: "Book", inverse: "author", toMany: true, deleteRule: .cascade),
                    RelationshipDescription("favourite", destination: "Shelf", inverse: "fans", isTransient: true),
                ],
                fetchedProperties: [
                    FetchedPropertyDescription(
                        "namesakes",
                        fetchRequest: FetchRequest(
                            entityName: "Author",
                            predicate: .and([
                                .comparison(
                                    ComparisonPredicate(
                                        .keyPath(["name"]), .equal, .variable("FETCH_SOURCE.name"), options: [.caseInsensitive])
                                ),
                                .comparison(ComparisonPredicate(.evaluatedObject, .notEqual, .variable("FETCH_SOURCE"))),
                            ])
                        ),
                        renamingIdentifier: "twins",
                        versionHashModifier: "same",
                        userInfo: ["note": "authors of the same name"]
                    )
                ]
            ),
            EntityDescription(
                "Book",
                className: "CatalogBook",
                parent: "Article",
                attributes: [
                    AttributeDescription("available", .boolean, isOptional: false, defaultValue: .boolean(true)),
                    AttributeDescription("cover", .binary, allowsExternalBinaryDataStorage: true),
                    AttributeDescription(
                        "edition", .integer32, isOptional: false, defaultValue: .integer(1), minValue: .integer(1),
                        maxValue: .integer(1_234_567)),
                    AttributeDescription(
                        "identifier", .uuid, isOptional: false,
                        defaultValue: .uuid(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!)),
                    AttributeDescription(
                        "isbn", .integer64, isOptional: false, defaultValue: .integer(-9_876_543_210),
                        minValue: .integer(-9_223_372_036_854_775_808), maxValue: .integer(9_223_372_036_854_775_807),
                        renamingIdentifier: "number", versionHashModifier: "wide"),
                    AttributeDescription(
                        "link", .uri, defaultValue: .uri(URL(string: "https://example.com/books?id=1&lang=de")!)),
                    AttributeDescription(
                        "pages", .integer16, isOptional: false, isIndexed: true, defaultValue: .integer(100),
                        minValue: .integer(-5), maxValue: .integer(32_767)),
                    AttributeDescription(
                        "price", .decimal, isOptional: false, defaultValue: .decimal(Decimal(string: "12.75")!),
                        minValue: .decimal(Decimal(string: "0")!), maxValue: .decimal(Decimal(string: "99999.99")!)),
                    AttributeDescription(
                        "rating", .double, defaultValue: .double(2.5), minValue: .double(-1.5), maxValue: .double(1e+20)),
                    AttributeDescription("weight", .float, defaultValue: .double(0.1), minValue: .double(0.0)),
                ],
                relationships: [
                    RelationshipDescription(
                        "author", destination: "Author", inverse: "books", deleteRule: .deny, isOptional: false)
                ],
                uniquenessConstraints: [["author", "isbn"], ["identifier"]],
                indexes: [
                    FetchIndexDescription(
                        "byWeightThenPages", elements: [.property("weight"), .property("pages", isAscending: false)]),
                    FetchIndexDescription(
                        "byDistanceFromAverage", elements: [.expression("abs:(rating - 2.5)", resultType: .double)]),
                    FetchIndexDescription("byEditionRange", elements: [.property("edition", collationType: .rTree)]),
                ]
            ),
            EntityDescription(
                "Label",
                attributes: [AttributeDescription("name", .string, isOptional: false)],
                relationships: [RelationshipDescription("articles", destination: "Article", inverse: "labels", toMany: true)]
            ),
            EntityDescription(
                "Shelf",
                attributes: [AttributeDescription("name", .string, isOptional: false, renamingIdentifier: "title")],
                relationships: [
                    RelationshipDescription(
                        "articles", destination: "Article", inverse: "shelf", toMany: true, deleteRule: .cascade,
                        renamingIdentifier: "books"),
                    RelationshipDescription(
                        "fans", destination: "Author", inverse: "favourite", toMany: true, isTransient: true),
                ],
                fetchedProperties: [
                    FetchedPropertyDescription(
                        "prefixed", fetchRequest: fetchRequest1, isOptional: false, userInfo: ["prefix": "B"])
                ],
                renamingIdentifier: "Rack"
            ),
        ]
    }

    /// The fetch request templates, by name.
    private static func fetchRequestTemplates() -> [String: FetchRequest<ManagedObject>] {
        var templates: [String: FetchRequest<ManagedObject>] = [:]
        // TRUEPREDICATE
        templates["all"] = FetchRequest(entityName: "Article", predicate: .constant(true))
        templates["all"]?.includesSubentities = false
        templates["all"]?.returnsObjectsAsFaults = false
        // price BETWEEN {0, 9.99} AND available == TRUE AND NOT link == nil
        templates["bargains"] = FetchRequest(
            entityName: "Book",
            predicate: .and([
                .comparison(
                    ComparisonPredicate(.keyPath(["price"]), .between, .list([.constant(.integer(0)), .constant(.double(9.99))]))
                ),
                .comparison(ComparisonPredicate(.keyPath(["available"]), .equal, .constant(.boolean(true)))),
                .not(.comparison(ComparisonPredicate(.keyPath(["link"]), .equal, .constant(.null)))),
            ])
        )
        templates["bargains"]?.fetchLimit = 20
        templates["bargains"]?.includesPendingChanges = false
        templates["bargains"]?.includesPropertyValues = false
        // articles.@count > 10 OR articles.@max.added < $SINCE
        templates["busyShelves"] = FetchRequest(
            entityName: "Shelf",
            predicate: .or([
                .comparison(
                    ComparisonPredicate(
                        .aggregate(.count, relationshipPath: ["articles"], attribute: nil), .greaterThan,
                        .constant(.integer(10)))
                ),
                .comparison(
                    ComparisonPredicate(
                        .aggregate(.max, relationshipPath: ["articles"], attribute: "added"), .lessThan, .variable("SINCE"))
                ),
            ])
        )
        // ANY labels.name IN {"new", "sale \"now\""} AND NONE labels.name BEGINSWITH[cd] "old"
        templates["labelled"] = FetchRequest(
            entityName: "Article",
            predicate: .and([
                .comparison(
                    ComparisonPredicate(
                        .keyPath(["labels", "name"]), .in,
                        .list([.constant(.string("new")), .constant(.string("sale \"now\""))]), modifier: .any)
                ),
                .comparison(
                    ComparisonPredicate(
                        .keyPath(["labels", "name"]), .beginsWith, .constant(.string("old")), modifier: .none,
                        options: [.caseInsensitive, .diacriticInsensitive])
                ),
            ])
        )
        // SELF == $BOOK OR author.name LIKE[c] "*ann*" OR code MATCHES "[A-Z]+"
        templates["mine"] = FetchRequest(
            entityName: "Book",
            predicate: .or([
                .comparison(ComparisonPredicate(.evaluatedObject, .equal, .variable("BOOK"))),
                .comparison(
                    ComparisonPredicate(
                        .keyPath(["author", "name"]), .like, .constant(.string("*ann*")), options: [.caseInsensitive])
                ),
                .comparison(ComparisonPredicate(.keyPath(["code"]), .matches, .constant(.string("[A-Z]+")))),
            ])
        )
        return templates
    }
}
