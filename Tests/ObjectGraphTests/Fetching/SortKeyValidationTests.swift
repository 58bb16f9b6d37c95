import Testing

@testable import ObjectGraph

/// `FetchOrdering.validate(for:)`: what a sort key may be, with a reason naming the component
/// at fault, and the errors a fetch gives for the same keys.
@Suite("Sort key validation")
struct SortKeyValidationTests {
    let model: ManagedObjectModel
    let player: EntityDescription

    init() throws {
        model = try TournamentModel.makeInCode()
        player = model.entity(named: "Player")!
    }

    @Test(arguments: ["name", "team.name", "team.group.name", "givenName", "born"])
    func attributesThroughToOnesSort(keyPath: String) throws {
        try FetchOrdering(keyPath).validate(for: player)
    }

    @Test(
        arguments: [
            (
                "numbr",
                InvalidSortKeyError.Reason.unknownKey(
                    "numbr", entity: "Player", known: ["born", "givenName", "name", "number", "position", "team"]),
                "Player has no attribute or to-one relationship 'numbr' (known: born, givenName, name, number, position, team)"
            ),
            (
                "team.nope",
                .unknownKey("nope", entity: "Team", known: ["budget", "coach", "code", "founded", "group", "name", "rating"]),
                "Team has no attribute or to-one relationship 'nope' (known: budget, coach, code, founded, group, name, rating)"
            ),
            ("sponsors.name", .toMany("sponsors", entity: "Player"), "'sponsors' is a to-many relationship of Player"),
            ("team.players.@count", .toMany("players", entity: "Team"), "'players' is a to-many relationship of Team"),
            (
                "team", .endsInRelationship("team", suggestion: "team.name"),
                "'team' is a relationship; sort by one of its attributes, e.g. 'team.name'"
            ),
            (
                "team.group", .endsInRelationship("group", suggestion: "team.group.name"),
                "'group' is a relationship; sort by one of its attributes, e.g. 'team.group.name'"
            ),
            (
                "name.count", .continuesPastAttribute("name", entity: "Player"),
                "'name' is an attribute of Player; nothing can follow it"
            ),
        ] as [(String, InvalidSortKeyError.Reason, String)])
    func faultsNameTheirComponent(keyPath: String, reason: InvalidSortKeyError.Reason, message: String) throws {
        let error = #expect(throws: InvalidSortKeyError.self) { try FetchOrdering(keyPath).validate(for: player) }
        #expect(error == InvalidSortKeyError(keyPath: keyPath, reason: reason))
        #expect(error?.reason.description == message)
        #expect(error?.description == "invalid sort key '\(keyPath)': \(message)")
    }

    @Test func aTransientAttributeHasNoStoredValueToSortBy() throws {
        let sample = try #require(model.entity(named: "Sample"))
        let error = #expect(throws: InvalidSortKeyError.self) { try FetchOrdering("note").validate(for: sample) }
        #expect(error?.reason == .transient("note", entity: "Sample"))
    }

    @Test(arguments: StoreKind.allCases)
    func aFetchRefusesTheSameKeys(_ kind: StoreKind) throws {
        let stack = try TestStack(kind)
        func fetch(sortedBy keyPath: String) throws {
            _ = try stack.context.fetch(
                FetchRequest<ManagedObject>(entityName: "Player", sortOrderings: [FetchOrdering(keyPath)]))
        }
        #expect(throws: ObjectGraphError.unknownKey(entity: "Player", key: "team.nope")) { try fetch(sortedBy: "team.nope") }
        #expect(throws: ObjectGraphError.unknownKey(entity: "Player", key: "name.count")) { try fetch(sortedBy: "name.count") }
        for keyPath in ["sponsors.name", "team", "team.players.@count"] {
            #expect(throws: UnsupportedFetchError.self) { try fetch(sortedBy: keyPath) }
        }
    }
}
