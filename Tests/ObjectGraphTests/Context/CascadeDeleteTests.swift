import Foundation
import ObjectGraph
import TestSupport
import Testing

/// How a cascade finds the players it deletes.
enum MemberReading: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// With their rows: in the tournament model a player's sponsors need them.
    case rows
    /// By ID alone: in a model where a player's only relationship is its team.
    case ids

    var testDescription: String { rawValue }

    /// A stack whose model makes the cascade from `Team.players` read members this way.
    func stack(_ kind: StoreKind) throws -> TestStack {
        switch self {
        case .rows:
            return try TestStack(kind)
        case .ids:
            let model = try ManagedObjectModel(entities: [
                EntityDescription(
                    "Team", attributes: [AttributeDescription("name", .string)],
                    relationships: [
                        RelationshipDescription(
                            "players", destination: "Player", inverse: "team", toMany: true, deleteRule: .cascade)
                    ]),
                EntityDescription(
                    "Player", attributes: [AttributeDescription("name", .string), AttributeDescription("number", .integer16)],
                    relationships: [RelationshipDescription("team", destination: "Team", inverse: "players")]),
            ])
            return try TestStack(kind, model: model)
        }
    }
}

/// A save deleting an owner with a cascade deletes exactly the members this context listed, at
/// the versions it read (if it read them), whatever else changes in the same save or
/// meanwhile.
@Suite("Cascade deletes")
struct CascadeDeleteTests {
    /// A saved team "Polen" with players P1…P`count`, and a team "Russland" with one player R1.
    private func seed(_ stack: TestStack, players count: Int = 3) throws -> (team: ManagedObjectID, other: ManagedObjectID) {
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        for number in 1...count { try context.make("Player", ["name": "P\(number)", "number": number, "team": polen]) }
        try context.make("Player", ["name": "R1", "number": 1, "team": russland])
        try context.save()
        return (polen.objectID, russland.objectID)
    }

    private func names(_ stack: TestStack, _ format: String? = nil, _ arguments: Any?...) throws -> [String] {
        var request = FetchRequest<ManagedObject>(entityName: "Player")
        if let format { request.predicate = try FetchPredicate(format: format, argumentArray: arguments) }
        request.sortOrderings = [FetchOrdering(parsing: "name")]
        return try stack.newContext().fetch(request).compactMap { $0.string("name") }
    }

    /// Sets P2's number in another context and saves it.
    private func renumberP2(_ stack: TestStack) throws -> ManagedObjectID {
        let writer = stack.newContext()
        let p2 = try #require(try writer.all("Player", "name == 'P2'").first)
        try p2.setValue(22, forKey: "number")
        try writer.save()
        return p2.objectID
    }

    @Test("Deleting teams deletes all their players and nothing else", arguments: StoreKind.allCases, MemberReading.allCases)
    func deletesMembers(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack, players: 30)
        let context = stack.newContext()
        context.delete(try context.existingObject(with: polen))
        #expect(context.deletedObjects.count == 31)
        #expect(context.deletedObjects.filter(\.isFault).count == (reading == .ids ? 30 : 0), "members listed by ID stay unread")
        try context.save()
        #expect(try names(stack) == ["R1"])
        #expect(try stack.newContext().all("Team").compactMap { $0.string("name") } == ["Russland"])
    }

    @Test(
        "Players saved at different versions are deleted with their team", arguments: StoreKind.allCases, MemberReading.allCases)
    func membersAtDifferentVersions(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        _ = try renumberP2(stack)

        let context = stack.newContext()
        context.delete(try context.existingObject(with: polen))
        try context.save()
        #expect(try names(stack) == ["R1"])
    }

    @Test(
        "A player another writer added to the team meanwhile makes the save a conflict", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func memberAddedMeanwhile(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = stack.newContext()
        let newcomer = try writer.make("Player", ["name": "P4", "number": 4, "team": try writer.existingObject(with: polen)])
        try writer.save()

        #expect(conflictID { try deleter.save() } == newcomer.objectID)
        #expect(try names(stack) == ["P1", "P2", "P3", "P4", "R1"], "all or nothing")
        #expect(deleter.hasChanges, "the failed save keeps its changes")

        deleter.rollback()
        deleter.delete(try deleter.existingObject(with: polen))
        try deleter.save()
        #expect(try names(stack) == ["R1"], "a fresh delete takes the newcomer too")
    }

    @Test(
        "A player added meanwhile is a conflict also when the team's players were read at different versions",
        arguments: StoreKind.allCases, MemberReading.allCases)
    func memberAddedMeanwhileAmongVersions(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        _ = try renumberP2(stack)
        let deleter = stack.newContext()
        // P2 read at version 2, the others at version 1 (or not at all).
        #expect(try deleter.all("Player", "number == 22").first?.string("name") == "P2")
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = stack.newContext()
        let newcomer = try writer.make("Player", ["name": "P4", "number": 4, "team": try writer.existingObject(with: polen)])
        try writer.save()

        #expect(conflictID { try deleter.save() } == newcomer.objectID)
        #expect(try names(stack) == ["P1", "P2", "P3", "P4", "R1"])
    }

    @Test(
        "A player another writer changed after this context read it makes the save a conflict on that player",
        arguments: StoreKind.allCases, MemberReading.allCases)
    func readMemberChangedMeanwhile(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        let deleter = stack.newContext()
        let team = try deleter.existingObject(with: polen)
        // Reading the players reads their rows, at their versions.
        let players = team["players"] as? Set<ManagedObject> ?? []
        #expect(players.compactMap { $0.string("name") }.sorted() == ["P1", "P2", "P3"])
        deleter.delete(team)

        let p2 = try renumberP2(stack)
        #expect(conflictID { try deleter.save() } == p2)
        #expect(try names(stack) == ["P1", "P2", "P3", "R1"])
    }

    @Test(
        "A player read after its team's delete is checked at the version read then", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func memberReadAfterTheDelete(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        let deleter = stack.newContext()
        let team = try deleter.existingObject(with: polen)
        deleter.delete(team)
        let p2 = try #require(deleter.deletedObjects.first { $0.string("name") == "P2" })
        #expect(!p2.isFault && p2.isDeleted, "a deleted player stays readable until the save")

        _ = try renumberP2(stack)
        #expect(conflictID { try deleter.save() } == p2.objectID)
    }

    @Test("A player changed meanwhile that this context never read is deleted with its team", arguments: StoreKind.allCases)
    func unreadMemberChangedMeanwhile(kind: StoreKind) throws {
        let stack = try MemberReading.ids.stack(kind)
        let (polen, _) = try seed(stack)
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))
        #expect(deleter.deletedObjects.filter(\.isFault).count == 3)

        _ = try renumberP2(stack)
        try deleter.save()
        #expect(try names(stack) == ["R1"], "the change does not bear on the deletion: only the team's membership does")
    }

    @Test(
        "A player another writer deleted meanwhile makes the save a conflict on that player", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func memberDeletedMeanwhile(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = stack.newContext()
        let p3 = try #require(try writer.all("Player", "name == 'P3'").first)
        writer.delete(p3)
        try writer.save()

        #expect(conflictID { try deleter.save() } == p3.objectID)
        #expect(try names(stack) == ["P1", "P2", "R1"])
    }

    @Test(
        "A player another writer moved away meanwhile makes the save a conflict on that player", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func memberMovedAwayMeanwhile(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, russland) = try seed(stack)
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = stack.newContext()
        let p1 = try #require(try writer.all("Player", "name == 'P1'").first)
        try p1.setValue(try writer.existingObject(with: russland), forKey: "team")
        try writer.save()

        #expect(conflictID { try deleter.save() } == p1.objectID)
        #expect(try names(stack, "team.name == 'Polen'") == ["P2", "P3"])
    }

    @Test(
        "Players moved out of or into a deleted team in the same save go where they were moved", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func membersMovedInTheSameSave(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, russland) = try seed(stack)
        let context = stack.newContext()
        let team = try context.existingObject(with: polen)
        let other = try context.existingObject(with: russland)
        let p1 = try #require(try context.all("Player", "name == 'P1'").first)
        let r1 = try #require(try context.all("Player", "name == 'R1'").first)
        try p1.setValue(other, forKey: "team")
        try r1.setValue(team, forKey: "team")
        context.delete(team)
        try context.save()
        #expect(try names(stack) == ["P1"])
        #expect(try names(stack, "team.name == 'Russland'") == ["P1"])
    }

    @Test(
        "A player given another team after its team's delete is deleted all the same", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func deletedMemberMovedAfterTheDelete(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, russland) = try seed(stack)
        let context = stack.newContext()
        context.delete(try context.existingObject(with: polen))
        let p1 = try #require(context.deletedObjects.first { $0.string("name") == "P1" })
        try p1.setValue(try context.existingObject(with: russland), forKey: "team")
        #expect(p1.isDeleted)
        try context.save()
        #expect(try names(stack) == ["R1"])
    }

    @Test(
        "Rolling back a cascade brings the players back, and deleting again deletes them", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func rollbackAndDeleteAgain(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        let context = stack.newContext()
        context.delete(try context.existingObject(with: polen))
        context.rollback()
        #expect(!context.hasChanges)
        try context.save()
        #expect(try names(stack) == ["P1", "P2", "P3", "R1"])

        context.delete(try context.existingObject(with: polen))
        #expect(context.deletedObjects.count == 4)
        try context.save()
        #expect(try names(stack) == ["R1"])
    }

    @Test(
        "Undoing a cascade brings the players back; redoing deletes them", arguments: StoreKind.allCases, MemberReading.allCases)
    func undoAndRedo(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        let context = stack.newContext()
        context.undoStack = UndoStack()
        context.delete(try context.existingObject(with: polen))
        context.undo()
        #expect(!context.hasChanges)
        context.redo()
        #expect(context.deletedObjects.count == 4)
        try context.save()
        #expect(try names(stack) == ["R1"])
    }

    @Test(
        "Refreshing a deleted team keeps it, and still deletes the players its delete took", arguments: StoreKind.allCases,
        MemberReading.allCases)
    func ownerRefreshedAfterTheDelete(kind: StoreKind, reading: MemberReading) throws {
        let stack = try reading.stack(kind)
        let (polen, _) = try seed(stack)
        let context = stack.newContext()
        let team = try context.existingObject(with: polen)
        context.delete(team)
        context.refresh(team)
        #expect(context.deletedObjects.count == 3)
        try context.save()
        #expect(try names(stack) == ["R1"])
        #expect(try stack.newContext().all("Team").count == 2)
    }

    @Test(
        "A new team deleted with a saved player in it stays forgotten while its cascade detaches the player",
        arguments: StoreKind.allCases)
    func newOwnerDeletedWithASavedMember(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let group = try context.make("Group", ["name": "A"])
        let polen = try context.make("Team", ["name": "Polen", "group": group])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9, "team": polen])
        try context.save()

        let newcomer = try context.make("Team", ["name": "Ukraine", "group": group])
        try player.setValue(newcomer, forKey: "team")
        context.delete(newcomer)
        // The player's delete detaches it from the new team: that must not make the team,
        // which the store never had, an updated object.
        #expect(!newcomer.isInserted && !newcomer.isUpdated && !newcomer.isDeleted)
        #expect(context.insertedObjects.isEmpty)
        #expect(context.updatedObjects.compactMap { $0.string("name") }.sorted() == ["A", "Polen"])
        #expect(context.deletedObjects == [player])
        try context.save()

        let other = stack.newContext()
        #expect(try other.all("Player").isEmpty)
        #expect(try other.all("Team").map { $0.string("name") } == ["Polen"])
        #expect(try other.all("Group").map { (($0["teams"] as? Set<ManagedObject>) ?? []).count } == [1])
    }

    @Test("A row two deleted owners cascade to is deleted once", arguments: StoreKind.allCases)
    func twoOwners(kind: StoreKind) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Team", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription(
                        "home", destination: "Match", inverse: "homeTeam", toMany: true, deleteRule: .cascade),
                    RelationshipDescription(
                        "away", destination: "Match", inverse: "awayTeam", toMany: true, deleteRule: .cascade),
                ]),
            EntityDescription(
                "Match", attributes: [AttributeDescription("venue", .string)],
                relationships: [
                    RelationshipDescription("homeTeam", destination: "Team", inverse: "home"),
                    RelationshipDescription("awayTeam", destination: "Team", inverse: "away"),
                ]),
        ])
        let stack = try TestStack(kind, model: model)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let greece = try context.make("Team", ["name": "Griechenland"])
        let russia = try context.make("Team", ["name": "Russland"])
        // Danzig comes first in key order and belongs to Griechenland only; Warschau belongs to
        // both deleted teams, so deleting Griechenland's away matches by key would take it too.
        try context.make("Match", ["venue": "Danzig", "homeTeam": russia, "awayTeam": greece])
        try context.make("Match", ["venue": "Warschau", "homeTeam": polen, "awayTeam": greece])
        try context.make("Match", ["venue": "Breslau", "homeTeam": greece, "awayTeam": polen])
        try context.make("Match", ["venue": "Posen", "homeTeam": russia, "awayTeam": russia])
        try context.save()

        let deleter = stack.newContext()
        for name in ["Polen", "Griechenland"] {
            deleter.delete(try #require(try deleter.all("Team", "name == %@", name).first))
        }
        #expect(deleter.deletedObjects.count == 5)
        try deleter.save()
        #expect(try stack.newContext().all("Match").compactMap { $0["venue"] as? String } == ["Posen"])
    }
}
