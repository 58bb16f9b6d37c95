import Foundation
import Testing

@testable import ObjectGraph

// MARK: Fixture

/// A small tournament in an in-memory store.
///
/// ```
/// Group A: Polen (POL, rating 80.5, budget 100.25, founded t=100)
///              Lewandowski 9 FW  [adidas, Nike]
///              Szczęsny    1 GK
///          Deutschland (GER, rating 90, founded t=200), coach Nagelsmann
///              Müller  13 MF  [adidas]
///              Neuer    1 GK  [adidas]
///              Kimmich  6 DF
/// Group B: España (ESP, no rating)
/// no group: Österreich (AUT, rating 70)
/// no team:  Ødegaard 8 MF  [Puma]
/// ```
private final class Tournament {
    let context: ManagedObjectContext
    private(set) var all: [String: ManagedObject] = [:]

    init() throws {
        let coordinator = PersistentStoreCoordinator(model: try TournamentModel.makeInCode())
        try coordinator.addPersistentStore(.inMemory)
        context = ManagedObjectContext(coordinator: coordinator)

        let groupA = try insert("Group", ["name": "A"])
        let groupB = try insert("Group", ["name": "B"])
        let polen = try insert(
            "Team",
            [
                "name": "Polen", "code": "POL", "rating": 80.5, "budget": Decimal(string: "100.25")!,
                "founded": Date(timeIntervalSinceReferenceDate: 100), "group": groupA,
            ])
        let deutschland = try insert(
            "Team",
            [
                "name": "Deutschland", "code": "GER", "rating": 90.0,
                "founded": Date(timeIntervalSinceReferenceDate: 200), "group": groupA,
            ])
        try insert("Team", ["name": "España", "code": "ESP", "group": groupB])
        try insert("Team", ["name": "Österreich", "code": "AUT", "rating": 70.0])
        try insert("Coach", ["name": "Nagelsmann", "team": deutschland])

        let adidas = try insert("Sponsor", ["name": "adidas"])
        let nike = try insert("Sponsor", ["name": "Nike"])
        let puma = try insert("Sponsor", ["name": "Puma"])
        try insert(
            "Player", ["name": "Lewandowski", "number": 9, "position": "FW", "team": polen, "sponsors": [adidas, nike]])
        try insert("Player", ["name": "Szczęsny", "number": 1, "position": "GK", "team": polen])
        try insert("Player", ["name": "Müller", "number": 13, "position": "MF", "team": deutschland, "sponsors": [adidas]])
        try insert("Player", ["name": "Neuer", "number": 1, "position": "GK", "team": deutschland, "sponsors": [adidas]])
        try insert("Player", ["name": "Kimmich", "number": 6, "position": "DF", "team": deutschland])
        try insert("Player", ["name": "Ødegaard", "number": 8, "position": "MF", "sponsors": [puma]])
    }

    @discardableResult
    func insert(_ entity: String, _ values: [String: Any]) throws -> ManagedObject {
        let object = try context.insertNewObject(forEntityName: entity)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { try object.setValue(value, forKey: key) }
        if let name = values["name"] as? String { all[name] = object }
        return object
    }

    subscript(name: String) -> ManagedObject { all[name]! }

    /// The objects of `entity` (sub-entities included).
    func objects(of entity: String) -> [ManagedObject] {
        all.values.filter { $0.entity.isKind(of: context.model.entity(named: entity)!) }
    }

    /// The names of the objects of `entity` satisfying `predicate`, sorted by their bytes.
    func names(_ entity: String, where predicate: FetchPredicate) throws -> [String] {
        try objects(of: entity)
            .filter { try evaluate(predicate, on: $0) }
            .map(name)
            .sorted { StringMatching.compareUTF8($0, $1) < 0 }
    }

    func names(_ entity: String, where format: String, _ arguments: Any?...) throws -> [String] {
        try names(entity, where: FetchPredicate(format: format, argumentArray: arguments))
    }

    func name(_ object: ManagedObject) -> String {
        (try? object.value(forKey: "name")) as? String ?? "?"
    }
}

private let allTeams = ["Deutschland", "España", "Polen", "Österreich"]
private let allPlayers = ["Kimmich", "Lewandowski", "Müller", "Neuer", "Szczęsny", "Ødegaard"]

/// Predicates on `entity` and the names of the objects they select.
typealias EvaluatorCase = (entity: String, format: String, expected: [String])

// MARK: Key paths

@Test(
    arguments: [
        ("Player", "name == 'Neuer'", ["Neuer"]),
        ("Player", "team.name == 'Polen'", ["Lewandowski", "Szczęsny"]),
        ("Player", "team.group.name == 'A'", ["Kimmich", "Lewandowski", "Müller", "Neuer", "Szczęsny"]),
        ("Player", "team == nil", ["Ødegaard"]),
        ("Player", "team.name == nil", ["Ødegaard"]),
        ("Player", "team.group.name == nil", ["Ødegaard"]),
        ("Player", "team.group.name != 'A'", ["Ødegaard"]),
        ("Team", "group == nil", ["Österreich"]),
        ("Team", "coach.name == 'Nagelsmann'", ["Deutschland"]),
        ("Coach", "team.players.name == 'Neuer'", ["Nagelsmann"]),
    ] as [EvaluatorCase])
func keyPathsFollowToOnesAndYieldNullPastANilOne(_ test: EvaluatorCase) throws {
    let world = try Tournament()
    #expect(try world.names(test.entity, where: test.format) == test.expected)
}

@Test(
    arguments: [
        // A to-many on the left without modifier means ANY.
        ("Team", "players.position == 'GK'", ["Deutschland", "Polen"]),
        ("Team", "ANY players.position == 'GK'", ["Deutschland", "Polen"]),
        ("Team", "ALL players.number < 10", ["España", "Polen", "Österreich"]),
        ("Team", "NONE players.position == 'GK'", ["España", "Österreich"]),
        ("Team", "players.name == nil", []),
        // Several to-manys flatten.
        ("Group", "teams.players.name BEGINSWITH 'L'", ["A"]),
        ("Group", "ALL teams.players.number > 0", ["A", "B"]),
        ("Player", "sponsors.name == 'Nike'", ["Lewandowski"]),
        ("Player", "sponsors.players.name == 'Müller'", ["Lewandowski", "Müller", "Neuer"]),
        ("Sponsor", "players.team.name == 'Deutschland'", ["adidas"]),
        // A nil to-one after a to-many yields a null element.
        ("Sponsor", "ANY players.team == nil", ["Puma"]),
        ("Sponsor", "ANY players.team.name == nil", ["Puma"]),
        ("Sponsor", "ALL players.team != nil", ["Nike", "adidas"]),
        // A nil to-one before a to-many yields no elements.
        ("Player", "team.players.name == nil", []),
        ("Player", "NONE team.players.position == 'GK'", ["Ødegaard"]),
        // A single value under a modifier counts as one element.
        ("Team", "ANY name == 'Polen'", ["Polen"]),
        ("Team", "ALL name == 'Polen'", ["Polen"]),
        ("Team", "NONE name == 'Polen'", ["Deutschland", "España", "Österreich"]),
    ] as [EvaluatorCase])
func toManyKeyPathsYieldCollections(_ test: EvaluatorCase) throws {
    let world = try Tournament()
    #expect(try world.names(test.entity, where: test.format) == test.expected)
}

@Test func relationshipsAndSelfCompareByObjectID() throws {
    let world = try Tournament()
    let polen = world["Polen"]
    let neuer = world["Neuer"]
    let kimmich = world["Kimmich"]
    #expect(try world.names("Player", where: "team == %@", polen) == ["Lewandowski", "Szczęsny"])
    #expect(try world.names("Player", where: "team != %@", polen) == ["Kimmich", "Müller", "Neuer", "Ødegaard"])
    #expect(try world.names("Player", where: "team == %@", polen.objectID) == ["Lewandowski", "Szczęsny"])
    #expect(try world.names("Team", where: "players == %@", neuer) == ["Deutschland"])
    #expect(try world.names("Team", where: "%@ IN players", neuer) == ["Deutschland"])
    #expect(try world.names("Team", where: "NONE players == %@", neuer) == ["España", "Polen", "Österreich"])
    #expect(try world.names("Player", where: "SELF == %@", neuer) == ["Neuer"])
    #expect(try world.names("Player", where: "SELF IN %@", [neuer, kimmich]) == ["Kimmich", "Neuer"])
    #expect(try world.names("Player", where: "SELF != %@", neuer).count == 5)
    // Objects do not order; a relationship compared with a value is refused.
    #expect(try world.names("Player", where: "team < %@", polen) == [])
    #expect(throws: FetchPredicateError.self) { try world.names("Player", where: "team != 'Polen'") }
}

// MARK: Null

@Test(
    arguments: [
        ("rating == nil", ["España"]),
        ("rating != nil", ["Deutschland", "Polen", "Österreich"]),
        ("nil == rating", ["España"]),
        ("rating < 85", ["Polen", "Österreich"]),
        ("NOT (rating >= 85)", ["España", "Polen", "Österreich"]),
        ("rating BETWEEN {70, 81}", ["Polen", "Österreich"]),
        ("rating BETWEEN {nil, 100}", []),
        ("rating IN {90, 70}", ["Deutschland", "Österreich"]),
        ("rating IN {nil}", []),
        ("rating IN {nil, 90}", ["Deutschland"]),
        ("budget == nil", ["Deutschland", "España", "Österreich"]),
        ("name BEGINSWITH nil", []),
        ("name LIKE nil", []),
        ("name MATCHES nil", []),
    ] as [(String, [String])])
func nullIsOnlyEqualToNull(format: String, expected: [String]) throws {
    let world = try Tournament()
    #expect(try world.names("Team", where: format) == expected)
}

// MARK: Kinds of values

@Test(
    arguments: [
        // Integers, doubles, decimals compare numerically.
        ("Team", "rating == 90", ["Deutschland"]),
        ("Team", "rating > 80", ["Deutschland", "Polen"]),
        ("Team", "budget > 100", ["Polen"]),
        ("Team", "budget == 100.25", ["Polen"]),
        ("Player", "number == 9.0", ["Lewandowski"]),
        ("Player", "number < 1.5", ["Neuer", "Szczęsny"]),
        // Dates compare by seconds since the reference date.
        ("Team", "founded == CAST(100, 'NSDate')", ["Polen"]),
        ("Team", "founded > CAST(150.0, 'NSDate')", ["Deutschland"]),
        ("Team", "founded < CAST(150, 'NSDate')", ["Polen"]),
        // Strings compare by their UTF-8 bytes: uppercase ASCII, lowercase ASCII, then the rest.
        ("Team", "name < 'a'", ["Deutschland", "España", "Polen"]),
        ("Team", "name > 'Z'", ["Österreich"]),
        ("Sponsor", "name < 'P'", ["Nike"]),
        // Unrelated kinds: only != holds.
        // (A literal of another kind is refused: see TypedComparisonTests.)
        ("Team", "name == rating", []),
        ("Team", "name < rating", []),
        ("Team", "name != rating", allTeams),
        ("Team", "founded == code", []),
    ] as [EvaluatorCase])
func valuesCompareByKind(_ test: EvaluatorCase) throws {
    let world = try Tournament()
    #expect(try world.names(test.entity, where: test.format) == test.expected)
}

@Test func booleansBytesAndURIsCompareAsStored() throws {
    let world = try Tournament()
    let id = UUID()
    let url = URL(string: "https://example.com/a")!
    let sample = try world.insert(
        "Sample",
        ["string": "s", "boolean": true, "uuid": id, "binary": Data([1, 2, 3]), "uri": url, "float": 0.5])
    func holds(_ format: String, _ arguments: Any?...) throws -> Bool {
        try evaluate(FetchPredicate(format: format, argumentArray: arguments), on: sample)
    }
    #expect(try holds("boolean == YES"))
    #expect(try holds("boolean == 1"))
    #expect(try holds("boolean > 0.5"))
    #expect(try !holds("boolean == NO"))
    #expect(try holds("uuid == %@", id))
    #expect(try !holds("uuid == %@", UUID()))
    #expect(try holds("uuid == %@", withUnsafeBytes(of: id.uuid) { Data($0) }))
    #expect(try holds("binary < %@", UUID(uuid: (2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))))
    #expect(try holds("binary == %@", Data([1, 2, 3])))
    #expect(try holds("binary < %@", Data([1, 2, 3, 0])))
    #expect(try holds("binary > %@", Data([1, 2])))
    #expect(try holds("uri == %@", url))
    #expect(try holds("uri < %@", URL(string: "https://example.com/b")!))
    #expect(try holds("uri == %@", url.absoluteString), "a string compared with a URI is read as a URL")
    #expect(try holds("float == 0.5"))
    #expect(try holds("int16 == nil"))
}

// MARK: Options and string operators

@Test(
    arguments: [
        ("name ==[c] 'polen'", ["Polen"]),
        ("name == 'polen'", []),
        ("name ==[d] 'Osterreich'", ["Österreich"]),
        ("name ==[c] 'osterreich'", []),
        ("name ==[cd] 'OSTERREICH'", ["Österreich"]),
        ("name !=[c] 'POLEN'", ["Deutschland", "España", "Österreich"]),
        ("name <[cd] 'e'", ["Deutschland"]),
        ("name >[cd] 'o'", ["Polen", "Österreich"]),
        ("name IN[c] {'polen', 'ESPAÑA'}", ["España", "Polen"]),
        ("name BETWEEN[cd] {'e', 'p'}", ["España", "Österreich"]),
        ("name BEGINSWITH 'P'", ["Polen"]),
        ("name BEGINSWITH[cd] 'o'", ["Österreich"]),
        ("name ENDSWITH 'land'", ["Deutschland"]),
        ("name ENDSWITH[c] 'LAND'", ["Deutschland"]),
        ("name CONTAINS 'ana'", []),
        ("name CONTAINS[d] 'ana'", ["España"]),
        ("name CONTAINS ''", allTeams),
        ("name LIKE '*land'", ["Deutschland"]),
        ("name LIKE[c] 'p?len'", ["Polen"]),
        ("name LIKE[cd] '*A'", ["España"]),
        ("code MATCHES '[A-Z]{3}'", allTeams),
        ("code MATCHES 'P'", []),
        ("code MATCHES[c] 'p..'", ["Polen"]),
        ("name MATCHES[d] 'Osterreich'", ["Österreich"]),
    ] as [(String, [String])])
func optionsFoldStringsForEveryOperator(format: String, expected: [String]) throws {
    let world = try Tournament()
    #expect(try world.names("Team", where: format) == expected)
}

@Test func rightHandKeyPathsAreEvaluatedOnTheSameObject() throws {
    let world = try Tournament()
    try world["Polen"].setValue("Polen", forKey: "code")
    #expect(try world.names("Team", where: "code == name") == ["Polen"])
    #expect(try world.names("Team", where: "name IN players.name") == [])
    #expect(try world.names("Player", where: "name IN team.players.name") == allPlayers.filter { $0 != "Ødegaard" })
    #expect(try world.names("Player", where: "number < team.players.@max.number") == ["Kimmich", "Neuer", "Szczęsny"])
    #expect(
        try world.names("Player", where: "number BETWEEN {team.players.@min.number, 6}")
            == ["Kimmich", "Neuer", "Szczęsny"])
}

// MARK: Aggregates

@Test(
    arguments: [
        ("Team", "players.@count == 0", ["España", "Österreich"]),
        ("Team", "players.@count > 2", ["Deutschland"]),
        ("Team", "players.@sum.number == 20", ["Deutschland"]),
        ("Team", "players.@sum.number == 0", ["España", "Österreich"]),
        ("Team", "players.@avg.number == 5", ["Polen"]),
        ("Team", "players.@avg.number == nil", ["España", "Österreich"]),
        ("Team", "players.@min.number == 1", ["Deutschland", "Polen"]),
        ("Team", "players.@max.number == 13", ["Deutschland"]),
        ("Team", "players.@max.number == nil", ["España", "Österreich"]),
        ("Team", "players.@min.name == 'Lewandowski'", ["Polen"]),
        ("Group", "teams.@avg.rating == 85.25", ["A"]),
        ("Group", "teams.@avg.rating == nil", ["B"]),
        ("Group", "teams.@sum.rating == 170.5", ["A"]),
        ("Group", "teams.@sum.rating == 0", ["B"]),
        ("Group", "teams.@min.founded == CAST(100, 'NSDate')", ["A"]),
        ("Sponsor", "players.@count == 3", ["adidas"]),
        // A nil to-one before the to-many makes every aggregate null.
        ("Player", "team.players.@count == 3", ["Kimmich", "Müller", "Neuer"]),
        ("Player", "team.players.@count == nil", ["Ødegaard"]),
        ("Player", "team.players.@sum.number == nil", ["Ødegaard"]),
        // A single value under a modifier.
        ("Team", "ALL players.@count == 0", ["España", "Österreich"]),
    ] as [EvaluatorCase])
func aggregatesSummariseToManys(_ test: EvaluatorCase) throws {
    let world = try Tournament()
    #expect(try world.names(test.entity, where: test.format) == test.expected)
}

@Test func sumIsAnIntegerOverIntegersAndADoubleOtherwise() throws {
    let world = try Tournament()
    let team = world["Deutschland"]
    let group = world["A"]
    #expect(try world.names("Team", where: "players.@sum.number == %@", Int64(20)).contains("Deutschland"))
    #expect(try evaluate(FetchPredicate(format: "players.@sum.number == 20.0"), on: team))
    #expect(try evaluate(FetchPredicate(format: "teams.@sum.rating > 170.4"), on: group))
    #expect(try evaluate(FetchPredicate(format: "players.@avg.number > 6.66"), on: team))
    #expect(try evaluate(FetchPredicate(format: "players.@avg.number < 6.67"), on: team))
}

// MARK: Compound predicates

@Test func compoundPredicatesCombineTheirTerms() throws {
    let world = try Tournament()
    let polen = world["Polen"]
    func holds(_ predicate: FetchPredicate) throws -> Bool { try evaluate(predicate, on: polen) }
    #expect(try holds(.constant(true)))
    #expect(try !holds(.constant(false)))
    #expect(try holds(.and([])))
    #expect(try !holds(.or([])))
    #expect(try holds(FetchPredicate(format: "name == 'Polen' AND rating > 80")))
    #expect(try !holds(FetchPredicate(format: "name == 'Polen' AND rating > 90")))
    #expect(try holds(FetchPredicate(format: "name == 'X' OR rating > 80")))
    #expect(try holds(FetchPredicate(format: "NOT name == 'X'")))
    #expect(try holds(FetchPredicate(format: "TRUEPREDICATE")))
    // The whole predicate is resolved before any object is tested: an unknown key is refused
    // even in a term that evaluation would skip.
    let unknown = ObjectGraphError.unknownKey(entity: "Team", key: "nope")
    #expect(throws: unknown) { try holds(FetchPredicate(format: "FALSEPREDICATE AND nope == 1")) }
    #expect(throws: unknown) { try holds(FetchPredicate(format: "TRUEPREDICATE OR nope == 1")) }
}

// MARK: Errors

@Test(arguments: [
    ("nope == 1", "nope"),
    ("group.nope == 1", "group.nope"),
    ("name.length == 1", "name.length"),
    ("group.@count == 1", "group.@count"),
    ("name.@count == 1", "name.@count"),
    ("players.@sum == 1", "players.@sum"),
    ("players.@sum.name == 1", "players.@sum.name"),
    ("players.@count.number == 1", "players.@count.number"),
    ("players.@avg.team == 1", "players.@avg.team"),
    ("group.teams.players.@count == 1", "group.teams.players.@count"),
])
func unknownKeysAreRejectedWithTheWholePath(format: String, key: String) throws {
    let world = try Tournament()
    let predicate = try FetchPredicate(format: format)
    let error = ObjectGraphError.unknownKey(entity: "Team", key: key)
    #expect(throws: error) { try validate(predicate, for: world["Polen"].entity) }
    #expect(throws: error) { try evaluate(predicate, on: world["Polen"]) }
}

@Test(arguments: [
    "{1, 2} == rating",
    "rating == {1, 2}",
    "rating IN {1, {2}}",
    "rating IN {players.number}",
    "name == players.name",
    "name MATCHES '('",
])
func unsupportedShapesAreRejected(format: String) throws {
    let world = try Tournament()
    let predicate = try FetchPredicate(format: format)
    #expect(throws: UnsupportedFetchError.self) { try validate(predicate, for: world["Polen"].entity) }
    #expect(throws: UnsupportedFetchError.self) { try evaluate(predicate, on: world["Polen"]) }
}

/// `rating BETWEEN <bounds>`, built directly: the parser refuses these shapes itself.
@Test(arguments: [
    FetchExpression.list([.constant(.integer(1))]),
    .list([.constant(.integer(1)), .constant(.integer(2)), .constant(.integer(3))]),
    .constant(.integer(5)),
    .keyPath(["players", "number"]),
])
func betweenNeedsTwoBounds(bounds: FetchExpression) throws {
    let world = try Tournament()
    let predicate = FetchPredicate.comparison(ComparisonPredicate(.keyPath(["rating"]), .between, bounds))
    #expect(throws: UnsupportedFetchError.self) { try validate(predicate, for: world["Polen"].entity) }
    #expect(throws: UnsupportedFetchError.self) { try evaluate(predicate, on: world["Polen"]) }
}

@Test func leftoverVariablesAreRejected() throws {
    let world = try Tournament()
    let predicate = try FetchPredicate(format: "name == $NAME OR rating IN {1, $R}")
    #expect {
        try validate(predicate, for: world["Polen"].entity)
    } throws: { error in
        (error as? FetchPredicateError)?.kind == .missingVariable("NAME")
    }
    #expect {
        try evaluate(predicate, on: world["Polen"])
    } throws: { error in
        (error as? FetchPredicateError)?.kind == .missingVariable("NAME")
    }
}

@Test(arguments: [
    "name == 'x'",
    "ANY players.sponsors.name == 'x'",
    "%@ IN players",
    "name IN players.name",
    "rating BETWEEN {1, players.@max.number}",
    "name MATCHES '[A-Z]+'",
    "name MATCHES code",
    "SELF == %@",
    "players.@count > 1 AND NOT group.teams.@sum.rating < 2",
])
func supportedShapesValidate(format: String) throws {
    let world = try Tournament()
    let arguments: [Any?] = format.contains("%@") ? [world["Neuer"]] : []
    try validate(FetchPredicate(format: format, argumentArray: arguments), for: world["Polen"].entity)
}

// MARK: Resolution

@Test func keyPathsResolveIntoStepsAndATerminal() throws {
    let world = try Tournament()
    let player = world["Neuer"].entity
    let team = world["Polen"].entity

    let name = try ResolvedKeyPath(resolving: ["team", "group", "name"], from: player)
    #expect(name.steps.map(\.name) == ["team", "group"])
    #expect(name.keyPath == "team.group.name")
    #expect(!name.yieldsCollection)
    guard case .attribute(let attribute) = name.terminal else {
        Issue.record("not an attribute")
        return
    }
    #expect(attribute.name == "name")

    let sponsors = try ResolvedKeyPath(resolving: ["team", "players", "sponsors"], from: player)
    #expect(sponsors.steps.map(\.name) == ["team", "players"])
    #expect(sponsors.yieldsCollection)
    guard case .relationship(let relationship) = sponsors.terminal else {
        Issue.record("not a relationship")
        return
    }
    #expect(relationship.name == "sponsors")

    let toOne = try ResolvedKeyPath(resolving: ["team"], from: player)
    #expect(!toOne.yieldsCollection)

    let expression = FetchExpression.aggregate(.avg, relationshipPath: ["group", "teams"], attribute: "rating")
    let average = try #require(try ResolvedKeyPath(expression, from: team))
    #expect(average.steps.map(\.name) == ["group"])
    #expect(!average.yieldsCollection)
    guard case .aggregate(let function, let over, let averaged) = average.terminal else {
        Issue.record("not an aggregate")
        return
    }
    #expect(function == .avg && over.name == "teams" && averaged?.name == "rating")
    #expect(try ResolvedKeyPath(FetchExpression.constant(.integer(1)), from: team) == nil)
}

@Test func sortKeysMayCrossToOnesOnly() throws {
    let world = try Tournament()
    let player = world["Neuer"].entity
    try validate([FetchOrdering("team.group.name"), FetchOrdering("number", ascending: false)], for: player)
    #expect(throws: UnsupportedFetchError.self) { try validate([FetchOrdering("sponsors.name")], for: player) }
    #expect(throws: UnsupportedFetchError.self) { try validate([FetchOrdering("team")], for: player) }
    #expect(throws: UnsupportedFetchError.self) { try validate([FetchOrdering("team.players.@count")], for: player) }
    #expect(throws: ObjectGraphError.unknownKey(entity: "Player", key: "team.nope")) {
        try validate([FetchOrdering("team.nope")], for: player)
    }
    #expect(throws: ObjectGraphError.unknownKey(entity: "Player", key: "team..name")) {
        try validate([FetchOrdering("team..name")], for: player)
    }
}

// MARK: Sorting

@Test(
    arguments: [
        ("Team", [FetchOrdering("rating")], ["España", "Österreich", "Polen", "Deutschland"]),
        ("Team", [FetchOrdering("rating", ascending: false)], ["Deutschland", "Polen", "Österreich", "España"]),
        ("Team", [FetchOrdering("name")], ["Deutschland", "España", "Polen", "Österreich"]),
        ("Team", [FetchOrdering("name", options: [.diacriticInsensitive])], ["Deutschland", "España", "Österreich", "Polen"]),
        (
            "Team", [FetchOrdering("group.name", ascending: false), FetchOrdering("name")],
            ["España", "Deutschland", "Polen", "Österreich"]
        ),
        ("Sponsor", [FetchOrdering("name")], ["Nike", "Puma", "adidas"]),
        ("Sponsor", [FetchOrdering("name", options: [.caseInsensitive])], ["adidas", "Nike", "Puma"]),
        (
            "Player", [FetchOrdering("team.group.name"), FetchOrdering("number", ascending: false), FetchOrdering("name")],
            ["Ødegaard", "Müller", "Lewandowski", "Kimmich", "Neuer", "Szczęsny"]
        ),
        (
            "Player", [FetchOrdering("team.rating"), FetchOrdering("name", ascending: false)],
            ["Ødegaard", "Szczęsny", "Lewandowski", "Neuer", "Müller", "Kimmich"]
        ),
    ] as [(String, [FetchOrdering], [String])])
func orderingsSortNullsFirstAscendingAndLastDescending(
    entity: String, orderings: [FetchOrdering], expected: [String]
) throws {
    let world = try Tournament()
    let sorted = world.objects(of: entity).sorted { areInIncreasingOrder($0, $1, by: orderings) }
    #expect(sorted.map(world.name) == expected)
}

@Test func tiesFallBackToPrimaryKeysThenCreationOrder() throws {
    let world = try Tournament()
    try world.context.save()
    let saved = world.objects(of: "Player")
    let late = try world.insert("Player", ["name": "Late", "number": 2])
    let later = try world.insert("Player", ["name": "Later", "number": 3])
    let sorted = (saved + [later, late]).shuffled().sorted { areInIncreasingOrder($0, $1, by: []) }

    let keys = sorted.prefix(saved.count).map { $0.objectID.primaryKey! }
    #expect(keys == keys.sorted())
    #expect(Array(sorted.suffix(2)) == [late, later])
    #expect(!areInIncreasingOrder(late, late, by: []))

    // Equal sort values tie-break the same way.
    let byPosition = [FetchOrdering("position")]
    let goalkeepers = sorted.filter { (try? $0.value(forKey: "position")) as? String == "GK" }
    #expect(goalkeepers.sorted { areInIncreasingOrder($0, $1, by: byPosition) } == goalkeepers)
    #expect(sorted.sorted { areInIncreasingOrder($0, $1, by: byPosition) }.prefix(2) == [late, later])
}

// MARK: Through a context

@Test func fetchesFromTheInMemoryStoreFilterAndSortWithTheEvaluator() throws {
    let world = try Tournament()
    try world.context.save()
    var request = FetchRequest<ManagedObject>(entityName: "Player")
    request.predicate = try FetchPredicate(format: "team.group.name == %@ AND ANY sponsors.name ==[c] %@", "A", "ADIDAS")
    request.sortOrderings = [FetchOrdering("number"), FetchOrdering("name", ascending: false)]
    #expect(try world.context.fetch(request).map(world.name) == ["Neuer", "Lewandowski", "Müller"])

    // Unsaved changes are evaluated as they are now.
    try world["Kimmich"].setValue([world["adidas"]], forKey: "sponsors")
    try world["Neuer"].setValue(nil, forKey: "team")
    #expect(try world.context.fetch(request).map(world.name) == ["Kimmich", "Lewandowski", "Müller"])
}

// MARK: Robustness

/// Random predicates of every shape, valid or not: evaluation never crashes, and a predicate
/// that validates evaluates without error on every object.
@Test func validatedPredicatesAlwaysEvaluate() throws {
    let world = try Tournament()
    let players = world.objects(of: "Player")
    let entity = players[0].entity
    var generator = SeededGenerator(seed: 2025)
    func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }

    let keyPaths: [[String]] = [
        ["name"], ["number"], ["born"], ["team"], ["team", "name"], ["team", "rating"], ["team", "group", "name"],
        ["sponsors"], ["sponsors", "name"], ["team", "players", "number"], ["sponsors", "players", "team", "name"],
        ["nope"], ["name", "nope"], ["team", "founded"], ["team", "budget"],
    ]
    let aggregates: [FetchExpression] = [
        .aggregate(.count, relationshipPath: ["team", "players"], attribute: nil),
        .aggregate(.avg, relationshipPath: ["team", "players"], attribute: "number"),
        .aggregate(.max, relationshipPath: ["sponsors"], attribute: "name"),
        .aggregate(.sum, relationshipPath: ["sponsors"], attribute: "name"),
        .aggregate(.count, relationshipPath: ["team"], attribute: nil),
    ]
    let constants: [AttributeValue] = [
        .null, .integer(1), .integer(9), .double(8.5), .double(.nan), .decimal(Decimal(80.5)), .string("Neuer"),
        .string("*e*"), .string("N.*"), .string("("), .string(""), .boolean(true),
        .date(Date(timeIntervalSinceReferenceDate: 100)), .data(Data([1])), .uuid(UUID()),
        .uri(URL(string: "https://example.com")!),
    ]
    func expression(depth: Int) -> FetchExpression {
        switch generator.next() % 13 {
        case 10, 11:
            // Functions of any arity, arguments of any kind: some compute, some are refused.
            guard depth <= 1 else { return .constant(pick(constants)) }
            return .function(
                pick(ExpressionFunction.allCases), (0..<generator.next() % 3).map { _ in expression(depth: depth + 1) })
        case 12:
            let collection = pick([["sponsors"], ["team", "players"], ["team"], ["nope"], []])
            let inner: FetchPredicate =
                depth == 0
                ? .comparison(ComparisonPredicate(expression(depth: 2), pick([.equal, .lessThan]), expression(depth: 2)))
                : .constant(true)
            return .function(pick([.count, .sum]), [.subquery(collection: collection, variable: "x", predicate: inner)])
        case 0, 1, 2: return .keyPath(pick(keyPaths))
        case 3: return pick(aggregates)
        case 4, 5: return .constant(pick(constants))
        case 6: return .object(pick([world["Polen"].objectID, world["Neuer"].objectID]))
        case 7: return .evaluatedObject
        case 8:
            guard depth <= 1 else { return .variable("X") }
            return .list((0..<generator.next() % 4).map { _ in expression(depth: depth + 1) })
        default: return .list((0..<generator.next() % 3).map { _ in .constant(pick(constants)) })
        }
    }
    func predicate(depth: Int) -> FetchPredicate {
        switch depth > 2 ? 4 : generator.next() % 8 {
        case 0: return .and((0..<generator.next() % 3).map { _ in predicate(depth: depth + 1) })
        case 1: return .or((0..<generator.next() % 3).map { _ in predicate(depth: depth + 1) })
        case 2: return .not(predicate(depth: depth + 1))
        case 3: return .constant(generator.next() % 2 == 0)
        default:
            let operators: [ComparisonPredicate.Operator] = [
                .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .beginsWith,
                .endsWith, .contains, .like, .matches, .in, .between,
            ]
            return .comparison(
                ComparisonPredicate(
                    expression(depth: 0), pick(operators), expression(depth: 0),
                    modifier: pick([.direct, .any, .all, .none]),
                    options: ComparisonPredicate.Options(rawValue: UInt8(generator.next() % 4))))
        }
    }

    var validated = 0
    for _ in 0..<3_000 {
        let candidate = predicate(depth: 0)
        let isValid = (try? validate(candidate, for: entity)) != nil
        for player in players {
            do {
                _ = try evaluate(candidate, on: player)
            } catch {
                #expect(!isValid, "\(candidate.predicateFormat) validated but threw \(error)")
            }
        }
        if isValid { validated += 1 }
    }
    #expect(validated > 500)
}

// MARK: Resolving as a fetch does

/// Checks `predicate` as a fetch does, resolving it from `entity`.
private func validate(_ predicate: FetchPredicate, for entity: EntityDescription) throws {
    _ = try ResolvedPredicate(predicate, for: entity)
}

/// Checks sort keys as a fetch does, resolving them from `entity`.
private func validate(_ orderings: [FetchOrdering], for entity: EntityDescription) throws {
    for ordering in orderings { _ = try ResolvedOrdering(fetching: ordering, from: entity) }
}

/// Resolves `predicate` from the object's entity, then evaluates it on the object.
private func evaluate(_ predicate: FetchPredicate, on object: ManagedObject) throws -> Bool {
    try PredicateEvaluator.evaluate(ResolvedPredicate(predicate, for: object.entity), on: object)
}

/// Whether `a` sorts before `b`, the sort keys resolved from the entity of `a`.
private func areInIncreasingOrder(_ a: ManagedObject, _ b: ManagedObject, by orderings: [FetchOrdering]) -> Bool {
    let resolved = orderings.map { try! ResolvedOrdering(fetching: $0, from: a.entity) }
    return PredicateEvaluator.areInIncreasingOrder(a, b, by: resolved)
}
