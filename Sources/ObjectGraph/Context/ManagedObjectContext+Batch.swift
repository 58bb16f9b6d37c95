/// Batch requests, run by the store without loading objects, and merging their results.
extension ManagedObjectContext {
    /// Deletes objects in the store at once (``BatchDeleteRequest``), following delete rules.
    ///
    /// The context itself is left as it was: merge the result
    /// (``mergeChanges(fromBatch:)``) into each context that may hold the objects.
    ///
    /// - Throws: ``ObjectGraphError`` for an unknown entity or key path;
    ///   ``BatchRequestError``; the store's error. Nothing is deleted then.
    /// - Complexity: A few set-based statements per relationship the delete rules follow.
    public func execute(_ request: BatchDeleteRequest) throws -> BatchResult {
        if request.objectIDs?.isEmpty == true { return BatchResult(count: 0, deletedObjectIDs: [], updatedObjectIDs: []) }
        guard let entity = model.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let store = try store(for: entity)
        let selection: StoreBatch.Selection
        if let ids = request.objectIDs {
            if let foreign = ids.first(where: { $0.isTemporaryID || !$0.entity.isKind(of: entity) || $0.storeTag != store.tag }) {
                throw BatchRequestError.foreignObjectID(foreign.description)
            }
            selection = .ids(ids)
        } else {
            selection = try self.selection(entity, request.predicate, request.includesSubentities, in: store)
        }
        var batch = StoreBatch(
            entity: entity, includesSubentities: request.includesSubentities,
            predicateFormat: request.predicate?.predicateFormat ?? "TRUEPREDICATE", selection: selection, action: .delete)
        batch.labels = HistoryLabels(author: transactionAuthor, contextName: name)
        return Self.result(of: try store.execute(batch), as: request.resultType)
    }

    /// Sets attributes of objects in the store at once (``BatchUpdateRequest``).
    ///
    /// The context itself is left as it was: merge the result
    /// (``mergeChanges(fromBatch:)``) into each context that may hold the objects.
    ///
    /// - Throws: ``ObjectGraphError`` for an unknown entity or key;
    ///   ``BatchRequestError``; the store's error. Nothing is written then.
    /// - Complexity: One query selecting the rows, one `UPDATE` per chunk of them.
    public func execute(_ request: BatchUpdateRequest) throws -> BatchResult {
        guard let entity = model.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        let values = try request.propertiesToUpdate.sorted { $0.key < $1.key }.map { key, value in
            try Self.batchValue(value, for: key, of: entity)
        }
        let store = try store(for: entity)
        var batch = StoreBatch(
            entity: entity, includesSubentities: request.includesSubentities,
            predicateFormat: request.predicate?.predicateFormat ?? "TRUEPREDICATE",
            selection: try selection(entity, request.predicate, request.includesSubentities, in: store),
            action: .update(values))
        batch.labels = HistoryLabels(author: transactionAuthor, contextName: name)
        return Self.result(of: try store.execute(batch), as: request.resultType)
    }

    /// Brings the context up to date with what a batch request did, as Core Data's
    /// `mergeChanges(fromRemoteContextSave:into:)` does with its IDs: deleted objects are
    /// forgotten (their unsaved changes with them) and leave the loaded to-manys that held
    /// them, which read the store again when next used; updated objects read their new saved
    /// state, keeping or dropping their unsaved changes by the context's ``mergePolicy`` (see
    /// ``mergeChanges(fromContextDidSave:)``).
    ///
    /// Objects the context does not hold are not loaded. The result must hold object IDs
    /// (``BatchResultType/objectIDs``).
    public func mergeChanges(fromBatch result: BatchResult) {
        merge(updated: Set(result.updatedObjectIDs), deleted: Set(result.deletedObjectIDs))
    }

    /// The rows a predicate selects: left to a SQL store, which translates it; by ID for a
    /// store that evaluates none (the in-memory store), found by a fetch of the saved state.
    private func selection(
        _ entity: EntityDescription, _ predicate: FetchPredicate?, _ includesSubentities: Bool, in store: any PersistentStore
    ) throws -> StoreBatch.Selection {
        guard let predicate, !(store is any TableRowStore) else {
            return .matching(try predicate.map { try ResolvedPredicate($0, for: entity) })
        }
        var request = FetchRequest<ManagedObject>(entityName: entity.name, predicate: predicate)
        request.includesSubentities = includesSubentities
        request.includesPendingChanges = false
        return .ids(try ManagedObjectContext(coordinator: persistentStoreCoordinator).fetch(request).map(\.objectID))
    }

    /// `value` checked and coerced for a batch update of `key`.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``;
    ///   ``BatchRequestError/unsupportedAttribute(entity:key:reason:)``,
    ///   ``BatchRequestError/invalidValue(entity:key:value:)``.
    private static func batchValue(
        _ value: AttributeValue, for key: String, of entity: EntityDescription
    ) throws -> (AttributeDescription, AttributeValue) {
        guard let attribute = entity.attributesByName[key] else {
            guard entity.relationshipsByName[key] != nil else { throw ObjectGraphError.unknownKey(entity: entity.name, key: key) }
            throw BatchRequestError.unsupportedAttribute(
                entity: entity.name, key: key, reason: "it is a relationship; batch updates set attributes only")
        }
        let family = entity.selfAndDescendants
        let reason: String?
        if attribute.isTransient {
            reason = "it is transient, never stored"
        } else if attribute.derivation != nil {
            reason = "it is derived, computed on save"
        } else if family.contains(where: { $0.attributes.contains { $0.derivation != nil } }) {
            reason = "the entity has derived attributes, which would go stale"
        } else if attribute.attributeType == .transformable || attribute.valueTransformerName != nil {
            reason = "it is Transformable, stored in its transformed form"
        } else if attribute.allowsExternalBinaryDataStorage {
            reason = "it allows external storage"
        } else {
            reason = nil
        }
        if let reason { throw BatchRequestError.unsupportedAttribute(entity: entity.name, key: key, reason: reason) }
        guard let coerced = attribute.attributeType.coerce(value) else {
            throw BatchRequestError.invalidValue(entity: entity.name, key: key, value: "\(value)")
        }
        return (attribute, coerced)
    }

    /// What a store did, as the request's result type asks.
    private static func result(of outcome: StoreBatch.Outcome, as type: BatchResultType) -> BatchResult {
        BatchResult(
            count: outcome.selected.count, deletedObjectIDs: type == .objectIDs ? outcome.deleted : [],
            updatedObjectIDs: type == .objectIDs ? outcome.updated : [])
    }
}
