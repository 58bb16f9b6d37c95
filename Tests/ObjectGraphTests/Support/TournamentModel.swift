import Foundation
import ObjectGraph

/// The tournament test model, built in code and loaded from the Xcode fixture
/// `Fixtures/Tournament.xcdatamodeld`; both describe the same model.
enum TournamentModel {
    /// The model built with the description API.
    static func makeInCode() throws -> ManagedObjectModel {
        try ManagedObjectModel(
            entities: [
                EntityDescription(
                    "Group",
                    attributes: [
                        AttributeDescription("name", .string, isOptional: false, isIndexed: true)
                    ],
                    relationships: [
                        RelationshipDescription("teams", destination: "Team", inverse: "group", toMany: true)
                    ]
                ),
                EntityDescription(
                    "Team",
                    attributes: [
                        AttributeDescription(
                            "name", .string, isOptional: false, isIndexed: true, minLength: 2, maxLength: 40),
                        AttributeDescription("code", .string, regularExpression: "[A-Z]{3}"),
                        AttributeDescription("founded", .date),
                        AttributeDescription("rating", .double, minValue: .double(0), maxValue: .double(100)),
                        AttributeDescription("budget", .decimal),
                    ],
                    relationships: [
                        RelationshipDescription("group", destination: "Group", inverse: "teams"),
                        RelationshipDescription(
                            "players", destination: "Player", inverse: "team", toMany: true, deleteRule: .cascade),
                        RelationshipDescription("coach", destination: "Coach", inverse: "team", deleteRule: .cascade),
                        RelationshipDescription(
                            "homeMatches", destination: "Match", inverse: "homeTeam", toMany: true, deleteRule: .deny),
                        RelationshipDescription(
                            "awayMatches", destination: "Match", inverse: "awayTeam", toMany: true, deleteRule: .deny),
                    ]
                ),
                EntityDescription(
                    "Human", isAbstract: true,
                    attributes: [
                        AttributeDescription("givenName", .string),
                        AttributeDescription("name", .string, isOptional: false),
                    ]
                ),
                EntityDescription(
                    "Coach", parent: "Human",
                    relationships: [
                        RelationshipDescription("team", destination: "Team", inverse: "coach")
                    ]
                ),
                EntityDescription(
                    "Player", parent: "Human",
                    attributes: [
                        AttributeDescription(
                            "number", .integer16, isOptional: false, isIndexed: true,
                            minValue: .integer(1), maxValue: .integer(99)),
                        AttributeDescription("position", .string, regularExpression: "GK|DF|MF|FW"),
                        AttributeDescription("born", .date),
                    ],
                    relationships: [
                        RelationshipDescription("team", destination: "Team", inverse: "players"),
                        RelationshipDescription("sponsors", destination: "Sponsor", inverse: "players", toMany: true),
                    ]
                ),
                EntityDescription(
                    "Sponsor",
                    attributes: [
                        AttributeDescription("name", .string, isOptional: false)
                    ],
                    relationships: [
                        RelationshipDescription("players", destination: "Player", inverse: "sponsors", toMany: true)
                    ]
                ),
                EntityDescription(
                    "Match",
                    attributes: [
                        AttributeDescription("kickoff", .date, isOptional: false),
                        AttributeDescription("venue", .string),
                        AttributeDescription("homeGoals", .integer16, minValue: .integer(0)),
                        AttributeDescription("awayGoals", .integer16, minValue: .integer(0)),
                    ],
                    relationships: [
                        RelationshipDescription("homeTeam", destination: "Team", inverse: "homeMatches"),
                        RelationshipDescription("awayTeam", destination: "Team", inverse: "awayMatches"),
                    ]
                ),
                EntityDescription(
                    "Sample",
                    attributes: [
                        AttributeDescription("int16", .integer16),
                        AttributeDescription("int32", .integer32),
                        AttributeDescription("int64", .integer64),
                        AttributeDescription("double", .double),
                        AttributeDescription("float", .float),
                        AttributeDescription("decimal", .decimal),
                        AttributeDescription("string", .string),
                        AttributeDescription("boolean", .boolean, defaultValue: .boolean(false)),
                        AttributeDescription("date", .date),
                        AttributeDescription("binary", .binary),
                        AttributeDescription("uuid", .uuid),
                        AttributeDescription("uri", .uri),
                        AttributeDescription("note", .string, isTransient: true),
                        AttributeDescription("count", .integer32, defaultValue: .integer(7)),
                    ]
                ),
            ],
            fetchRequestTemplates: [
                "initialisationCheck": FetchRequest(
                    entityName: "Team", predicate: try FetchPredicate(format: #"name == "Deutschland""#)),
                "teamNamed": FetchRequest(entityName: "Team", predicate: try FetchPredicate(format: "name == $NAME")),
                "playersOfTeam": FetchRequest(
                    entityName: "Player", predicate: try FetchPredicate(format: "team.name == $TEAM AND number <= $MAX")),
            ]
        )
    }

    /// The fixture bundle, copied into the test bundle's resources (where a missing copy makes
    /// loading fail with the path it looked at).
    static var fixtureURL: URL {
        Bundle.module.url(forResource: "Tournament", withExtension: "xcdatamodeld", subdirectory: "Fixtures")
            ?? Bundle.module.bundleURL.appendingPathComponent("Fixtures/Tournament.xcdatamodeld")
    }

    /// The model loaded from the fixture.
    static func loadFixture() throws -> ManagedObjectModel {
        try ManagedObjectModel(contentsOf: fixtureURL)
    }
}
