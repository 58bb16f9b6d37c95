import Foundation
import ObjectGraph
import Testing

/// Fetch requests: predicates, orderings, limits, counts, sub-entities, pending changes.
@Suite("Fetching")
struct FetchTests {
    /// Two groups, four teams, a squad each, a coach for Polen.
    private func seeded(_ kind: StoreKind) throws -> TestStack {
        let stack = try TestStack(kind)
        let context = stack.context
        let a = try context.make("Group", ["name": "A"])
        let b = try context.make("Group", ["name": "B"])
        let teams: [(String, ManagedObject, Double?)] = [
            ("Polen", a, 70), ("Griechenland", a, 65.5), ("Deutschland", b, 90), ("Dänemark", b, nil),
        ]
        for (index, (name, group, rating)) in teams.enumerated() {
            let team = try context.make("Team", ["name": name, "group": group, "rating": rating])
            for number in 1...5 {
                try context.make(
                    "Player",
                    [
                        "name": "\(name)-\(number)", "number": number + index, "team": team,
                        "position": ["GK", "DF", "DF", "MF", "FW"][number - 1],
                    ])
            }
        }
        try context.make("Coach", ["name": "Smuda", "team": try context.all("Team", "name == 'Polen'").first])
        try context.save()
        return stack
    }

    private func names(_ objects: [ManagedObject]) -> [String] { objects.compactMap { $0.string("name") } }

    @Test("Predicates filter, orderings sort, across relationships too", arguments: StoreKind.allCases)
    func predicatesAndOrderings(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        #expect(names(try context.all("Team", "group.name == 'A'", sort: ["name"])) == ["Griechenland", "Polen"])
        #expect(
            names(try context.all("Team", nil, sort: ["group.name", "-name"])) == [
                "Polen", "Griechenland", "Dänemark", "Deutschland",
            ])
        #expect(names(try context.all("Team", "rating > 66 AND rating < 100", sort: ["-rating"])) == ["Deutschland", "Polen"])
        #expect(names(try context.all("Team", "rating == nil")) == ["Dänemark"])
        #expect(names(try context.all("Team", "name BEGINSWITH[cd] 'da'")) == ["Dänemark"])
        #expect(names(try context.all("Team", "name IN %@", ["Polen", "Spanien"])) == ["Polen"])
        #expect(names(try context.all("Team", "players.@count == 5 AND ANY players.position == 'GK'", sort: ["name"])).count == 4)
        #expect(
            names(try context.all("Player", "team.group.name == 'B' AND number <= 4 AND position == 'DF'", sort: ["number"]))
                == ["Deutschland-2"])
        #expect(names(try context.all("Team", "coach.name == 'Smuda'")) == ["Polen"])
        #expect(names(try context.all("Player", "NOT (number BETWEEN {2, 7})", sort: ["number"])) == ["Polen-1", "Dänemark-5"])
        var request = FetchRequest<ManagedObject>(
            entityName: "Team", sortOrderings: [FetchOrdering("name", options: [.caseInsensitive, .diacriticInsensitive])])
        #expect(names(try context.fetch(request)) == ["Dänemark", "Deutschland", "Griechenland", "Polen"])
        request.sortOrderings = [FetchOrdering("name")]
        #expect(
            names(try context.fetch(request)) == ["Deutschland", "Dänemark", "Griechenland", "Polen"], "byte order by default")
    }

    @Test("Limit, offset and counts", arguments: StoreKind.allCases)
    func limitOffsetCount(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        var request = FetchRequest<ManagedObject>(entityName: "Player", sortOrderings: [FetchOrdering("name")])
        request.fetchLimit = 3
        request.fetchOffset = 2
        #expect(names(try context.fetch(request)) == ["Deutschland-3", "Deutschland-4", "Deutschland-5"])
        #expect(try context.count(for: FetchRequest<ManagedObject>(entityName: "Player")) == 20)
        request.predicate = try FetchPredicate(format: "number >= %d", 5)
        request.fetchLimit = 0
        request.fetchOffset = 0
        #expect(try context.count(for: request) == 10)
    }

    @Test("Fetching an abstract parent returns sub-entity objects unless told otherwise", arguments: StoreKind.allCases)
    func subentities(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        let humans = try context.all("Human")
        #expect(humans.count == 21)
        #expect(Set(humans.map(\.entity.name)) == ["Player", "Coach"])
        #expect(humans.contains { $0 is Coach } && humans.contains { $0 is Player })
        var request = FetchRequest<ManagedObject>(entityName: "Human")
        request.includesSubentities = false
        #expect(try context.fetch(request).isEmpty)
        #expect(try context.all("Human", "name == 'Smuda'").first?.entity.name == "Coach")
    }

    @Test("A fetch sees the context's unsaved inserts, updates and deletes", arguments: StoreKind.allCases)
    func pendingChanges(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        let polen = try #require(try context.all("Team", "name == 'Polen'").first)
        try polen.setValue("Poland", forKey: "name")
        context.delete(try #require(try context.all("Team", "name == 'Dänemark'").first))
        try context.make("Team", ["name": "Portugal", "rating": 80.0])
        #expect(names(try context.all("Team", "name BEGINSWITH 'Po'", sort: ["name"])) == ["Poland", "Portugal"])
        #expect(names(try context.all("Team", nil, sort: ["-rating"])) == ["Deutschland", "Portugal", "Poland", "Griechenland"])
        #expect(try context.count(for: FetchRequest<ManagedObject>(entityName: "Team")) == 4)
        var request = FetchRequest<ManagedObject>(entityName: "Team", sortOrderings: [FetchOrdering("name")])
        request.fetchLimit = 1
        #expect(names(try context.fetch(request)) == ["Deutschland"])
        request.includesPendingChanges = false
        request.fetchLimit = 0
        #expect(try context.fetch(request).count == 4)
        // A change to a related object is seen through key paths.
        try polen.setValue("X", forKey: "name")
        #expect(try context.all("Player", "team.name == 'X'").count == 5)
    }

    @Test("Leaving pending changes out, a fetch filters and sorts by the saved state", arguments: StoreKind.allCases)
    func savedStateOnly(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        let polen = try #require(try context.all("Team", "name == 'Polen'").first)
        let greek = try #require(try context.all("Team", "name == 'Griechenland'").first)
        try polen.setValue("Poland", forKey: "name")
        try greek.setValue(99.0, forKey: "rating")
        context.delete(try #require(try context.all("Team", "name == 'Dänemark'").first))
        try context.make("Team", ["name": "Portugal", "rating": 80.0])
        let mover = try #require(try context.all("Player", "name == 'Polen-1'").first)
        try mover.setValue(greek, forKey: "team")

        func saved(_ entity: String, _ format: String, sort: [String]) throws -> [String] {
            var request = FetchRequest<ManagedObject>(
                entityName: entity, predicate: try FetchPredicate(format: format),
                sortOrderings: sort.map(FetchOrdering.init(parsing:)))
            request.includesPendingChanges = false
            #expect(try context.count(for: request) == context.fetch(request).count)
            return names(try context.fetch(request))
        }
        // The objects found keep their unsaved values: Polen is listed as "Poland".
        #expect(try saved("Team", "name BEGINSWITH 'Po'", sort: ["name"]) == ["Poland"])
        #expect(try saved("Team", "rating > 60", sort: ["-rating"]) == ["Deutschland", "Poland", "Griechenland"])
        #expect(try saved("Team", "name != 'x'", sort: ["name"]) == ["Deutschland", "Dänemark", "Griechenland", "Poland"])
        #expect(try saved("Player", "team.name == 'Polen' AND number == 1", sort: []) == ["Polen-1"])
        #expect(polen.string("name") == "Poland", "the context's objects keep their changes")
    }

    @Test("Faults: fetched objects carry no data until touched", arguments: StoreKind.allCases)
    func faults(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        let teams = try context.all("Team")
        #expect(teams.filter { !$0.isFault }.isEmpty)
        _ = teams[0]["name"]
        #expect(!teams[0].isFault)
        let players = try #require(teams[0]["players"] as? Set<ManagedObject>)
        #expect(players.count == 5)
        #expect(players.filter { !$0.isFault }.isEmpty, "relationship targets stay faults until touched")
        var loaded = FetchRequest<ManagedObject>(entityName: "Player")
        loaded.returnsObjectsAsFaults = false
        let other = stack.newContext()
        #expect(try other.fetch(loaded).filter(\.isFault).isEmpty)
    }

    @Test("Bad requests fail with clear errors", arguments: StoreKind.allCases)
    func badRequests(kind: StoreKind) throws {
        let stack = try seeded(kind)
        #expect(throws: ObjectGraphError.unknownEntity("Stadium")) { try stack.context.all("Stadium") }
        #expect(throws: ObjectGraphError.self) { try stack.context.all("Team", "colour == 'red'") }
        #expect(throws: ObjectGraphError.self) { try stack.context.all("Team", "name.length == 3") }
        #expect(throws: (any Error).self) { try stack.context.all("Team", nil, sort: ["players.name"]) }
        #expect(throws: (any Error).self) { try stack.context.all("Team", "name == $NAME") }
        #expect(throws: (any Error).self) { try stack.context.all("Team", "name ==") }
    }
}
