import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Two contexts of one store, one of them working from what it read before the other saved.
///
/// Its save either fits what the store holds now or fails as a conflict and writes nothing. It
/// never leaves a row pointing at a deleted row, or two one-to-one rows disagreeing.
@Suite("Stale contexts")
struct StaleContextTests {
    @Test(
        "Deleting a group that another save gave a team is a conflict, not a team pointing at nothing",
        arguments: StoreKind.allCases)
    func deleteMissesANewMember(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let group = try stack.context.make("Group", ["name": "A"])
        try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        let deleter = stack.newContext()
        let stale = try deleter.existingObject(with: group.objectID)
        #expect((stale["teams"] as? Set<ManagedObject>)?.isEmpty == true)

        let other = stack.newContext()
        try #require(try other.all("Team").first).setValue(try other.existingObject(with: group.objectID), forKey: "group")
        try other.save()

        deleter.delete(stale)
        #expect(conflictID { try deleter.save() } == group.objectID)
        #expect(try stack.newContext().all("Team", "group.name == 'A'").count == 1, "nothing was written")
    }

    @Test("A link to a player another save deleted is a conflict, not a join row to nothing", arguments: StoreKind.allCases)
    func linkToADeletedRow(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let player = try stack.context.make("Player", ["name": "Lewandowski", "number": 9])
        let sponsor = try stack.context.make("Sponsor", ["name": "Nike"])
        try stack.context.save()
        let linker = stack.newContext()
        let stalePlayer = try linker.existingObject(with: player.objectID)
        let staleSponsor = try linker.existingObject(with: sponsor.objectID)

        let other = stack.newContext()
        other.delete(try other.existingObject(with: player.objectID))
        try other.save()

        // Both were read before the delete: the link is made in memory, then refused.
        staleSponsor.addRelatedObject(stalePlayer, forKey: "players")
        #expect(conflictID { try linker.save() } == player.objectID)
        #expect(try stack.newContext().all("Sponsor", "players.@count > 0").isEmpty, "nothing was written")
    }

    @Test(
        "An object another save deleted can be neither read nor written; a lost write fails the save",
        arguments: StoreKind.allCases)
    func writeToADeletedRow(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let coach = try stack.context.make("Coach", ["name": "Smuda"])
        let team = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.save()
        let writer = stack.newContext()
        let staleCoach = writer.object(with: coach.objectID)  // a fault, not yet read
        let staleTeam = try writer.existingObject(with: team.objectID)

        let other = stack.newContext()
        other.delete(try other.existingObject(with: coach.objectID))
        try other.save()

        // The throwing setter says so at once and changes neither side.
        #expect(throws: ObjectGraphError.objectNotFound(coach.objectID.description)) {
            try staleTeam.setValue(staleCoach, forKey: "coach")
        }
        #expect(staleTeam["coach"] == nil && !writer.hasChanges)
        #expect(throws: ObjectGraphError.objectNotFound(coach.objectID.description)) {
            try staleCoach.value(forKey: "name")
        }
        // The non-throwing ones cannot: the context keeps the lost write and refuses to save.
        staleTeam.setRelatedObject(staleCoach, forKey: "coach")
        #expect(staleTeam["coach"] == nil, "neither side changed")
        #expect(conflictID { try writer.save() } == coach.objectID)
        writer.rollback()
        try writer.save()
        #expect(try stack.newContext().all("Team", "coach != nil").isEmpty)
    }

    @Test("Moving a coach away from a team read before it got that coach is a conflict", arguments: StoreKind.allCases)
    func oneToOneMovedFromAStalePartner(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let polen = try stack.context.make("Team", ["name": "Polen"])
        let greece = try stack.context.make("Team", ["name": "Griechenland"])
        let coach = try stack.context.make("Coach", ["name": "Smuda"])
        try stack.context.save()
        // Reads Polen before it gets its coach, the coach after: the two disagree.
        let mover = stack.newContext()
        let stalePolen = try mover.existingObject(with: polen.objectID)
        #expect(stalePolen["coach"] == nil)

        let other = stack.newContext()
        try other.existingObject(with: polen.objectID).setValue(try other.existingObject(with: coach.objectID), forKey: "coach")
        try other.save()

        let moved = try mover.existingObject(with: coach.objectID)
        #expect((moved["team"] as? ManagedObject) === stalePolen)
        try moved.setValue(try mover.existingObject(with: greece.objectID), forKey: "team")
        // Polen, as read, did not point at the coach: its row now does, and would keep doing so.
        #expect(conflictID { try mover.save() } == polen.objectID)
        let fresh = stack.newContext()
        #expect(try fresh.all("Team", "coach.name == 'Smuda'").map { $0.string("name") } == ["Polen"])
        #expect(try fresh.all("Coach", "team.name == 'Polen'").map { $0.string("name") } == ["Smuda"])
    }

    @Test("Deleting a coach whose team was read before it got that coach is a conflict", arguments: StoreKind.allCases)
    func oneToOneDeletedWithAStalePartner(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let polen = try stack.context.make("Team", ["name": "Polen"])
        let coach = try stack.context.make("Coach", ["name": "Smuda"])
        try stack.context.save()
        let deleter = stack.newContext()
        let stalePolen = try deleter.existingObject(with: polen.objectID)
        #expect(stalePolen["coach"] == nil)

        let other = stack.newContext()
        try other.existingObject(with: polen.objectID).setValue(try other.existingObject(with: coach.objectID), forKey: "coach")
        try other.save()

        let deleted = try deleter.existingObject(with: coach.objectID)
        #expect((deleted["team"] as? ManagedObject) === stalePolen)
        deleter.delete(deleted)
        // Polen, as read, had no coach to let go of: its row names the coach, and would go on.
        #expect(conflictID { try deleter.save() } == polen.objectID)
        #expect(try stack.newContext().all("Team", "coach.name == 'Smuda'").map { $0.string("name") } == ["Polen"])
    }
}
