import Foundation

/// A store that keeps saved objects in memory, with the same behaviour as the SQLite store:
/// primary keys, versions, conflicts, all-or-nothing saves.
///
/// It does not evaluate predicates itself: it hands the context every object of the entity
/// and the context filters and sorts them with the in-memory evaluator.
final class InMemoryStore: PersistentStore {
    /// A saved row.
    private struct Row {
        var id: ManagedObjectID
        var snapshot: Snapshot
    }

    /// Everything saved, replaced as a whole by each successful save.
    private struct State {
        var rows: [ManagedObjectID: Row] = [:]
        var maxPrimaryKey: [ObjectIdentifier: Int64] = [:]
        var links: [ObjectIdentifier: Set<Pair>] = [:]
        /// The positions of the members of ordered to-manys, by relationship and owner.
        var positions: [OrderedMembers: [ManagedObjectID: Int]] = [:]
        /// The persistent history, oldest first, and the numbers last handed out.
        var history: [PersistentHistoryTransaction] = []
        var lastTransaction: Int64 = 0
        var lastChange: Int64 = 0
    }

    /// An ordered to-many of one object.
    private struct OrderedMembers: Hashable {
        var relationship: ObjectIdentifier
        var owner: ManagedObjectID
    }

    private struct Pair: Hashable {
        var source: ManagedObjectID
        var destination: ManagedObjectID
    }

    let identifier: String
    let tag: UInt16
    let configuration: ModelConfiguration
    let tracksHistory: Bool
    /// None: the context evaluates every request on the objects.
    func evaluates(_ request: StoreRequest) -> Bool { false }
    private var state = State()
    /// The stored to-ones without an inverse, which a deleted destination leaves set to nil.
    private let toOnesWithoutInverse: [RelationshipDescription]

    /// An empty store holding the entities of `configuration`, recording persistent history
    /// when `tracksHistory`.
    init(configuration: ModelConfiguration, tracksHistory: Bool = false) throws(StoreError) {
        let identifier = UUID().uuidString
        self.identifier = identifier
        self.tag = try StoreTags.tag(for: identifier)
        self.configuration = configuration
        self.tracksHistory = tracksHistory
        toOnesWithoutInverse = configuration.entities.flatMap(\.ownRelationships).filter {
            !$0.isToMany && !$0.isTransient && $0.inverseRelationship == nil
        }
    }

    private func matches(_ entity: EntityDescription, _ request: StoreRequest) -> Bool {
        entity === request.entity || (request.includesSubentities && entity.isKind(of: request.entity))
    }

    private func rows(for request: StoreRequest) -> [Row] {
        state.rows.values
            .filter { matches($0.id.entity, request) }
            .sorted { ($0.id.primaryKey ?? 0) < ($1.id.primaryKey ?? 0) }
    }

    func fetchIDs(_ request: StoreRequest) throws -> [ManagedObjectID] {
        rows(for: request).map(\.id)
    }

    func fetchSnapshots(_ request: StoreRequest) throws -> FetchedRows {
        let matching = rows(for: request)
        let rows = FetchedRows(capacity: matching.count)
        for row in matching { rows.append(row.id, row.snapshot) }
        return rows
    }

    func count(_ request: StoreRequest) throws -> Int {
        rows(for: request).count
    }

    func counts(_ request: StoreRequest, groupedBy key: GroupingKeyPath) throws -> [KeyPathValue: Int] {
        throw UnsupportedFetchError(
            fragment: key.path.keyPath, reason: "the in-memory store does not evaluate requests; its context groups the objects")
    }

    func snapshots(for ids: [ManagedObjectID]) throws -> [(ManagedObjectID, Snapshot)] {
        ids.compactMap { id in state.rows[id].map { ($0.id, $0.snapshot) } }
    }

    /// Throws a conflict when a row still belongs to an owner all of whose rows a group claims
    /// (``StoreChanges/ownedDeletes``): another save gave the owner a row since, which the SQLite
    /// store, deleting the owner's rows by foreign key, would find as well.
    private func checkOwnersEmptied(by groups: [StoreChanges.OwnedRows], in state: State) throws {
        var owners: [ObjectIdentifier: (relationship: RelationshipDescription, ids: Set<ManagedObjectID>)] = [:]
        for group in groups {
            owners[ObjectIdentifier(group.relationship), default: (group.relationship, [])].ids.insert(group.owner)
        }
        for (relationship, ids) in owners.values {
            for row in state.rows.values where row.id.entity.isKind(of: relationship.entity) {
                if let owner = row.snapshot.toOne(relationship.storageIndex), ids.contains(owner) {
                    throw StoreError.conflict(row.id)
                }
            }
        }
    }

    /// Throws a conflict when a row still names a deleted row through a one-to-many's foreign
    /// key (``RelationshipDescription/leavesNoMemberBehindOnDelete``): another save gave it a
    /// member the deleting context did not see.
    private func checkNoMemberLeft(by deletes: [StoreChanges.Delete], in state: State) throws {
        // The deleted rows that members may name, by the members' to-one; then one pass.
        var deletedByInverse: [ObjectIdentifier: (inverse: RelationshipDescription, ids: Set<ManagedObjectID>)] = [:]
        for delete in deletes {
            for relationship in delete.id.entity.relationships where relationship.leavesNoMemberBehindOnDelete {
                guard let inverse = relationship.inverseRelationship else { continue }
                deletedByInverse[ObjectIdentifier(inverse), default: (inverse, [])].ids.insert(delete.id)
            }
        }
        guard !deletedByInverse.isEmpty else { return }
        for row in state.rows.values {
            for (inverse, ids) in deletedByInverse.values where row.id.entity.relationshipsByName[inverse.name] === inverse {
                if let named = row.snapshot.toOne(inverse.storageIndex), ids.contains(named) {
                    throw StoreError.conflict(named)
                }
            }
        }
    }

    /// Throws the first ``ConstraintConflict`` of the rows a save writes, in the order the
    /// SQLite store writes them: each written row is checked against the rows left alone and
    /// those written before it.
    ///
    /// - Parameter written: The rows written, by saved ID, with the ID to report them by (an
    ///   inserted object's temporary ID).
    private func checkConstraints(written: [(id: ManagedObjectID, reported: ManagedObjectID)], in state: State) throws {
        let constrained = written.filter { !$0.id.entity.constraints.isEmpty }
        guard !constrained.isEmpty else { return }
        let reportedIDs = Dictionary(constrained.map { ($0.id, $0.reported) }, uniquingKeysWith: { first, _ in first })
        var holders: [UniqueValues: ManagedObjectID] = [:]
        for row in state.rows.values.sorted(by: { ($0.id.primaryKey ?? 0) < ($1.id.primaryKey ?? 0) })
        where reportedIDs[row.id] == nil {
            for constraint in row.id.entity.constraints {
                guard let values = UniqueValues(constraint, of: row.snapshot), holders[values] == nil else { continue }
                holders[values] = row.id
            }
        }
        for (id, reported) in constrained {
            guard let snapshot = state.rows[id]?.snapshot else { continue }
            for constraint in id.entity.constraints {
                guard let values = UniqueValues(constraint, of: snapshot) else { continue }
                if let holder = holders[values] {
                    throw ConstraintConflict(
                        entityName: constraint.entity.name, constraint: constraint.names, values: values.texts,
                        objectID: reported, conflictingObjectID: reportedIDs[holder] ?? holder)
                }
                holders[values] = id
            }
        }
    }

    /// Removes a deleted row, which must be at the version read (if read) and, when `owner` is
    /// given, still belong to it.
    private func delete(
        _ delete: StoreChanges.Delete, owner: (RelationshipDescription, ManagedObjectID)? = nil, in next: inout State
    ) throws {
        guard let row = next.rows[delete.id], delete.version.map({ $0 == row.snapshot.version }) ?? true,
            owner.map({ row.snapshot.toOne($0.storageIndex) == $1 }) ?? true
        else {
            throw StoreError.conflict(delete.id)
        }
        next.rows[delete.id] = nil
        next.positions = next.positions.filter { $0.key.owner != delete.id }
        for key in next.links.keys {
            next.links[key] = next.links[key]!.filter { $0.source != delete.id && $0.destination != delete.id }
        }
        // As the SQLite store does, without a new version: no row names a deleted one.
        let pointing = toOnesWithoutInverse.filter { delete.id.entity.isKind(of: $0.destinationEntity) }
        guard !pointing.isEmpty else { return }
        for (id, row) in next.rows {
            var toOnes = row.snapshot.toOnes
            for toOne in pointing where id.entity.relationshipsByName[toOne.name] === toOne {
                if toOnes[toOne.storageIndex] == delete.id { toOnes[toOne.storageIndex] = nil }
            }
            guard toOnes != row.snapshot.toOnes else { continue }
            next.rows[id]!.snapshot = Snapshot.make(
                version: row.snapshot.version, attributes: row.snapshot.attributes, toOne: toOnes)
        }
    }

    func destinations(of relationship: RelationshipDescription, for sources: [ManagedObjectID]) throws -> [RelatedRow] {
        // A transient relationship has nothing saved.
        guard relationship.isToMany, !relationship.isTransient else { return [] }
        var wanted: [ManagedObjectID: Int] = [:]
        for (index, source) in sources.enumerated() where wanted[source] == nil { wanted[source] = index }
        var result: [RelatedRow] = []
        if relationship.isSavedAsLinks {
            let owner = relationship.linkOwner
            for pair in state.links[ObjectIdentifier(owner)] ?? [] {
                let (source, destination) =
                    owner === relationship
                    ? (pair.source, pair.destination) : (pair.destination, pair.source)
                if let index = wanted[source], let row = state.rows[destination] {
                    result.append(RelatedRow(source: index, destination: row.id, snapshot: row.snapshot))
                }
            }
        } else if let inverse = relationship.inverseRelationship {
            for row in state.rows.values where row.id.entity.isKind(of: relationship.destinationEntity) {
                guard row.id.entity.relationshipsByName[inverse.name] === inverse,
                    let source = row.snapshot.toOne(inverse.storageIndex), let index = wanted[source]
                else { continue }
                result.append(RelatedRow(source: index, destination: row.id, snapshot: row.snapshot))
            }
        }
        guard relationship.isOrdered else {
            return result.sorted { ($0.destination.primaryKey ?? 0) < ($1.destination.primaryKey ?? 0) }
        }
        // By position, as the SQLite store: members without one first, then by key.
        func position(_ row: RelatedRow) -> Int {
            state.positions[OrderedMembers(relationship: ObjectIdentifier(relationship), owner: sources[row.source])]?[
                row.destination] ?? 0
        }
        return result.sorted {
            (position($0), $0.destination.primaryKey ?? 0) < (position($1), $1.destination.primaryKey ?? 0)
        }
    }

    func destinationIDs(of relationship: RelationshipDescription, for source: ManagedObjectID) throws -> DestinationIDs {
        DestinationIDs(ids: try destinations(of: relationship, for: [source]).map(\.destination), dataVersion: nil)
    }

    func save(_ changes: StoreChanges, beforeCommit: () throws -> Void) throws -> PermanentIDs {
        var next = state
        var permanentIDs: [ManagedObjectID] = []
        for insert in changes.inserts {
            let root = ObjectIdentifier(insert.id.entity.rootEntity)
            let pk = (next.maxPrimaryKey[root] ?? 0) + 1
            next.maxPrimaryKey[root] = pk
            permanentIDs.append(ManagedObjectID(entity: insert.id.entity, primaryKey: pk, storeTag: tag))
        }
        let permanent = PermanentIDs(temporaries: changes.inserts.map(\.id), permanents: permanentIDs)
        let resolve = permanent.resolve
        for row in changes.deletes { try delete(row, in: &next) }
        for group in changes.ownedDeletes {
            for row in group.rows { try delete(row, owner: (group.relationship, group.owner), in: &next) }
        }
        try checkOwnersEmptied(by: changes.ownedDeletes, in: next)
        for reference in changes.referenced {
            guard let row = next.rows[reference.id], reference.version.map({ $0 == row.snapshot.version }) ?? true else {
                throw StoreError.conflict(reference.id)
            }
        }
        for update in changes.updates {
            guard var row = next.rows[update.id], row.snapshot.version == update.version else {
                throw StoreError.conflict(update.id)
            }
            row.snapshot = row.snapshot.updated(
                attributes: update.attributes.map { ($0.storageIndex, $1) },
                toOne: update.toOne.map { ($0.storageIndex, resolve($1)) })
            next.rows[update.id] = row
        }
        for (insert, id) in zip(changes.inserts, permanentIDs) {
            let attributes = zip(insert.id.entity.attributes, insert.attributes).map { $0.isTransient ? .null : $1 }
            // A transient to-one lives in memory only, as in the SQLite store.
            let toOnes = insert.id.entity.relationships.map {
                $0.isTransient ? nil : resolve(changes.toOne($0.storageIndex, of: insert))
            }
            next.rows[id] = Row(id: id, snapshot: Snapshot.make(version: 1, attributes: attributes, toOne: toOnes))
        }
        try checkNoMemberLeft(by: changes.deletes, in: next)
        try checkConstraints(
            written: changes.updates.map { ($0.id, $0.id) } + zip(permanentIDs, changes.inserts.map(\.id)).map { ($0, $1) },
            in: next)
        for link in changes.removedLinks {
            next.links[ObjectIdentifier(link.relationship)]?.remove(
                Pair(source: resolve(link.source)!, destination: resolve(link.destination)!))
        }
        for link in changes.addedLinks {
            let pair = Pair(source: resolve(link.source)!, destination: resolve(link.destination)!)
            if link.relationship.isToManyWithoutInverse {
                // A destination belongs to one source at most, as its row's key column says.
                next.links[ObjectIdentifier(link.relationship)] = next.links[ObjectIdentifier(link.relationship)]?.filter {
                    $0.destination != pair.destination
                }
            }
            next.links[ObjectIdentifier(link.relationship), default: []].insert(pair)
        }
        for ordering in changes.orderings {
            let key = OrderedMembers(relationship: ObjectIdentifier(ordering.relationship), owner: resolve(ordering.owner)!)
            next.positions[key] = Dictionary(
                ordering.members.enumerated().map { (resolve($1)!, $0 + 1) }, uniquingKeysWith: { first, _ in first })
        }
        if tracksHistory, case let record = HistoryRecord(changes, resolve: resolve, permanentIDs: permanentIDs),
            !record.isEmpty
        {
            appendHistory(record, to: &next)
        }
        try beforeCommit()
        state = next
        return permanent
    }

    /// Runs `batch` as one save, all or nothing; the context hands it the rows by ID when a
    /// predicate selects them (this store evaluates none).
    func execute(_ batch: StoreBatch) throws -> StoreBatch.Outcome {
        let selected: [ManagedObjectID]
        switch batch.selection {
        case .matching(let predicate):
            precondition(predicate == nil, "the context selects the in-memory store's rows by ID")
            selected = rows(for: batch.request(nil)).map(\.id)
        case .ids(let ids):
            selected = ids.filter { state.rows[$0] != nil }.sorted { ($0.primaryKey ?? 0) < ($1.primaryKey ?? 0) }
        }
        var outcome = StoreBatch.Outcome(selected: selected)
        var changes = StoreChanges()
        changes.labels = batch.labels
        switch batch.action {
        case .delete:
            let deletion = try BatchDeletion(of: selected) { relationship, sources in
                guard relationship.isToMany else {
                    return sources.compactMap { state.rows[$0]?.snapshot.toOne(relationship.storageIndex) }
                }
                return try destinations(of: relationship, for: sources).map(\.destination)
            }
            changes.deletes = deletion.deleted.map { StoreChanges.Delete(id: $0, version: nil) }
            for (toOne, rows) in deletion.nullified {
                changes.updates += rows.map {
                    StoreChanges.Update(id: $0, version: state.rows[$0]!.snapshot.version, attributes: [], toOne: [(toOne, nil)])
                }
            }
            outcome.deleted = deletion.deleted
        case .update(let values):
            changes.updates = selected.map {
                StoreChanges.Update(id: $0, version: state.rows[$0]!.snapshot.version, attributes: values, toOne: [])
            }
        }
        outcome.updated = changes.updates.map(\.id)
        _ = try save(changes) {}
        return outcome
    }

    /// Appends `record` to the history of `state` as its next transaction.
    private func appendHistory(_ record: HistoryRecord, to state: inout State) {
        state.lastTransaction += 1
        let number = state.lastTransaction
        var transaction = PersistentHistoryTransaction(
            transactionNumber: number, storeIdentifier: identifier, timestamp: Date(), author: record.labels.author,
            contextName: record.labels.contextName, bundleID: HistoryLabels.bundleID, processID: HistoryLabels.processID)
        transaction.changes = record.changes.map { change in
            state.lastChange += 1
            return PersistentHistoryChange(
                changeID: state.lastChange, changeType: change.type, changedObjectID: change.id,
                updatedProperties: change.type == .update ? Set(change.properties) : nil, transactionNumber: number)
        }
        state.history.append(transaction)
    }

    func history(after bound: HistoryBound, limit: Int) throws -> [PersistentHistoryTransaction] {
        let after = state.history.filter { transaction in
            switch bound {
            case .transaction(let number): transaction.transactionNumber > number
            case .date(let date): transaction.timestamp > date
            }
        }
        return limit > 0 ? Array(after.prefix(limit)) : after
    }

    func deleteHistory(before bound: HistoryBound) throws -> Int {
        let count = state.history.count
        state.history.removeAll { transaction in
            switch bound {
            case .transaction(let number): transaction.transactionNumber < number
            case .date(let date): transaction.timestamp < date
            }
        }
        return count - state.history.count
    }

    func lastTransactionNumber() throws -> Int64 { state.history.last?.transactionNumber ?? 0 }
}
