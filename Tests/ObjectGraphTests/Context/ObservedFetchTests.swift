import Foundation
import ObjectGraph
import Testing

/// Observed fetches: results that follow the context's changes, reported with positions as a
/// fetched-results controller reports them, without going back to the store for a change the
/// changed objects themselves settle.
@Suite("Observed fetches")
struct ObservedFetchTests {
    typealias Fetch = ObservedFetch<ManagedObject>

    /// Teams rated 50 or more, by name.
    private func ratedTeams(_ context: ManagedObjectContext, sectionKeyPath: String? = nil) throws -> Fetch {
        let request = FetchRequest<ManagedObject>(
            entityName: "Team", predicate: try FetchPredicate(format: "rating >= 50"), sortOrderings: [FetchOrdering("name")])
        let fetch = try Fetch(request, in: context, sectionKeyPath: sectionKeyPath)
        try fetch.performFetch()
        return fetch
    }

    /// Albanien 60, Belgien 70, Chile 40, Dänemark 80 (Albanien and Belgien in group A, the
    /// others in B), saved.
    private func seed(_ stack: TestStack) throws {
        let context = stack.newContext()
        let groupA = try context.make("Group", ["name": "A"])
        let groupB = try context.make("Group", ["name": "B"])
        for (name, rating, group) in [
            ("Albanien", 60.0, groupA), ("Belgien", 70, groupA), ("Chile", 40, groupB), ("Dänemark", 80, groupB),
        ] {
            try context.make("Team", ["name": name, "rating": rating, "group": group])
        }
        try context.save()
    }

    /// The changes as text: `insert Estland 0.3`, `move Zypern 0.0>0.3`, `section+ 1`.
    private func words(_ changes: [Fetch.Change]) -> [String] {
        func at(_ position: Fetch.Position) -> String { "\(position.section).\(position.item)" }
        return changes.map { change in
            switch change {
            case .insertSection(let index): "section+ \(index)"
            case .deleteSection(let index): "section- \(index)"
            case .insert(let object, let position): "insert \(object.string("name") ?? "?") \(at(position))"
            case .delete(let object, let position): "delete \(object.string("name") ?? "?") \(at(position))"
            case .move(let object, let from, let to): "move \(object.string("name") ?? "?") \(at(from))>\(at(to))"
            case .update(let object, let position): "update \(object.string("name") ?? "?") \(at(position))"
            }
        }
    }

    @Test(
        "Inserts, deletes, moves and updates, each at its position, worked out without the store", arguments: StoreKind.allCases)
    func changesInMemory(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        try seed(stack)
        let context = stack.newContext()
        let fetch = try ratedTeams(context)
        #expect(fetch.fetchedObjects.map { $0.string("name") } == ["Albanien", "Belgien", "Dänemark"])
        var reported: [[String]] = []
        fetch.onChange = { reported.append(words($0)) }
        func team(_ name: String) throws -> ManagedObject { try #require(try context.all("Team", "name == %@", name).first) }
        try context.make("Team", ["name": "Estland", "rating": 55.0])
        context.processPendingChanges()
        try team("Chile").setValue(90.0, forKey: "rating")
        context.processPendingChanges()
        try team("Albanien").setValue(10.0, forKey: "rating")
        context.processPendingChanges()
        try team("Belgien").setValue("Zypern", forKey: "name")
        context.processPendingChanges()
        try team("Dänemark").setValue(81.0, forKey: "rating")
        context.processPendingChanges()
        context.delete(try team("Estland"))
        context.processPendingChanges()
        #expect(
            reported == [
                ["insert Estland 0.3"], ["insert Chile 0.2"], ["delete Albanien 0.0"], ["move Zypern 0.0>0.3"],
                ["update Dänemark 0.1"], ["delete Estland 0.2"],
            ])
        #expect(fetch.fetchedObjects.map { $0.string("name") } == ["Chile", "Dänemark", "Zypern"])
        // A change to another entity, or one that leaves the results alike, reports nothing.
        try context.make("Group", ["name": "C"])
        try team("Albanien").setValue(20.0, forKey: "rating")
        context.processPendingChanges()
        #expect(reported.count == 6)
        #expect(fetch.fetchCount == 1, "no change went back to the store")
        // Saving changes nothing in the results.
        try context.save()
        #expect(reported.count == 6)
        #expect(fetch.fetchedObjects.map { $0.string("name") } == ["Chile", "Dänemark", "Zypern"])
    }

    @Test("Sections by a key through a to-one: sections appear and go", arguments: StoreKind.allCases)
    func sections(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        try seed(stack)
        let context = stack.newContext()
        let fetch = try ratedTeams(context, sectionKeyPath: "group.name")
        #expect(fetch.sections.map(\.name) == ["A", "B"])
        #expect(fetch.sections.map { $0.objects.map { $0.string("name") } } == [["Albanien", "Belgien"], ["Dänemark"]])
        var reported: [[String]] = []
        fetch.onChange = { reported.append(words($0)) }
        let groupC = try context.make("Group", ["name": "C"])
        try context.make("Team", ["name": "Estland", "rating": 55.0, "group": groupC])
        context.processPendingChanges()
        let denmark = try #require(try context.all("Team", "name == 'Dänemark'").first)
        context.delete(denmark)
        context.processPendingChanges()
        #expect(reported == [["section+ 2", "insert Estland 2.0"], ["section- 1", "delete Dänemark 1.0"]])
        #expect(fetch.sections.map(\.name) == ["A", "C"])
        #expect(fetch.object(at: .init(section: 1, item: 0)).string("name") == "Estland")
    }

    @Test("Another context's save, merged, reaches the results", arguments: StoreKind.allCases)
    func merged(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        try seed(stack)
        let context = stack.newContext()
        context.automaticallyMergesChangesFromParent = true
        let fetch = try ratedTeams(context)
        var reported: [[String]] = []
        fetch.onChange = { reported.append(words($0)) }
        let other = stack.newContext()
        try other.make("Team", ["name": "Bulgarien", "rating": 65.0])
        try #require(try other.all("Team", "name == 'Dänemark'").first).setValue(30.0, forKey: "rating")
        try other.save()
        #expect(reported == [["delete Dänemark 0.2", "insert Bulgarien 0.2"]])
        #expect(fetch.fetchedObjects.map { $0.string("name") } == ["Albanien", "Belgien", "Bulgarien"])
    }

    @Test("A rollback reads the store again and reports what it undid", arguments: StoreKind.allCases)
    func rollback(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        try seed(stack)
        let context = stack.newContext()
        let fetch = try ratedTeams(context)
        var reported: [[String]] = []
        fetch.onChange = { reported.append(words($0)) }
        try context.make("Team", ["name": "Estland", "rating": 55.0])
        context.processPendingChanges()
        context.rollback()
        #expect(reported == [["insert Estland 0.3"], ["delete Estland 0.3"]])
        #expect(fetch.fetchCount == 2)
        #expect(fetch.fetchedObjects.map { $0.string("name") } == ["Albanien", "Belgien", "Dänemark"])
    }
}
