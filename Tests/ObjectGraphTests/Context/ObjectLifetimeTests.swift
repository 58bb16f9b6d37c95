import Foundation
import ObjectGraph
import TestSupport
import Testing

/// How long objects live: as in Core Data, a context keeps the objects with unsaved changes
/// (and, here, those whose relationships it loaded or that were written) and lets any other
/// object go once the caller does, unless ``ManagedObjectContext/retainsRegisteredObjects``.
@Suite("Object lifetime")
struct ObjectLifetimeTests {
    /// A store with `teams` saved teams named `T0`, `T1`, … with two players each.
    static func savedTeams(_ kind: StoreKind, teams: Int = 3) throws -> TestStack {
        let stack = try TestStack(kind)
        for index in 0..<teams {
            let team = try stack.context.make("Team", ["name": "T\(index)"])
            for number in 1...2 {
                try stack.context.make("Player", ["name": "T\(index) P\(number)", "number": number, "team": team])
            }
        }
        try stack.context.save()
        return stack
    }

    @Test(
        "A clean object nothing holds leaves its context; the next read makes a new instance of it",
        arguments: StoreKind.allCases)
    func cleanObjectsGo(kind: StoreKind) throws {
        let stack = try Self.savedTeams(kind)
        let context = stack.newContext()
        weak var gone: ManagedObject?
        let id: ManagedObjectID = try {
            let team = try #require(try context.team(named: "T1"))
            gone = team
            // While held, every way of reaching it gives this instance.
            #expect(context.object(with: team.objectID) === team)
            #expect(try context.team(named: "T1") === team)
            #expect(context.registeredObjects.contains(team))
            return team.objectID
        }()
        #expect(gone == nil, "the context kept a clean object alive")
        #expect(!context.registeredObjects.contains { $0.objectID == id })

        let again = context.object(with: id)
        #expect(again.isFault && again.string("name") == "T1")
        #expect(try context.team(named: "T1") === again)
    }

    @Test("Objects with unsaved changes are kept until the save, and saved", arguments: StoreKind.allCases)
    func changedObjectsStay(kind: StoreKind) throws {
        let stack = try Self.savedTeams(kind)
        let context = stack.newContext()
        weak var inserted: ManagedObject?
        weak var updated: ManagedObject?
        weak var deleted: ManagedObject?
        try {
            inserted = try context.make("Team", ["name": "New"])
            let t0 = try #require(try context.team(named: "T0"))
            try t0.setValue("Renamed", forKey: "name")
            updated = t0
            let t2 = try #require(try context.team(named: "T2"))
            context.delete(t2)
            deleted = t2
        }()
        #expect(inserted != nil && updated != nil && deleted != nil)
        #expect(context.insertedObjects.count == 1 && context.updatedObjects.count == 1)
        #expect(context.deletedObjects.count == 3, "T2 and its two players")

        try context.save()
        #expect(inserted == nil && updated == nil && deleted == nil, "saved objects nothing holds stay alive")
        let names = try stack.newContext().all("Team", sort: ["name"]).compactMap { $0.string("name") }
        #expect(names == ["New", "Renamed", "T1"])
        #expect(try stack.newContext().all("Player").count == 4)
    }

    @Test("retainsRegisteredObjects keeps every registered object until it is turned off", arguments: StoreKind.allCases)
    func retainingContext(kind: StoreKind) throws {
        let stack = try Self.savedTeams(kind)
        let context = stack.newContext()
        weak var fetchedBefore: ManagedObject?
        weak var fetchedAfter: ManagedObject?
        try {
            // Held here until the context retains it.
            let before = try context.team(named: "T0")
            fetchedBefore = before
            context.retainsRegisteredObjects = true
        }()
        // Objects registered before and after it was turned on are both kept.
        try { fetchedAfter = try context.team(named: "T1") }()
        #expect(fetchedBefore != nil && fetchedAfter != nil)
        #expect(context.registeredObjects.contains { $0 === fetchedBefore })
        #expect(context.registeredObjects.contains { $0 === fetchedAfter })

        // A deleted object, once saved, is no longer registered: not kept either.
        weak var deleted: ManagedObject?
        try {
            let t2 = try #require(try context.team(named: "T2"))
            deleted = t2
            context.delete(t2)
        }()
        try context.save()
        #expect(deleted == nil)

        context.retainsRegisteredObjects = false
        #expect(fetchedBefore == nil && fetchedAfter == nil)
        #expect(context.registeredObjects.isEmpty)
    }

    @Test("Objects whose relationships were loaded stay until their context goes, and then go", arguments: StoreKind.allCases)
    func relationshipCyclesEnd(kind: StoreKind) throws {
        let stack = try Self.savedTeams(kind)
        weak var gone: ManagedObjectContext?
        weak var team: ManagedObject?
        weak var player: ManagedObject?
        try {
            let context = ManagedObjectContext(coordinator: stack.coordinator)
            gone = context
            try {
                let t0 = try #require(try context.team(named: "T0"))
                let players = try #require(t0["players"] as? Set<ManagedObject>)
                let first = try #require(players.first)
                // The to-one resolved too: the team and its players point at each other.
                #expect(first["team"] as? ManagedObject === t0)
                team = t0
                player = first
            }()
            // Kept by the context: the next read finds the same instances with their
            // relationships loaded, and no query is needed to walk them again.
            #expect(team != nil && player != nil)
            #expect(try context.team(named: "T0") === team)
        }()
        #expect(gone == nil)
        #expect(team == nil && player == nil, "objects pointing at each other outlived their context")
    }

    @Test("reset() lets go of every object the context kept", arguments: StoreKind.allCases)
    func resetLetsGo(kind: StoreKind) throws {
        let stack = try Self.savedTeams(kind)
        let context = stack.newContext()
        context.retainsRegisteredObjects = true
        weak var team: ManagedObject?
        weak var player: ManagedObject?
        try {
            let t0 = try #require(try context.team(named: "T0"))
            player = (t0["players"] as? Set<ManagedObject>)?.first
            team = t0
        }()
        #expect(team != nil && player != nil)
        context.reset()
        #expect(team == nil && player == nil)
        #expect(context.registeredObjects.isEmpty)
        // The context works on as new.
        #expect(try context.all("Player", "team.name == %@", "T0").count == 2)
    }

    @Test(
        "Objects going and coming back at random keep reads, faults and saves right",
        arguments: StoreKind.allCases, [1, 2, 3] as [UInt64])
    func randomComingAndGoing(kind: StoreKind, seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let stack = try Self.savedTeams(kind, teams: 40)
        let context = stack.newContext()
        // What the store should hold: each player's number, by name.
        var expected: [String: Int64] = [:]
        for player in try context.all("Player") { expected[player.string("name")!] = player["number"] as? Int64 }
        var held: [ManagedObject] = []
        for step in 0..<300 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                // Fetch some players and keep a few of them.
                let number = Int.random(in: 1...2, using: &generator)
                let players = try context.all("Player", "number == %@", number)
                held += players.filter { _ in generator.chance(0.2) }
            case 1:
                // Let some go.
                held = held.filter { _ in generator.chance(0.5) }
            case 2:
                // Change a player reached by ID, a fault or a live object.
                let players = try context.all("Player")
                guard let id = players.randomElement(using: &generator)?.objectID else { continue }
                let player = context.object(with: id)
                let number = Int64.random(in: 1...99, using: &generator)
                try player.setValue(number, forKey: "number")
                expected[player.string("name")!] = number
            case 3:
                // Walk from teams to players and back.
                for team in try context.all("Team").prefix(Int.random(in: 1...5, using: &generator)) {
                    let players = team["players"] as? Set<ManagedObject> ?? []
                    for player in players { #expect(player["team"] as? ManagedObject === team, "step \(step)") }
                }
            case 4:
                try context.save()
            default:
                // Every object alive reads what the store should hold.
                for player in held where !player.isDeleted {
                    #expect(player["number"] as? Int64 == expected[player.string("name")!], "step \(step)")
                }
            }
            let registered = context.registeredObjects
            #expect(held.allSatisfy { registered.contains($0) }, "step \(step): a held object left the registry")
        }
        try context.save()
        for player in try stack.newContext().all("Player") {
            #expect(player["number"] as? Int64 == expected[player.string("name")!])
        }
    }
}

extension ManagedObjectContext {
    /// The team named `name`, fetched.
    fileprivate func team(named name: String) throws -> ManagedObject? {
        try all("Team", "name == %@", name).first
    }
}
