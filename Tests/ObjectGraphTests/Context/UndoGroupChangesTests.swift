import Foundation
import ObjectGraph
import TestSupport
import Testing

/// What a group of the undo history changed, net: ``UndoStack/lastGroupChanges`` and
/// ``UndoStack/lastUndoChanges``.
@Suite("Undo group changes")
struct UndoGroupChangesTests {
    @Test("A group's net changes: values before and after, inserts and deletes; to-manys and values set back left out")
    func netChanges() throws {
        let stack = try TestStack(.inMemory)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9, "team": polen])
        try context.save()
        let undo = UndoStack()
        context.undoStack = undo

        undo.beginGrouping()
        try player.setValue(10, forKey: "number")
        try player.setValue(11, forKey: "number")
        try player.setValue(russland, forKey: "team")
        try polen.setValue("Polska", forKey: "name")
        try polen.setValue("Polen", forKey: "name")
        let newcomer = try context.make("Player", ["name": "Błaszczykowski", "number": 16, "team": polen])
        undo.endGrouping()

        let changes = undo.lastGroupChanges
        #expect(changes.map(\.object) == [player, newcomer], "the teams changed only in their to-manys, or back")
        #expect(changes.map(\.kind) == [.updated, .inserted])
        let values = try #require(changes.first?.values)
        #expect(values.map(\.key) == ["number", "team"])
        #expect(values.first?.old as? Int64 == 9 && values.first?.new as? Int64 == 11)
        #expect(values.last?.old as? ManagedObject === polen && values.last?.new as? ManagedObject === russland)
        #expect(Set(changes.last?.values.map(\.key) ?? []) == ["name", "number", "team"])

        context.undo()
        let undone = undo.lastUndoChanges
        #expect(undone.map(\.kind) == [.deleted, .updated])
        #expect(undone.last?.values.first?.old as? Int64 == 11 && undone.last?.values.first?.new as? Int64 == 9)

        undo.beginGrouping()
        context.delete(russland)
        undo.endGrouping()
        #expect(undo.lastGroupChanges.map(\.kind) == [.deleted])
    }
}
