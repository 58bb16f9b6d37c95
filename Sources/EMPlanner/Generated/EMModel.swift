// Compiled by og-codegen from EM.xcdatamodel, version EM 8. Do not edit.

import Foundation
import ObjectGraph

/// The EM data model version "EM 8", compiled: built from descriptions, without reading XML.
enum EMModel {
    /// Builds the model; call it once, as a model lives as long as the process.
    ///
    /// - Parameters:
    ///   - olderVersions: The versions before this one, oldest first ("EM", "EM 2", "EM 3", "EM 4", "EM 5", "EM 6", "EM 7"), read when a store
    ///     of theirs needs migrating.
    ///   - checkingPatterns: Whether to compile the attributes' regular expressions, which were
    ///     checked when the model was compiled.
    /// - Throws: `ModelError` when two versions share a name.
    static func make(
        olderVersions: [ModelVersion], checkingPatterns: Bool = false
    ) throws(ModelError) -> ManagedObjectModel {
        try ManagedObjectModel(
            entities: entities(), fetchRequestTemplates: fetchRequestTemplates(), versionIdentifiers: ["8"], versionName: "EM 8",
            olderVersions: olderVersions, checkingPatterns: checkingPatterns)
    }

    /// The entities, by name.
    private static func entities() -> [EntityDescription] {
        [
            EntityDescription(
                "Appearance",
                attributes: [
                    AttributeDescription("addedMinuteOn", .integer16, minValue: .integer(1), maxValue: .integer(30)),
                    AttributeDescription("captain", .boolean, isOptional: false, defaultValue: .boolean(false)),
                    AttributeDescription("formationLine", .integer16, minValue: .integer(1), maxValue: .integer(9)),
                    AttributeDescription("minuteOn", .integer16, minValue: .integer(1), maxValue: .integer(130)),
                    AttributeDescription("order", .integer16, isOptional: false, minValue: .integer(1)),
                    AttributeDescription("playerName", .string, minLength: 1),
                ],
                relationships: [
                    RelationshipDescription("match", destination: "Match", inverse: "appearances", isOptional: false),
                    RelationshipDescription("player", destination: "Player", inverse: "appearances"),
                    RelationshipDescription("replacedBy", destination: "Appearance", inverse: "replaces"),
                    RelationshipDescription("replaces", destination: "Appearance", inverse: "replacedBy"),
                    RelationshipDescription("team", destination: "Team", inverse: "appearances", isOptional: false),
                ]
            ),
            EntityDescription(
                "Card",
                attributes: [
                    AttributeDescription("addedMinute", .integer16, minValue: .integer(1), maxValue: .integer(30)),
                    AttributeDescription("kind", .string, isOptional: false, regularExpression: "yellow|secondYellow|red"),
                    AttributeDescription("minute", .integer16, minValue: .integer(1), maxValue: .integer(130)),
                    AttributeDescription("official", .string, minLength: 1),
                    AttributeDescription("playerName", .string, minLength: 1),
                ],
                relationships: [
                    RelationshipDescription("match", destination: "Match", inverse: "cards", isOptional: false),
                    RelationshipDescription("player", destination: "Player", inverse: "cards"),
                    RelationshipDescription("team", destination: "Team", inverse: "cards", isOptional: false),
                ]
            ),
            EntityDescription(
                "Coach",
                parent: "Human",
                relationships: [RelationshipDescription("team", destination: "Team", inverse: "coach")]
            ),
            EntityDescription(
                "Competition",
                attributes: [
                    AttributeDescription("lastMatchNumber", .integer32, minValue: .integer(1)),
                    AttributeDescription("ruleSet", .string, isOptional: false, defaultValue: .string("euro2012")),
                    AttributeDescription("title", .string, isOptional: false),
                ]
            ),
            EntityDescription(
                "Goal",
                attributes: [
                    AttributeDescription("addedMinute", .integer16, minValue: .integer(1), maxValue: .integer(30)),
                    AttributeDescription(
                        "minute", .integer16, isOptional: false, minValue: .integer(1), maxValue: .integer(130)),
                    AttributeDescription("ownGoal", .boolean, isOptional: false, defaultValue: .boolean(false)),
                    AttributeDescription("penalty", .boolean, isOptional: false, defaultValue: .boolean(false)),
                    AttributeDescription("scorerName", .string, minLength: 1),
                ],
                relationships: [
                    RelationshipDescription("match", destination: "Match", inverse: "goals", isOptional: false),
                    RelationshipDescription("scorer", destination: "Player", inverse: "goals"),
                    RelationshipDescription("team", destination: "Team", inverse: "goals", isOptional: false),
                ]
            ),
            EntityDescription(
                "Group",
                attributes: [
                    AttributeDescription("name", .string, isOptional: false, isIndexed: true),
                    AttributeDescription("officialOrder", .string),
                ],
                relationships: [
                    RelationshipDescription("matches", destination: "Match", inverse: "group", toMany: true),
                    RelationshipDescription("teams", destination: "Team", inverse: "group", toMany: true),
                ],
                uniquenessConstraints: [["name"]]
            ),
            EntityDescription(
                "Human",
                isAbstract: true,
                attributes: [
                    AttributeDescription("givenname", .string),
                    AttributeDescription("name", .string, isOptional: false, minLength: 1),
                ]
            ),
            EntityDescription(
                "Match",
                attributes: [
                    AttributeDescription("afterExtraTime", .boolean, isOptional: false, defaultValue: .boolean(false)),
                    AttributeDescription("awaySlot", .string),
                    AttributeDescription("awayFullTimeGoals", .integer16, minValue: .integer(0)),
                    AttributeDescription("awayGoals", .integer16, minValue: .integer(0)),
                    AttributeDescription("awayHalfTimeGoals", .integer16, minValue: .integer(0)),
                    AttributeDescription("awayPenalties", .integer16, minValue: .integer(0)),
                    AttributeDescription("city", .string),
                    AttributeDescription("homeSlot", .string),
                    AttributeDescription("homeFullTimeGoals", .integer16, minValue: .integer(0)),
                    AttributeDescription("homeGoals", .integer16, minValue: .integer(0)),
                    AttributeDescription("homeHalfTimeGoals", .integer16, minValue: .integer(0)),
                    AttributeDescription("homePenalties", .integer16, minValue: .integer(0)),
                    AttributeDescription("kickoff", .date, isIndexed: true),
                    AttributeDescription("kickoffTimeKnown", .boolean, isOptional: false, defaultValue: .boolean(true)),
                    AttributeDescription("lotsWinner", .string, regularExpression: "home|away"),
                    AttributeDescription("notes", .string),
                    AttributeDescription("number", .integer32, minValue: .integer(1)),
                    AttributeDescription("replay", .boolean, isOptional: false, defaultValue: .boolean(false)),
                    AttributeDescription(
                        "round", .string, isOptional: false,
                        regularExpression: "group|round16|quarterfinal|semifinal|thirdPlace|final"),
                    AttributeDescription("timeZone", .string),
                    AttributeDescription("venue", .string),
                ],
                relationships: [
                    RelationshipDescription(
                        "appearances", destination: "Appearance", inverse: "match", toMany: true, deleteRule: .cascade),
                    RelationshipDescription("awayTeam", destination: "Team", inverse: "awayMatches"),
                    RelationshipDescription("cards", destination: "Card", inverse: "match", toMany: true, deleteRule: .cascade),
                    RelationshipDescription("goals", destination: "Goal", inverse: "match", toMany: true, deleteRule: .cascade),
                    RelationshipDescription("group", destination: "Group", inverse: "matches"),
                    RelationshipDescription("homeTeam", destination: "Team", inverse: "homeMatches"),
                    RelationshipDescription(
                        "penaltyKicks", destination: "PenaltyKick", inverse: "match", toMany: true, deleteRule: .cascade),
                ],
                uniquenessConstraints: [["venue", "kickoff"]]
            ),
            EntityDescription(
                "PenaltyKick",
                attributes: [
                    AttributeDescription("note", .string, minLength: 1),
                    AttributeDescription("order", .integer16, isOptional: false, minValue: .integer(1)),
                    AttributeDescription("playerName", .string, minLength: 1),
                    AttributeDescription("scored", .boolean, isOptional: false, defaultValue: .boolean(false)),
                ],
                relationships: [
                    RelationshipDescription("match", destination: "Match", inverse: "penaltyKicks", isOptional: false),
                    RelationshipDescription("player", destination: "Player", inverse: "penaltyKicks"),
                    RelationshipDescription("team", destination: "Team", inverse: "penaltyKicks", isOptional: false),
                ]
            ),
            EntityDescription(
                "Player",
                parent: "Human",
                attributes: [
                    AttributeDescription("born", .date),
                    AttributeDescription("club", .string),
                    AttributeDescription(
                        "number", .integer16, isOptional: false, isIndexed: true, minValue: .integer(1), maxValue: .integer(99)),
                    AttributeDescription("position", .string, isOptional: false, regularExpression: "GK|DF|MF|FW"),
                ],
                relationships: [
                    RelationshipDescription("appearances", destination: "Appearance", inverse: "player", toMany: true),
                    RelationshipDescription("cards", destination: "Card", inverse: "player", toMany: true),
                    RelationshipDescription("goals", destination: "Goal", inverse: "scorer", toMany: true),
                    RelationshipDescription("penaltyKicks", destination: "PenaltyKick", inverse: "player", toMany: true),
                    RelationshipDescription("team", destination: "Team", inverse: "players"),
                ],
                uniquenessConstraints: [["team", "number"]]
            ),
            EntityDescription(
                "Team",
                attributes: [
                    AttributeDescription(
                        "code", .string, isOptional: false, isIndexed: true, regularExpression: "[A-Z]{3}|[A-Z][1-9]"),
                    AttributeDescription("drawSlot", .string, regularExpression: "[A-Z][1-9]"),
                    AttributeDescription("englishName", .string),
                    AttributeDescription("name", .string, isOptional: false, isIndexed: true),
                    AttributeDescription("ranking", .integer16, minValue: .integer(1)),
                ],
                relationships: [
                    RelationshipDescription(
                        "aliases", destination: "TeamAlias", inverse: "team", toMany: true, deleteRule: .cascade),
                    RelationshipDescription(
                        "appearances", destination: "Appearance", inverse: "team", toMany: true, deleteRule: .cascade),
                    RelationshipDescription(
                        "awayMatches", destination: "Match", inverse: "awayTeam", toMany: true, deleteRule: .deny),
                    RelationshipDescription("cards", destination: "Card", inverse: "team", toMany: true, deleteRule: .cascade),
                    RelationshipDescription("coach", destination: "Coach", inverse: "team", deleteRule: .cascade),
                    RelationshipDescription("goals", destination: "Goal", inverse: "team", toMany: true, deleteRule: .cascade),
                    RelationshipDescription("group", destination: "Group", inverse: "teams"),
                    RelationshipDescription(
                        "homeMatches", destination: "Match", inverse: "homeTeam", toMany: true, deleteRule: .deny),
                    RelationshipDescription(
                        "penaltyKicks", destination: "PenaltyKick", inverse: "team", toMany: true, deleteRule: .cascade),
                    RelationshipDescription(
                        "players", destination: "Player", inverse: "team", toMany: true, deleteRule: .cascade),
                ],
                uniquenessConstraints: [["code"], ["name"], ["englishName"], ["drawSlot"]]
            ),
            EntityDescription(
                "TeamAlias",
                attributes: [AttributeDescription("name", .string, isOptional: false, isIndexed: true, minLength: 1)],
                relationships: [RelationshipDescription("team", destination: "Team", inverse: "aliases", isOptional: false)],
                uniquenessConstraints: [["name"]]
            ),
        ]
    }

    /// The fetch request templates, by name.
    private static func fetchRequestTemplates() -> [String: FetchRequest<ManagedObject>] {
        var templates: [String: FetchRequest<ManagedObject>] = [:]
        // name == "Deutschland"
        templates["initialisationCheck"] = FetchRequest(
            entityName: "Team",
            predicate: .comparison(ComparisonPredicate(.keyPath(["name"]), .equal, .constant(.string("Deutschland")))))
        // homeTeam == $TEAM OR awayTeam == $TEAM
        templates["matchesOfTeam"] = FetchRequest(
            entityName: "Match",
            predicate: .or([
                .comparison(ComparisonPredicate(.keyPath(["homeTeam"]), .equal, .variable("TEAM"))),
                .comparison(ComparisonPredicate(.keyPath(["awayTeam"]), .equal, .variable("TEAM"))),
            ])
        )
        // code ==[c] $CODE
        templates["teamByCode"] = FetchRequest(
            entityName: "Team",
            predicate: .comparison(
                ComparisonPredicate(.keyPath(["code"]), .equal, .variable("CODE"), options: [.caseInsensitive]))
        )
        return templates
    }
}
