/// A fetch whose results follow its context's changes, reporting each change with its
/// positions, as Core Data's `NSFetchedResultsController` does.
///
/// ```swift
/// let teams = try ObservedFetch(
///     FetchRequest<ManagedObject>(entityName: "Team", sortOrderings: [FetchOrdering("name")]),
///     in: context, sectionKeyPath: "group.name")
/// teams.onChange = { changes in redraw(changes) }
/// ```
///
/// The context reports its changes when it processes them
/// (``ManagedObjectContext/processPendingChanges()``), which it does itself after each save,
/// merge (``ManagedObjectContext/mergeChanges(fromContextDidSave:)``), rollback and undo. A
/// change is worked out in memory from the changed objects alone: the fetch goes back to the
/// store only for a change that can move objects it does not hold (an object of an entity its
/// predicate, sort orderings or section key reach through a relationship), with a fetch limit
/// or offset, and after a rollback, an undo or a reset.
public final class ObservedFetch<Result: ManagedObject> {
    /// Where an object stands: its section and its place in the section, from 0.
    public struct Position: Hashable, Sendable {
        /// The section's index.
        public var section: Int
        /// The object's index in the section.
        public var item: Int

        /// A position.
        public init(section: Int, item: Int) {
            self.section = section
            self.item = item
        }
    }

    /// One change of the results, as a fetched-results controller reports it.
    public enum Change: Hashable {
        /// A section appeared, at its new index.
        case insertSection(Int)
        /// A section went, from its old index.
        case deleteSection(Int)
        /// An object joined the results, at its new position.
        case insert(Result, at: Position)
        /// An object left them, from its old position.
        case delete(Result, at: Position)
        /// A changed object moved.
        case move(Result, from: Position, to: Position)
        /// A changed object stayed where it was.
        case update(Result, at: Position)
    }

    /// A section: the objects sharing a value of the section key, in order.
    public struct Section {
        /// The value of the section key as text, `nil` for no value.
        ///
        /// One section named `nil` holds every object without a section key.
        public var name: String?
        /// The section's objects, in order.
        public var objects: [Result]
    }

    /// The request, as given.
    public let request: FetchRequest<Result>
    /// The key path whose value groups the objects into sections; `nil` for one section.
    public let sectionKeyPath: String?
    /// The sections, in order; empty before ``performFetch()``.
    public private(set) var sections: [Section] = []
    /// Called with the changes each time the context reports some that change the results.
    public var onChange: (([Change]) -> Void)?
    /// How many times the results were read from the store: by ``performFetch()`` and for
    /// changes that cannot be worked out in memory.
    public private(set) var fetchCount = 0

    /// The context observed; `nil` once it is gone.
    private weak var context: ManagedObjectContext?
    /// The request resolved for the fetched entity, its orderings led by the section key.
    private let resolved: StoreRequest
    /// The section key resolved, as an ordering; `nil` without sections.
    private let sectionKey: ResolvedOrdering?
    /// Entities other than the fetched family that the predicate, orderings or section key
    /// reach: a change to one of them can move objects the results do not hold.
    private let reachedEntities: [EntityDescription]

    /// An observed fetch of `request` in `context`, grouped by `sectionKeyPath` if given.
    ///
    /// The section key is a key path as a sort ordering takes it (attributes through
    /// to-ones). Sections come in the order of the first sort ordering when it sorts by the
    /// section key, else in ascending order of the key.
    ///
    /// - Throws: ``ObjectGraphError`` for an unknown entity; the errors of the request's
    ///   predicate and sort orderings; ``InvalidSortKeyError`` for a section key that is not
    ///   one.
    public init(_ request: FetchRequest<Result>, in context: ManagedObjectContext, sectionKeyPath: String? = nil) throws {
        self.request = request
        self.sectionKeyPath = sectionKeyPath
        self.context = context
        var resolved = try StoreRequest(request, model: context.model)
        var sectionKey: ResolvedOrdering?
        if let sectionKeyPath {
            let key = try ResolvedOrdering(FetchOrdering(sectionKeyPath), from: resolved.entity)
            sectionKey = key
            let sortsBySectionKey = resolved.orderings.first.map { first in
                first.attribute === key.attribute && first.steps.elementsEqual(key.steps, by: ===)
            }
            if sortsBySectionKey != true {
                resolved.orderings.insert(key, at: 0)
            }
        }
        self.resolved = resolved
        self.sectionKey = sectionKey
        let family = Set(resolved.entity.rootEntity.selfAndDescendants.map(ObjectIdentifier.init))
        let reached =
            (resolved.predicate?.entitiesReached ?? []) + resolved.orderings.flatMap { $0.steps.map(\.destinationEntity) }
        reachedEntities = reached.filter { !family.contains(ObjectIdentifier($0)) }
        context.observe(self)
    }

    /// The results in order, section by section.
    public var fetchedObjects: [Result] { sections.flatMap(\.objects) }

    /// Reads the results from the store (with the context's unsaved changes), without
    /// reporting a change.
    ///
    /// - Throws: The errors of ``ManagedObjectContext/fetch(_:)``.
    public func performFetch() throws {
        sections = group(try fetch())
    }

    /// The object at `position`.
    ///
    /// - Precondition: `position` is within ``sections``.
    public func object(at position: Position) -> Result {
        sections[position.section].objects[position.item]
    }

    /// Brings the results up to date with the objects the context changed (inserted, updated
    /// or deleted, as `changed` says) and reports what moved; `refetch` when only the store can
    /// tell.
    func contextDidChange(_ changed: Set<ManagedObject>, refetch: Bool) {
        let old = sections
        let family = resolved.entity
        let relevant = changed.filter { object in
            resolved.includesSubentities ? object.entity.isKind(of: family) : object.entity === family
        }
        let mustRefetch =
            refetch || resolved.limit > 0 || resolved.offset > 0
            || changed.contains { object in reachedEntities.contains { object.entity.isKind(of: $0) } }
        guard mustRefetch || !relevant.isEmpty else { return }
        let objects: [Result]
        if mustRefetch {
            guard let fetched = try? fetch() else { return }
            objects = fetched
        } else {
            var current = old.flatMap(\.objects).reduce(into: [ObjectIdentifier: Result]()) { $0[ObjectIdentifier($1)] = $1 }
            for object in relevant {
                if let result = object as? Result, matches(result) {
                    current[ObjectIdentifier(object)] = result
                } else {
                    current[ObjectIdentifier(object)] = nil
                }
            }
            objects = current.values.sorted { PredicateEvaluator.areInIncreasingOrder($0, $1, by: resolved.orderings) }
        }
        sections = group(objects)
        let changes = Self.changes(from: old, to: sections, changed: Set(relevant.map(ObjectIdentifier.init)))
        if !changes.isEmpty { onChange?(changes) }
    }

    /// Whether `object` belongs in the results as it stands in the context.
    private func matches(_ object: Result) -> Bool {
        guard let context, object.managedObjectContext === context, !object.isDeleted else { return false }
        // A new object deleted again is no longer inserted, and never saved.
        if object.objectID.isTemporaryID, !object.isInserted { return false }
        guard let predicate = resolved.predicate else { return true }
        return (try? PredicateEvaluator.evaluate(predicate, on: object)) ?? false
    }

    /// The results from the store, with the context's unsaved changes.
    private func fetch() throws -> [Result] {
        guard let context else { return [] }
        fetchCount += 1
        let objects = try context.fetchObjects(request, resolved: resolved).objects
        return objects.compactMap { $0 as? Result }
    }

    /// `objects`, in order, grouped into sections.
    private func group(_ objects: [Result]) -> [Section] {
        guard let sectionKey else { return [Section(name: nil, objects: objects)] }
        var sections: [Section] = []
        for object in objects {
            let name = PredicateEvaluator.sortValue(of: object, sectionKey).sectionName
            if sections.last.map({ $0.name != name }) ?? true {
                sections.append(Section(name: name, objects: []))
            }
            sections[sections.count - 1].objects.append(object)
        }
        return sections
    }

    /// The changes from `old` to `new`, `changed` naming the objects the context changed:
    /// sections gone and new, objects gone and new, and changed objects that moved or stayed.
    private static func changes(from old: [Section], to new: [Section], changed: Set<ObjectIdentifier>) -> [Change] {
        func positions(_ sections: [Section]) -> [ObjectIdentifier: Position] {
            var positions: [ObjectIdentifier: Position] = [:]
            for (section, content) in sections.enumerated() {
                for (item, object) in content.objects.enumerated() {
                    positions[ObjectIdentifier(object)] = Position(section: section, item: item)
                }
            }
            return positions
        }
        let (before, after) = (positions(old), positions(new))
        let oldNames = old.map(\.name)
        let newNames = new.map(\.name)
        var changes: [Change] = []
        changes += oldNames.indices.filter { !newNames.contains(oldNames[$0]) }.map(Change.deleteSection)
        changes += newNames.indices.filter { !oldNames.contains(newNames[$0]) }.map(Change.insertSection)
        for section in old {
            for object in section.objects where after[ObjectIdentifier(object)] == nil {
                changes.append(.delete(object, at: before[ObjectIdentifier(object)]!))
            }
        }
        for section in new {
            for object in section.objects {
                let id = ObjectIdentifier(object)
                let position = after[id]!
                guard let previous = before[id] else {
                    changes.append(.insert(object, at: position))
                    continue
                }
                guard changed.contains(id) else { continue }
                changes.append(previous == position ? .update(object, at: position) : .move(object, from: previous, to: position))
            }
        }
        return changes
    }
}

/// What ``ManagedObjectContext`` tells the observed fetches it holds.
protocol ContextObserver: AnyObject {
    /// The context changed `changed`; `refetch` when only the store can say what that did.
    func contextDidChange(_ changed: Set<ManagedObject>, refetch: Bool)
}

extension ObservedFetch: ContextObserver {}

extension AttributeValue {
    /// The value as a section's name: text as it is, `nil` for null, anything else as
    /// written.
    fileprivate var sectionName: String? {
        switch self {
        case .null: nil
        case .string(let text): text
        default: "\(self)"
        }
    }
}

@available(*, unavailable)
extension ObservedFetch: Sendable {}
