// Unsafe: the context's state skips run-time exclusivity checks (read on every object access); the invariant is
// above `undoStack`.

import Foundation

/// A scratch pad of managed objects: it tracks inserts, updates and deletes, keeps one instance
/// per object, loads data lazily, keeps inverse relationships consistent, and writes all its
/// changes in one transaction on ``save()`` or forgets them on ``rollback()``.
///
/// ```swift
/// let context = ManagedObjectContext(coordinator: coordinator)
/// let team = try context.insertNewObject(forEntityName: "Team")
/// try team.setValue("Polen", forKey: "name")
/// try context.save()
/// ```
///
/// A context and its objects belong to one thread; pass ``ManagedObjectID`` values between
/// threads and contexts.
public final class ManagedObjectContext {
    /// Where an object stands in the unsaved changes.
    enum Membership: Int { case clean, inserted, updated, deleted }

    /// The context's lists that keep an object alive beside its changes
    /// (``ManagedObject/heldBy``), so that none lists it twice.
    struct Holding: OptionSet {
        let rawValue: UInt8
        /// ``relationHolders``.
        static let relationHolders = Holding(rawValue: 1)
        /// ``retainedObjects``.
        static let retainedObjects = Holding(rawValue: 2)
    }

    /// The coordinator whose store the context reads and writes.
    public let persistentStoreCoordinator: PersistentStoreCoordinator
    /// The model of the coordinator.
    public var model: ManagedObjectModel { persistentStoreCoordinator.model }

    // Exclusivity unchecked, for the stored properties below marked so: the context is confined to one thread
    // (it is not Sendable), and no access to one of them is held across a call that could reach it again. The
    // only code that runs inside an access is the `deinit` of an object a write releases, which touches
    // `registry` alone (see `ManagedObject`'s `deinit`); and changing `registry` releases no object (its slots
    // are unretained, see `ObjectRegistry`; the `make` closure of `object(with:link:)`, which runs inside such
    // a change, only creates a fault), so no `deinit` runs inside an access to it.

    /// The undo history; `nil` (the default) records nothing.
    @exclusivity(unchecked) public var undoStack: UndoStack?
    /// How many faults of one fetch load together, by key, when one of them fires.
    ///
    /// The first fault of a fetch to fire loads the whole fetch with the fetch's own query
    /// instead.
    public var faultBatchSize = 500

    /// How a save resolves a conflict with a change saved elsewhere since the context read an
    /// object it updated; ``MergePolicy/error`` (the save fails) by default, as in Core Data.
    public var mergePolicy = MergePolicy.error

    /// Who the context's saves are by, as the persistent history records them
    /// (``PersistentHistoryTransaction/author``), as Core Data's `transactionAuthor`.
    public var transactionAuthor: String?
    /// The context's name, as the persistent history records its saves
    /// (``PersistentHistoryTransaction/contextName``).
    public var name: String?

    /// Whether the context merges each save of another context of its coordinator as it is
    /// made (``mergeChanges(fromContextDidSave:)``), as Core Data's context does with its
    /// parent's; off by default.
    public var automaticallyMergesChangesFromParent = false {
        didSet { persistentStoreCoordinator.setMergesSavesAutomatically(self, automaticallyMergesChangesFromParent) }
    }

    /// The observed fetches of the context (``ObservedFetch``), held weakly.
    @exclusivity(unchecked) var observers: [WeakObserver] = []
    /// The objects inserted, changed or deleted since the observers were last told, while
    /// there are observers.
    @exclusivity(unchecked) var unprocessedChanges: Set<ManagedObject> = []
    /// Whether the observers must read the store at the next report (after a rollback, an
    /// undo or a reset).
    @exclusivity(unchecked) var observersMustRefetch = false

    /// The link the context's objects reach it through, replaced by ``reset()``.
    @exclusivity(unchecked) var link = ContextLink()
    /// The objects the context knows, alive; it does not keep them alive.
    @exclusivity(unchecked) var registry = ObjectRegistry()
    /// Objects whose relationships were loaded or written, or whose fetched properties were
    /// read (and so may hold other objects, and be held by them), kept until the context
    /// resets or goes away: it then empties their relationships and fetched properties, so
    /// that objects pointing at each other do not keep each other alive.
    @exclusivity(unchecked) private var relationHolders: [ManagedObject] = []
    /// Every registered object, while ``retainsRegisteredObjects`` is on.
    @exclusivity(unchecked) private var retainedObjects: [ManagedObject] = []

    /// Whether the context keeps every registered object alive.
    ///
    /// Off by default, as in Core Data: the context keeps the objects with unsaved changes
    /// (inserted, updated, deleted) and those whose relationships it loaded or that were
    /// written. Any other object lives as long as the caller holds it; once it is gone, the
    /// next fetch or ``object(with:)`` makes a new instance, and a fault reads the store again.
    /// Turn it on to keep every object the context registers until it resets or goes away.
    @exclusivity(unchecked) public var retainsRegisteredObjects = false {
        didSet {
            guard retainsRegisteredObjects != oldValue else { return }
            if retainsRegisteredObjects {
                for object in registry.allObjects { retain(object) }
            } else {
                for object in retainedObjects { object.heldBy.remove(.retainedObjects) }
                retainedObjects = []
            }
        }
    }
    /// The objects with unsaved changes.
    @exclusivity(unchecked) var pending = PendingChanges()
    /// Many-to-many links added (`true`) or removed (`false`) since the last save, recorded on
    /// the side that owns the join table.
    @exclusivity(unchecked) var pendingLinks: [StoreChanges.Link: Bool] = [:]
    /// The objects whose ordered to-manys changed order or members since the last save, with
    /// those relationships: a save writes their members' positions.
    @exclusivity(unchecked) var pendingOrders:
        [ObjectIdentifier: (owner: ManagedObject, relationships: [RelationshipDescription])] =
            [:]
    /// The last error met while firing a fault (accessors cannot throw).
    public internal(set) var lastFaultError: (any Error)?
    /// The first object a write could not reach since the last save, rollback or reset.
    ///
    /// Its row was deleted by another save. The next save fails with a conflict naming it.
    @exclusivity(unchecked) var lostWrite: ManagedObjectID?
    /// Deleted owners whose to-many (``RelationshipDescription/cascadesToMembersByID``) was
    /// listed by ID to delete its members unread, in the order deleted, with how many members
    /// the store listed at which data version: the save finds those members through them.
    @exclusivity(unchecked) var ownersDeletingMembersByID: [MemberListing] = []
    /// The member IDs of owners fetched with one whose members were listed by ID, listed in
    /// the same query (``PersistentStore/destinationIDs(of:forEach:)``), for when they are
    /// deleted in turn; forgotten with the pending changes.
    @exclusivity(unchecked) var prefetchedMemberIDs: [PrefetchedMembers: DestinationIDs] = [:]

    /// Creates a context on a coordinator.
    public init(coordinator: PersistentStoreCoordinator) {
        self.persistentStoreCoordinator = coordinator
        link.context = self
    }

    deinit {
        // First, so that no object reaches the context from here on (the link does not keep
        // the context alive, nor is it cleared by itself), and objects that go from here on
        // leave the registry alone.
        link.context = nil
        // Objects point at each other; break the cycles so nothing outlives the context
        // unless the caller holds it.
        for object in relationHolders where object.link === link { object.releaseRelatedObjects() }
    }

    /// Keeps `object`, whose relationships or fetched properties now hold their own state,
    /// until the context resets or goes away (see ``relationHolders``).
    func holdRelations(of object: ManagedObject) {
        guard !object.heldBy.contains(.relationHolders) else { return }
        object.heldBy.insert(.relationHolders)
        relationHolders.append(object)
    }

    /// Keeps a newly registered `object` alive while ``retainsRegisteredObjects`` is on.
    private func retain(_ object: ManagedObject) {
        guard !object.heldBy.contains(.retainedObjects) else { return }
        object.heldBy.insert(.retainedObjects)
        retainedObjects.append(object)
    }

    /// Lets go of the objects the context no longer knows (deleted and saved, or inserted and
    /// rolled back): kept for their relationships or retained, they would outlive their use.
    /// (A detached object's marks were cleared as it left; another context may have set them
    /// since.)
    func releaseForgottenObjects() {
        relationHolders.removeAll { $0.link !== link }
        retainedObjects.removeAll { object in
            guard registry[object.objectID] !== object else { return false }
            if object.link === link { object.heldBy.remove(.retainedObjects) }
            return true
        }
    }

    /// The store holding the objects of `entity` (see
    /// ``PersistentStoreCoordinator/store(for:)``).
    func store(for entity: EntityDescription) throws(ObjectGraphError) -> any PersistentStore {
        try persistentStoreCoordinator.store(for: entity)
    }

    // MARK: Changes

    /// Whether there are unsaved inserts, updates or deletes.
    public var hasChanges: Bool { !pending.isEmpty }
    /// Objects inserted since the last save.
    public var insertedObjects: Set<ManagedObject> { Set(pending.objects(.inserted)) }
    /// Objects changed since the last save (not inserted or deleted ones).
    public var updatedObjects: Set<ManagedObject> { Set(pending.objects(.updated)) }
    /// Objects deleted since the last save.
    public var deletedObjects: Set<ManagedObject> { Set(pending.objects(.deleted)) }
    /// All objects the context currently knows, faults included: those alive (see
    /// ``retainsRegisteredObjects``).
    public var registeredObjects: Set<ManagedObject> { Set(registry.allObjects) }

    /// Where one of this context's objects stands in the unsaved changes.
    func membership(of object: ManagedObject) -> Membership { object.membership }

    /// Forgets every pending change: all objects are clean again.
    func clearChanges() {
        pending.removeAll()
        pendingLinks = [:]
        pendingOrders = [:]
        lostWrite = nil
        ownersDeletingMembersByID = []
        prefetchedMemberIDs = [:]
    }

    /// Moves an object to another change state, recording the move for undo.
    /// - Parameter known: the object's current membership, when the caller has just read it.
    func setMembership(_ object: ManagedObject, _ new: Membership, from known: Membership? = nil) {
        let old = known ?? membership(of: object)
        guard old != new else { return }
        undoStack?.record(.membership(object, old))
        pending.move(object, to: new)
        if new == .inserted {
            registry.insert(object)
            if retainsRegisteredObjects { retain(object) }
        } else if new == .clean, old == .inserted {
            registry.remove(object.objectID)
        }
    }

    /// Notes that `object` is about to change; `undo` reverses the change (made only when the
    /// context records undo).
    ///
    /// A clean object with a temporary ID is a new object this context no longer holds
    /// (deleted, or its insert undone or rolled back): it does not become updated, since the
    /// store has no row to update. Its change is still recorded, so that an undo bringing it
    /// back restores it exactly.
    func willChange(_ object: ManagedObject, undo: @autoclosure () -> UndoAction) {
        if !observers.isEmpty { unprocessedChanges.insert(object) }
        if membership(of: object) == .clean, !object.objectID.isTemporaryID {
            setMembership(object, .updated, from: .clean)
        }
        undoStack?.record(undo())
    }

    /// Notes a link change of a relationship saved as links (a many-to-many, on the side that
    /// owns the join table, or a to-many without an inverse).
    func noteLink(_ relationship: RelationshipDescription, _ source: ManagedObject, _ destination: ManagedObject, added: Bool) {
        guard relationship.isSavedAsLinks else { return }
        let owner = relationship.linkOwner
        let link =
            owner === relationship
            ? StoreChanges.Link(relationship: relationship, source: source.objectID, destination: destination.objectID)
            : StoreChanges.Link(relationship: owner, source: destination.objectID, destination: source.objectID)
        if let pending = pendingLinks[link], pending != added {
            pendingLinks[link] = nil
        } else {
            pendingLinks[link] = added
        }
    }

    /// Notes that an ordered to-many of `owner` changed its members or their order.
    func noteOrder(of relationship: RelationshipDescription, _ owner: ManagedObject) {
        guard !relationship.isTransient else { return }
        let key = ObjectIdentifier(owner)
        if let entry = pendingOrders[key] {
            if !entry.relationships.contains(where: { $0 === relationship }) {
                pendingOrders[key]!.relationships.append(relationship)
            }
        } else {
            pendingOrders[key] = (owner, [relationship])
        }
    }

    // MARK: Inserting and deleting

    /// Creates an object of the named entity, inserted into this context.
    ///
    /// The object gets the entity's registered class, its attributes their default values,
    /// and a temporary ID until saved.
    ///
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)`` or ``ObjectGraphError/abstractEntity(_:)``.
    @discardableResult
    public func insertNewObject(forEntityName name: String) throws(ObjectGraphError) -> ManagedObject {
        guard let entity = model.entity(named: name) else { throw .unknownEntity(name) }
        guard !entity.isAbstract else { throw .abstractEntity(name) }
        return entity.managedObjectClass.init(entity: entity, insertInto: self)
    }

    /// Inserts an object created without a context.
    public func insert(_ object: ManagedObject) {
        guard object.link == nil else { return }
        register(inserted: object)
    }

    func register(inserted object: ManagedObject) {
        object.link = link
        if !observers.isEmpty { unprocessedChanges.insert(object) }
        undoStack?.beginGrouping()
        setMembership(object, .inserted)
        object.awakeFromInsert()
        undoStack?.endGrouping()
    }

    /// Marks an object deleted and applies its relationships' delete rules: cascade deletes
    /// the related objects, nullify removes the object from their inverse, deny is checked
    /// when saving.
    ///
    /// Deleting an object inserted since the last save simply forgets it.
    ///
    /// A cascade to members that need nothing but their ID to be deleted
    /// (`RelationshipDescription.cascadesToMembersByID`: their only relationship that
    /// matters names this owner) lists them by ID and deletes them unread; the save then
    /// checks that the owner's members are still exactly those.
    /// - Complexity: Loads the relationships it has to follow (one query each).
    public func delete(_ object: ManagedObject) {
        delete(object, listedByID: false)
    }

    /// Deletes `object`; `listedByID` when it was just listed by ID as a member of a deleted
    /// owner through a to-many that ``RelationshipDescription/cascadesToMembersByID``: a
    /// fault without its row is then deleted as it is.
    private func delete(_ object: ManagedObject, listedByID: Bool) {
        guard object.link === link else { return }
        if !observers.isEmpty { unprocessedChanges.insert(object) }
        let state = membership(of: object)
        if listedByID, state == .clean, object.isFault, object.snapshot == nil {
            setMembership(object, .deleted, from: .clean)
            return
        }
        guard state != .deleted, !(state == .clean && object.isFault && isMissing(object)) else { return }
        object.fulfillFault()
        setMembership(object, state == .inserted ? .clean : .deleted)
        for relationship in object.entity.relationships {
            switch relationship.deleteRule {
            case .cascade:
                let byID = relationship.cascadesToMembersByID && listMembersByID(relationship, of: object)
                forEachTarget(of: relationship, in: object) { delete($0, listedByID: byID) }
                fallthrough
            case .nullify:
                guard let inverse = relationship.inverseRelationship else { continue }
                // Two deleted objects keep what links them until the save forgets both (or an
                // undo brings both back): a cascade then costs no set removal per member. (A
                // deleted new object is forgotten at once, not deleted: it is detached.)
                let isDeleted = membership(of: object) == .deleted
                forEachTarget(of: relationship, in: object) { target in
                    if !(isDeleted && membership(of: target) == .deleted) { target.detach(object, via: inverse) }
                }
            case .deny, .noAction:
                continue
            }
        }
    }

    /// Calls `body` with each object `relationship` of `object` holds (as it held them before
    /// the first call: `body` may change the relationship).
    private func forEachTarget(
        of relationship: RelationshipDescription, in object: ManagedObject, _ body: (ManagedObject) -> Void
    ) {
        if relationship.isToMany {
            for target in object.relatedSet(relationship) { body(target) }
        } else if let target = object.relatedObject(relationship) {
            body(target)
        }
    }

    private func isMissing(_ object: ManagedObject) -> Bool {
        object.fulfillFault()
        return object.isFault
    }

    // MARK: Objects by ID

    /// The object with `id`, from this context if it knows it, else as a fault.
    ///
    /// Never touches the store: the fault fires (and may find nothing) on first access.
    public func object(with id: ManagedObjectID) -> ManagedObject {
        object(with: id, link: link)
    }

    /// ``object(with:)`` for a loop over many IDs, which reads the context's ``link`` once.
    func object(with id: ManagedObjectID, link: ContextLink) -> ManagedObject {
        var isNew = false
        let object = registry.object(with: id) {
            isNew = true
            return ManagedObject.fault(with: id, link: link)
        }
        if isNew, retainsRegisteredObjects { retain(object) }
        return object
    }

    /// The object with `id`, loaded, or an error when the store does not have it.
    ///
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)``.
    /// - Complexity: One query unless the object is already loaded.
    public func existingObject(with id: ManagedObjectID) throws -> ManagedObject {
        let object = self.object(with: id)
        if object.isFault {
            lastFaultError = nil
            fulfillFault(of: object)
        }
        guard !object.isFault else { throw lastFaultError ?? ObjectGraphError.objectNotFound(id.description) }
        return object
    }

    /// The object named by a URI from ``ManagedObjectID/uriRepresentation``, as a fault; `nil`
    /// when the URI does not name an entity of the model in this store.
    public func objectID(forURIRepresentation uri: URL) -> ManagedObjectID? {
        persistentStoreCoordinator.managedObjectID(forURIRepresentation: uri)
    }

    // MARK: Discarding changes

    /// Discards all unsaved changes: inserted objects are forgotten, updated and deleted ones
    /// return to their saved state (as faults).
    public func rollback() {
        for object in pending.objects(.inserted) {
            registry.remove(object.objectID)
            object.detachFromContext()
        }
        for object in pending.objects(.updated) + pending.objects(.deleted) { object.turnIntoFault() }
        // Loaded to-manys of unchanged objects may list inserted objects or miss deleted ones.
        for object in registry.allObjects where !object.isFault && !object.relations.isEmpty {
            for relationship in object.entity.relationships where relationship.isToMany {
                object.setRelation(.manyFault, for: relationship)
            }
        }
        clearChanges()
        undoStack?.removeAllActions()
        releaseForgottenObjects()
        observersMustRefetch = true
        processPendingChanges()
    }

    /// Forgets every object: the context is as new.
    ///
    /// Objects held elsewhere become detached.
    public func reset() {
        let objects = registry.allObjects
        let holders = relationHolders.filter { $0.link === link }
        // First, so that objects that go from here on leave the old registry alone.
        link.context = nil
        for object in objects { object.detachFromContext() }
        for object in holders { object.releaseRelatedObjects() }
        for object in relationHolders + retainedObjects where object.link === link { object.heldBy = [] }
        (relationHolders, retainedObjects) = ([], [])
        registry = ObjectRegistry()
        clearChanges()
        undoStack?.removeAllActions()
        link = ContextLink()
        link.context = self
        unprocessedChanges = []
        observersMustRefetch = true
        processPendingChanges()
    }

    /// Reloads one object: with `mergeChanges` false, its unsaved changes are dropped and it
    /// becomes a fault; with `true`, its saved state is re-read and its unsaved attribute
    /// changes are applied on top.
    ///
    /// Either way, its fetched properties fetch again when next read.
    ///
    /// Dropping the changes of an object whose row another save deleted also drops the write
    /// that makes the next ``save()`` a conflict naming it.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool = false) {
        guard object.link === link, membership(of: object) != .inserted else { return }
        if mergeChanges, !object.isFault {
            let changed = object.changedValues()
            object.turnIntoFault()
            fulfillFault(of: object)
            for (key, value) in changed {
                if let attribute = object.entity.attributesByName[key] {
                    object.writeValue(AttributeValue(any: value) ?? .null, for: attribute)
                }
            }
            return
        }
        pending.move(object, to: .clean)
        if lostWrite == object.objectID { lostWrite = nil }
        object.turnIntoFault()
    }
}

@available(*, unavailable)
extension ManagedObjectContext: Sendable {}
