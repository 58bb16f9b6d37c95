import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Random edits through a context's whole life.
///
/// What a save writes is what a fresh context reads back, a failed save writes nothing, and
/// rollback, undo and redo restore the graph exactly. Every choice comes from a
/// ``SeededGenerator``, so a failing seed replays.
@Suite("Graph lifecycle")
struct GraphLifecycleTests {
    static let seeds: [UInt64] = Array(1...12)
    /// Rounds of edits per seed, and edits per round.
    static let rounds = 15
    static let editsPerRound = 8

    /// A random graph in `stack`'s context, saved.
    static func savedGraph(in stack: TestStack, using g: inout SeededGenerator) throws -> RandomGraph {
        let graph = try RandomGraph(in: stack.context, size: RandomGraph.Size(players: 16, samples: 8), using: &g)
        try stack.context.save()
        return graph
    }

    @Test("A save writes exactly the context's graph; a failed save writes nothing", arguments: StoreKind.allCases, seeds)
    func savedGraphReadsBackTheSame(kind: StoreKind, seed: UInt64) throws {
        let stack = try TestStack(kind)
        var g = SeededGenerator(seed: seed)
        var graph = try Self.savedGraph(in: stack, using: &g)
        var saved = try GraphDump(graph)
        expectSame(try GraphDump(graph.rebased(into: stack.newContext())), saved, "the first save")

        for round in 0..<Self.rounds {
            try graph.applyRandomEdits(Self.editsPerRound, kinds: RandomGraph.Edit.allCases, using: &g)
            let edited = try GraphDump(graph)
            do {
                try stack.context.save()
                saved = edited
                expectSame(try GraphDump(graph), edited, "round \(round): the save changed the context's graph")
            } catch is ValidationErrors {
                // A delete denied, say: the store keeps its last saved graph.
                expectSame(try GraphDump(graph), edited, "round \(round): the failed save changed the context's graph")
                stack.context.rollback()
                expectSame(try GraphDump(graph), saved, "round \(round): rollback did not restore the saved graph")
            }
            expectSame(try GraphDump(graph.rebased(into: stack.newContext())), saved, "round \(round): read back")
        }
    }

    @Test("Rollback, undo and redo restore the graph exactly", arguments: StoreKind.allCases, seeds)
    func rollbackUndoAndRedoRestoreTheGraph(kind: StoreKind, seed: UInt64) throws {
        let stack = try TestStack(kind)
        var g = SeededGenerator(seed: seed)
        var graph = try Self.savedGraph(in: stack, using: &g)
        let context = stack.context
        let undo = UndoStack()
        context.undoStack = undo

        for round in 0..<Self.rounds {
            let before = try GraphDump(graph)
            try graph.applyRandomEdits(Self.editsPerRound, kinds: RandomGraph.Edit.allCases, using: &g)
            let edited = try GraphDump(graph)
            let message = "round \(round)"
            if g.chance(0.25) {
                context.rollback()
                expectSame(try GraphDump(graph), before, "\(message): rollback")
                undo.removeAllActions()
                continue
            }
            undo.beginGrouping()
            try graph.applyRandomEdits(Self.editsPerRound, kinds: RandomGraph.Edit.allCases, using: &g)
            undo.endGrouping()
            let grouped = try GraphDump(graph)
            context.undo()
            expectSame(try GraphDump(graph), edited, "\(message): undo")
            context.redo()
            expectSame(try GraphDump(graph), grouped, "\(message): redo")
            if g.chance(0.5) {
                context.undo()
                expectSame(try GraphDump(graph), edited, "\(message): second undo")
            }
            let current = try GraphDump(graph)
            do {
                try context.save()
                expectSame(try GraphDump(graph.rebased(into: stack.newContext())), current, "\(message): save after undo")
            } catch is ValidationErrors {
                context.rollback()
            }
            undo.removeAllActions()
        }
    }
}

extension GraphLifecycleTests {
    @Test("Undo and redo walk back and forth through several groups, then save", arguments: StoreKind.allCases, seeds)
    func undoAndRedoSeveralGroups(kind: StoreKind, seed: UInt64) throws {
        let stack = try TestStack(kind)
        var g = SeededGenerator(seed: seed)
        var graph = try Self.savedGraph(in: stack, using: &g)
        let context = stack.context
        let undo = UndoStack()
        context.undoStack = undo

        for round in 0..<(Self.rounds / 3) {
            // States after each group, the saved one first.
            var states = [try GraphDump(graph)]
            for _ in 0..<(1 + Int(g.next() % 5)) {
                undo.beginGrouping()
                try graph.applyRandomEdits(
                    1 + Int(g.next() % UInt64(Self.editsPerRound)), kinds: RandomGraph.Edit.allCases, using: &g)
                if undo.endGrouping() { states.append(try GraphDump(graph)) }
            }
            for step in stride(from: states.count - 2, through: 0, by: -1) {
                context.undo()
                expectSame(try GraphDump(graph), states[step], "round \(round): undo to state \(step)")
            }
            #expect(!undo.canUndo && !context.hasChanges, "round \(round): everything undone")
            let redone = Int(g.next() % UInt64(states.count))
            for step in 0..<redone {
                context.redo()
                expectSame(try GraphDump(graph), states[step + 1], "round \(round): redo to state \(step + 1)")
            }
            do {
                try context.save()
                expectSame(
                    try GraphDump(graph.rebased(into: stack.newContext())), states[redone], "round \(round): saved")
            } catch is ValidationErrors {
                context.rollback()
                expectSame(try GraphDump(graph), states[0], "round \(round): rolled back")
            }
            undo.removeAllActions()
        }
    }

    @Test(
        "Two contexts editing different entities of one store both save, and neither loses the other's changes",
        arguments: StoreKind.allCases, seeds)
    func twoContextsKeepEachOthersChanges(kind: StoreKind, seed: UInt64) throws {
        let stack = try TestStack(kind)
        var g = SeededGenerator(seed: seed)
        // The first context edits the tournament, the second the samples: no row is shared.
        let tournamentEntities = RandomGraph.editableEntities.filter { $0 != "Sample" }
        var tournament = try RandomGraph(
            in: stack.context, size: RandomGraph.Size(players: 16, samples: 0), using: &g)
        var samples = try RandomGraph(
            in: stack.newContext(),
            size: RandomGraph.Size(groups: 0, sponsors: 0, teams: 0, coaches: 0, players: 0, matches: 0, samples: 8),
            using: &g)
        try tournament.context.save()
        try samples.context.save()
        var savedTournament = try GraphDump(tournament, entities: tournamentEntities)
        var savedSamples = try GraphDump(samples, entities: ["Sample"])

        for round in 0..<Self.rounds {
            try tournament.applyRandomEdits(
                Self.editsPerRound, kinds: RandomGraph.Edit.allCases, entities: tournamentEntities, using: &g)
            try samples.applyRandomEdits(Self.editsPerRound, kinds: RandomGraph.Edit.allCases, entities: ["Sample"], using: &g)
            // Saves in either order, each one while the other context has unsaved changes.
            let graphs = g.chance(0.5) ? [tournament, samples] : [samples, tournament]
            for graph in graphs {
                let entities = graph.context === tournament.context ? tournamentEntities : ["Sample"]
                let edited = try GraphDump(graph, entities: entities)
                do {
                    try graph.context.save()
                    if entities == ["Sample"] { savedSamples = edited } else { savedTournament = edited }
                } catch is ValidationErrors {
                    graph.context.rollback()
                }
            }
            let fresh = stack.newContext()
            expectSame(
                try GraphDump(tournament.rebased(into: fresh), entities: tournamentEntities), savedTournament,
                "round \(round): the tournament read back")
            expectSame(
                try GraphDump(samples.rebased(into: fresh), entities: ["Sample"]), savedSamples,
                "round \(round): the samples read back")
        }
    }
}

/// Records an issue naming the lines that differ, when `actual` is not `expected`.
func expectSame(
    _ actual: GraphDump, _ expected: GraphDump, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    Issue.record("\(what):\n\(actual.difference(from: expected))", sourceLocation: sourceLocation)
}

/// A random graph as its context sees it, as text.
///
/// One line per object with its entity, its place in creation order, its stored attribute
/// values and its relationships (destinations by place, to-many sorted); lines sorted. Names by
/// creation order stay the same when a save makes IDs permanent and in another context of the
/// same store.
struct GraphDump: Equatable, CustomStringConvertible {
    let lines: [String]

    /// The graph `graph`'s context sees: saved objects with its unsaved changes; only the
    /// objects of `entities` when given.
    init(_ graph: RandomGraph, entities: [String]? = nil) throws {
        let context = graph.context
        let places = Dictionary(
            graph.created.enumerated().map { (ObjectIdentifier($0.element), $0.offset) }, uniquingKeysWith: { first, _ in first })
        func name(_ object: ManagedObject) -> String {
            places[ObjectIdentifier(object)].map { "#\($0)" } ?? "unknown \(object.objectID)"
        }
        var lines: [String] = []
        for entity in context.model.entities where !entity.isAbstract && entities?.contains(entity.name) != false {
            var request = FetchRequest<ManagedObject>(entityName: entity.name)
            request.includesSubentities = false
            for object in try context.fetch(request) {
                var fields = ["\(entity.name) \(name(object))"]
                for attribute in entity.attributes where !attribute.isTransient {
                    var value = try object.value(forKey: attribute.name)
                    // SQLite stores NaN as NULL; the in-memory store keeps it.
                    if let double = value as? Double, double.isNaN { value = nil }
                    fields.append("\(attribute.name)=\(String(describing: value))")
                }
                for relationship in entity.relationships {
                    let related = try object.value(forKey: relationship.name)
                    if relationship.isToMany {
                        let names = (related as? Set<ManagedObject> ?? []).map(name).sorted()
                        fields.append("\(relationship.name)=[\(names.joined(separator: ","))]")
                    } else {
                        fields.append("\(relationship.name)=\((related as? ManagedObject).map(name) ?? "nil")")
                    }
                }
                lines.append(fields.joined(separator: " "))
            }
        }
        self.lines = lines.sorted()
    }

    var description: String { lines.joined(separator: "\n") }

    /// The lines only one side has, for a failure message.
    func difference(from other: GraphDump) -> String {
        let mine = Set(lines)
        let theirs = Set(other.lines)
        let only = mine.subtracting(theirs).sorted().prefix(4).map { "  actual:   \($0)" }
        let missing = theirs.subtracting(mine).sorted().prefix(4).map { "  expected: \($0)" }
        return (only + missing).joined(separator: "\n")
    }
}

// MARK: - Two contexts, one graph

extension GraphLifecycleTests {
    @Test(
        "Two contexts editing the same graph: a save that succeeds wrote exactly its changes, one that fails wrote nothing",
        arguments: StoreKind.allCases, seeds)
    func competingContexts(kind: StoreKind, seed: UInt64) throws {
        let stack = try TestStack(kind)
        var g = SeededGenerator(seed: seed)
        var first = try Self.savedGraph(in: stack, using: &g)
        // On SQLite, the second context has a coordinator and connection of its own, as
        // another process would, for odd seeds.
        var second = first.rebased(into: seed % 2 == 1 ? try stack.separateContext() : stack.newContext())

        for round in 0..<Self.rounds {
            let editsFirst = Int(g.next() % UInt64(Self.editsPerRound + 1))
            let editsSecond = Int(g.next() % UInt64(Self.editsPerRound + 1))
            try first.applyRandomEdits(editsFirst, kinds: RandomGraph.Edit.allCases, using: &g)
            try second.applyRandomEdits(editsSecond, kinds: RandomGraph.Edit.allCases, using: &g)
            for context in g.chance(0.5) ? [first.context, second.context] : [second.context, first.context] {
                let message = "round \(round), \(context === first.context ? "first" : "second") context"
                let before = try StoreDump(stack.newContext())
                // What this save changes: all of a new object, the changed fields of the others.
                let changed =
                    context.insertedObjects.map { ($0, nil as Set<String>?) }
                    + context.updatedObjects.map { ($0, Set($0.changedValues().keys)) }
                let deleted = context.deletedObjects.map(\.objectID)
                do {
                    try context.save()
                } catch is ValidationErrors {
                    context.rollback()
                    expectSame(try StoreDump(stack.newContext()), before, "\(message): a refused save wrote")
                    continue
                } catch StoreError.conflict {
                    context.rollback()
                    expectSame(try StoreDump(stack.newContext()), before, "\(message): a conflicting save wrote")
                    continue
                }
                let after = try StoreDump(stack.newContext())
                // Fields this save did not change may have changed in the store meanwhile.
                for (object, fields) in changed where object.managedObjectContext != nil {
                    let name = StoreDump.name(object)
                    let expected = StoreDump.row(object).filter { fields?.contains($0.key) ?? true }
                    let stored = after.rows[name]?.filter { fields?.contains($0.key) ?? true }
                    if stored != expected {
                        Issue.record("\(message): \(name) saved as \(stored ?? [:]), not \(expected)")
                    }
                }
                for id in deleted where after.rows[id.uriRepresentation.absoluteString] != nil {
                    Issue.record("\(message): \(id) was deleted but is still stored")
                }
                for problem in after.inconsistencies { Issue.record("\(message): \(problem)") }
            }
        }
    }
}

/// What a fresh context reads from a store: each object's attributes and to-ones by URI, and
/// every link whose two sides disagree or whose destination has no row.
struct StoreDump: Equatable {
    /// Each object's attribute values and to-one destinations, by URI and name.
    let rows: [String: [String: String]]
    /// Links whose sides disagree, or that lead to no object.
    let inconsistencies: [String]

    init(_ context: ManagedObjectContext) throws {
        var rows: [String: [String: String]] = [:]
        var inconsistencies: [String] = []
        for entity in context.model.entities where !entity.isAbstract {
            var request = FetchRequest<ManagedObject>(entityName: entity.name)
            request.includesSubentities = false
            for object in try context.fetch(request) {
                rows[Self.name(object)] = Self.row(object)
                for relationship in entity.relationships {
                    let related = (try? object.value(forKey: relationship.name)) ?? nil
                    let destinations =
                        relationship.isToMany
                        ? Array(related as? Set<ManagedObject> ?? []) : [related as? ManagedObject].compactMap { $0 }
                    for destination in destinations {
                        let link = "\(Self.name(object)).\(relationship.name) → \(Self.name(destination))"
                        guard (try? context.existingObject(with: destination.objectID)) != nil else {
                            inconsistencies.append("\(link) leads to no object")
                            continue
                        }
                        guard let inverse = relationship.inverseRelationship else { continue }
                        let back = (try? destination.value(forKey: inverse.name)) ?? nil
                        let agrees =
                            inverse.isToMany
                            ? (back as? Set<ManagedObject>)?.contains(object) == true : (back as? ManagedObject) === object
                        if !agrees { inconsistencies.append("\(link), whose \(inverse.name) disagrees") }
                    }
                }
            }
        }
        self.rows = rows
        self.inconsistencies = inconsistencies.sorted()
    }

    static func name(_ object: ManagedObject) -> String { object.objectID.uriRepresentation.absoluteString }

    /// An object's stored attributes and to-one destinations, as text, by name.
    static func row(_ object: ManagedObject) -> [String: String] {
        var fields: [String: String] = [:]
        for attribute in object.entity.attributes where !attribute.isTransient {
            var value = (try? object.value(forKey: attribute.name)) ?? nil
            if let double = value as? Double, double.isNaN { value = nil }
            fields[attribute.name] = String(describing: value)
        }
        for relationship in object.entity.relationships where !relationship.isToMany {
            let destination = ((try? object.value(forKey: relationship.name)) ?? nil) as? ManagedObject
            fields[relationship.name] = destination.map(name) ?? "nil"
        }
        return fields
    }
}

/// Records an issue naming what differs, when `actual` is not `expected`.
func expectSame(
    _ actual: StoreDump, _ expected: StoreDump, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let changed = Set(actual.rows.keys).union(expected.rows.keys).filter { actual.rows[$0] != expected.rows[$0] }
    let shown = changed.sorted().prefix(3).map {
        "\($0): \(expected.rows[$0].map { "\($0)" } ?? "none") → \(actual.rows[$0].map { "\($0)" } ?? "none")"
    }
    Issue.record("\(what):\n\(shown.joined(separator: "\n"))", sourceLocation: sourceLocation)
}
