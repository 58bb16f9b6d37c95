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

    @Test(
        "With unsaved changes to other entities only, the store answers a fetch alone, its limit included",
        arguments: StoreKind.allCases)
    func changesElsewhere(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        context.retainsRegisteredObjects = true
        try context.make("Group", ["name": "C"])
        var request = FetchRequest<ManagedObject>(entityName: "Team", sortOrderings: [FetchOrdering("name")])
        request.fetchLimit = 1
        #expect(names(try context.fetch(request)) == ["Deutschland"])
        if kind != .inMemory {
            // One row read, not every team to sort in memory.
            #expect(context.registeredObjects.filter { $0.entity.name == "Team" }.count == 1)
        }
        // A change the sort reaches through a relationship is still seen.
        let polen = try #require(try context.all("Team", "name == 'Polen'").first)
        try polen.setValue("Aaa", forKey: "name")
        var players = FetchRequest<ManagedObject>(
            entityName: "Player", sortOrderings: [FetchOrdering("team.name"), FetchOrdering("name")])
        players.fetchLimit = 1
        #expect(names(try context.fetch(players)) == ["Polen-1"])
        // And one the predicate reaches.
        #expect(names(try context.all("Player", "team.name == 'Aaa' AND number == 1")) == ["Polen-1"])
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
        #expect(throws: ObjectGraphError.unknownKey(entity: "Team", key: "colour")) {
            try stack.context.all("Team", "colour == 'red'")
        }
        #expect(throws: ObjectGraphError.unknownKey(entity: "Team", key: "name.length")) {
            try stack.context.all("Team", "name.length == 3")
        }
        #expect {
            try stack.context.all("Team", nil, sort: ["players.name"])
        } throws: { error in
            guard let error = error as? UnsupportedFetchError else { return false }
            return error.fragment == "players.name" && error.reason.contains("cross to-one relationships only")
        }
        #expect {
            try stack.context.all("Team", "name == $NAME")
        } throws: { error in
            (error as? FetchPredicateError)?.kind == .missingVariable("NAME")
        }
        #expect {
            try stack.context.all("Team", "name ==")
        } throws: { error in
            guard let error = error as? FetchPredicateError, case .syntax(let expected, let found) = error.kind else {
                return false
            }
            return error.column == 8 && expected.contains("a value after '=='") && found == "end of input"
        }
    }

    @Test("SUBQUERY counts the objects of a to-many that satisfy a predicate", arguments: StoreKind.allCases)
    func subqueries(kind: StoreKind) throws {
        let context = try seeded(kind).newContext()
        #expect(
            names(try context.all("Team", "SUBQUERY(players, $p, $p.number > 6).@count > 0", sort: ["name"]))
                == ["Deutschland", "Dänemark"])
        #expect(
            names(try context.all("Team", "SUBQUERY(players, $p, $p.position == 'DF' AND $p.number >= 5).@count == 2"))
                == ["Dänemark"])
        #expect(
            names(try context.all("Team", "SUBQUERY(players, $p, $p.team.group.name == 'A').@count == 5", sort: ["name"]))
                == ["Griechenland", "Polen"])
        #expect(
            names(try context.all("Team", "SUBQUERY(players, $p, ANY $p.team.coach.name == %@).@count > 0", "Smuda"))
                == ["Polen"])
        #expect(
            try context.all("Player", "SUBQUERY(team.players, $p, $p.position == 'GK' AND $p.number > 2).@count == 1").count
                == 10)
        #expect(try context.all("Coach", "SUBQUERY(team.players, $x, TRUEPREDICATE).@count == 5").count == 1)
        #expect(try context.all("Team", "count(SUBQUERY(players, $p, $p == $p)) == 5").count == 4)
        // Unsaved changes to the objects a subquery or a function reads count.
        let player = try #require(try context.all("Player", "name == 'Polen-1'").first)
        try player.setValue(100, forKey: "number")
        #expect(names(try context.all("Team", "SUBQUERY(players, $p, $p.number > 99).@count == 1")) == ["Polen"])
        #expect(names(try context.all("Team", "max(players.number) * 2 == 200")) == ["Polen"])
        #expect(throws: UnsupportedFetchError.self) { try context.all("Team", "SUBQUERY(players, $p, TRUEPREDICATE) == nil") }
        #expect(throws: UnsupportedFetchError.self) { try context.all("Team", "SUBQUERY(group, $p, TRUEPREDICATE).@count == 1") }
    }

    @Test("Arithmetic, bitwise operators and functions compute the same in both stores", arguments: StoreKind.allCases)
    func computedExpressions(kind: StoreKind) throws {
        let context = try seeded(kind).newContext()
        func fetch(_ entity: String, _ format: String, _ arguments: [Any?]) throws -> [String] {
            let predicate = try FetchPredicate(format: format, argumentArray: arguments)
            return names(
                try context.fetch(FetchRequest(entityName: entity, predicate: predicate, sortOrderings: [FetchOrdering("name")])))
        }
        func players(_ format: String, _ arguments: Any?...) throws -> [String] { try fetch("Player", format, arguments) }
        func teams(_ format: String, _ arguments: Any?...) throws -> [String] { try fetch("Team", format, arguments) }
        #expect(try players("number * 2 + 1 == 11") == ["Deutschland-3", "Dänemark-2", "Griechenland-4", "Polen-5"])
        #expect(try players("(number & 1) == 0 AND team.name == 'Polen'") == ["Polen-2", "Polen-4"])
        #expect(try players("number & %d == %d AND team.name == 'Polen'", 4, 4) == ["Polen-4", "Polen-5"])
        #expect(try players("number | 8 == 13 AND team.name == 'Polen'") == ["Polen-5"])
        #expect(try players("modulus:by:(number, 4) == 3 AND team.name == 'Deutschland'") == ["Deutschland-1", "Deutschland-5"])
        #expect(try players("number * 9223372036854775807 > 0").count == 20, "overflow continues as a double")
        #expect(try players("-number < -7") == ["Dänemark-5"])
        #expect(try teams("rating / 2 > 40") == ["Deutschland"])
        #expect(try teams("rating - 65.5 == 0") == ["Griechenland"])
        #expect(try teams("rating + 1 == nil") == ["Dänemark"])
        #expect(try teams("rating / 0 == nil").count == 4, "division by zero is null")
        #expect(try teams("abs(rating - 80) < 11") == ["Deutschland", "Polen"])
        #expect(try teams("uppercase(name) == 'DÄNEMARK'") == ["Dänemark"])
        #expect(try teams("lowercase(name) BEGINSWITH 'dä'") == ["Dänemark"])
        #expect(try teams("count(players) == 5 AND players[SIZE] == 5").count == 4)
        #expect(try teams("sum(players.number) == 15") == ["Polen"])
        #expect(try teams("max(players.number) == 8") == ["Dänemark"])
        #expect(try teams("average(players.number) == 4") == ["Griechenland"])
        #expect(try teams("rating > max({60, 69.5}) - 1 + min(%@)", [1, 2]) == ["Deutschland", "Polen"])
        #expect(try teams("now() > CAST(0, 'NSDate') AND name == 'Polen'") == ["Polen"])
        #expect(throws: UnsupportedFetchError.self) { try teams("name + 1 == 2") }
        #expect(throws: UnsupportedFetchError.self) { try teams("modulus:by:(rating, 2) == 1") }
        #expect(throws: UnsupportedFetchError.self) { try teams("uppercase(rating) == 'X'") }
        #expect(throws: FetchPredicateError.self) { try teams("rating * 2 == 'x'") }
    }

    @Test("%K joins key paths, stands alone as a Boolean, and Foundation objects are arguments", arguments: StoreKind.allCases)
    func keyPathArgumentsAndFoundationObjects(kind: StoreKind) throws {
        let stack = try seeded(kind)
        try stack.context.make("Sample", ["boolean": true, "int64": 5])
        try stack.context.make("Sample", ["boolean": false, "int64": 6])
        try stack.context.save()
        let context = stack.newContext()
        #expect(names(try context.all("Team", "%K.name == 'A'", "group", sort: ["name"])) == ["Griechenland", "Polen"])
        #expect(names(try context.all("Team", "ANY players.%K == 8", "number")) == ["Dänemark"])
        #expect(names(try context.all("Team", "%K.@count == 5", "players")).count == 4)
        #expect(names(try context.all("Player", "team.%K == 65.5 AND number == 2", "rating")) == ["Griechenland-1"])
        #expect(try context.all("Sample", "%K", "boolean").map { try $0.value(forKey: "int64") as? Int64 } == [5])
        #expect(try context.all("Sample", "NOT boolean").map { try $0.value(forKey: "int64") as? Int64 } == [6])
        #expect(names(try context.all("Team", "name IN %@", NSArray(array: ["Polen", "Spanien"]))) == ["Polen"])
        #expect(names(try context.all("Team", "name IN %@", NSSet(array: ["Polen"]))) == ["Polen"])
        #expect(names(try context.all("Team", "name ==[n] %@", NSString(string: "Polen"))) == ["Polen"])
        #expect(names(try context.all("Team", "rating == %@", NSNumber(value: 65.5))) == ["Griechenland"])
        #expect(names(try context.all("Team", "rating > %a", 89.5)) == ["Deutschland"])
        #expect(names(try context.all("Team", "rating == %@", NSNull())) == ["Dänemark"])
    }

    @Test("Arithmetic at the edges: overflow, NaN, Int64.min", arguments: StoreKind.allCases)
    func arithmeticEdges(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        try stack.context.make("Sample", ["string": "min", "int64": Int64.min, "double": Double.infinity])
        try stack.context.make("Sample", ["string": "max", "int64": Int64.max, "double": 1.0])
        try stack.context.save()
        let context = stack.newContext()
        func samples(_ format: String) throws -> [String] {
            try context.all("Sample", format, sort: ["string"]).compactMap { $0.string("string") }
        }
        #expect(try samples("modulus:by:(int64, -1) == 0") == ["max", "min"])
        #expect(try samples("abs(int64) > 9.2e18") == ["max", "min"])
        #expect(try samples("int64 + 1 > int64") == ["max", "min"])
        #expect(try samples("int64 * 2 < 0") == ["min"])
        #expect(try samples("double - double == nil") == ["min"], "inf - inf is NaN, which is null")
        #expect(try samples("bitwiseAnd:with:(int64 + 1, 3) == 3") == ["max"], "2^63 is clamped to Int64.max")
        #expect(try samples("int64 / 0 == nil AND modulus:by:(int64, 0) == nil") == ["max", "min"])
    }
}
