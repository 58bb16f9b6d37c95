import Foundation
import ObjectGraph
import TestSupport
import Testing

/// The undo stack restores the graph exactly, group by group.
@Suite("Undo")
struct UndoTests {
    private func names(_ objects: Any?) -> Set<String> {
        Set((objects as? Set<ManagedObject> ?? []).compactMap { $0.string("name") })
    }

    @Test("Undo and redo attribute changes, inserts, deletes and both sides of relationships", arguments: StoreKind.allCases)
    func undoRedo(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9, "team": polen])
        try context.save()

        let undo = UndoStack()
        context.undoStack = undo

        undo.beginGrouping()
        try player.setValue(10, forKey: "number")
        try player.setValue(russland, forKey: "team")
        undo.endGrouping()

        undo.beginGrouping()
        let newcomer = try context.make("Player", ["name": "Błaszczykowski", "number": 16, "team": polen])
        undo.endGrouping()

        undo.beginGrouping()
        context.delete(russland)
        undo.endGrouping()
        #expect(player.isDeleted, "cascade")

        context.undo()
        #expect(!russland.isDeleted && !player.isDeleted)
        #expect(names(russland["players"]) == ["Lewandowski"])
        context.undo()
        #expect(!newcomer.isInserted)
        #expect(names(polen["players"]).isEmpty)
        context.undo()
        #expect(player["number"] as? Int64 == 9)
        #expect(player["team"] as? ManagedObject === polen)
        #expect(names(polen["players"]) == ["Lewandowski"])
        #expect(names(russland["players"]).isEmpty)
        #expect(!context.hasChanges)
        #expect(!undo.canUndo && undo.canRedo)

        context.redo()
        context.redo()
        #expect(player["team"] as? ManagedObject === russland)
        #expect(newcomer.isInserted)
        #expect(names(polen["players"]) == ["Błaszczykowski"])
        try context.save()
        #expect(!undo.canUndo && !undo.canRedo, "a save clears the history")

        let other = stack.newContext()
        #expect(try other.all("Player", "team.name == 'Russland'").map { $0["number"] as? Int64 } == [10])
        #expect(try other.all("Player", "team.name == 'Polen'").map { $0.string("name") } == ["Błaszczykowski"])
    }

    @Test(
        "Undo and redo of deleting a new team that a saved player just joined keep both sides of every link",
        arguments: StoreKind.allCases)
    func newOwnerDeletedAndRedone(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let group = try context.make("Group", ["name": "A"])
        let polen = try context.make("Team", ["name": "Polen", "group": group])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9, "team": polen])
        try context.save()
        let undo = UndoStack()
        context.undoStack = undo
        let newcomer = try context.make("Team", ["name": "Ukraine", "group": group])

        undo.beginGrouping()
        try player.setValue(newcomer, forKey: "team")
        context.delete(newcomer)
        undo.endGrouping()
        context.undo()
        #expect(newcomer.isInserted && !player.isDeleted)
        #expect(player["team"] as? ManagedObject === polen)
        #expect(names(group["teams"]) == ["Polen", "Ukraine"])
        context.redo()
        #expect(!newcomer.isInserted && !newcomer.isUpdated && player.isDeleted)
        #expect(names(group["teams"]) == ["Polen"])
        #expect(context.updatedObjects.compactMap { $0.string("name") }.sorted() == ["A", "Polen"])
        try context.save()
        #expect(try stack.newContext().all("Team").map { $0.string("name") } == ["Polen"])
    }

    @Test("An empty group leaves no step; a discarded group cannot be redone")
    func emptyAndDiscardedGroups() throws {
        let stack = try TestStack(.inMemory)
        let context = stack.context
        let undo = UndoStack()
        context.undoStack = undo
        undo.beginGrouping()
        let team = try context.make("Team", ["name": "Polen"])
        #expect(undo.endGrouping())
        undo.beginGrouping()
        #expect(!undo.endGrouping(), "nothing recorded")
        undo.beginGrouping()
        try team.setValue("Poland", forKey: "name")
        #expect(undo.endGrouping())
        context.undoDiscardingRedo()
        #expect(team.string("name") == "Polen")
        #expect(!undo.canRedo)
        context.undo()
        #expect(!team.isInserted, "the empty group did not hide the insert")
        #expect(undo.canRedo)
    }

    @Test("Without an undo stack nothing is recorded")
    func disabledByDefault() throws {
        let stack = try TestStack(.inMemory)
        #expect(stack.context.undoStack == nil)
        try stack.context.make("Team", ["name": "Polen"])
        stack.context.undo()
        #expect(stack.context.insertedObjects.count == 1)
    }
}
