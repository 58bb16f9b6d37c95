import ObjectGraph

/// The store's history: who changed the tournament, when, with which command and what; and
/// following the changes other programs save.
///
/// Every store the planner opens keeps a persistent history, and every save records a
/// transaction in it, signed with ``Tournament/signature``.
public struct History: TournamentService {
    let tournament: Tournament

    /// The last `limit` saves to the store (all with `nil`), the newest first.
    ///
    /// - Throws: ``PlannerError/Kind/storeRefused(_:)`` when the store cannot be read.
    /// - Complexity: Two queries reading the saves listed.
    public func log(limit: Int? = nil) throws -> [ChangeLogEntry] {
        try storeAccess {
            let coordinator = context.persistentStoreCoordinator
            var start = PersistentHistoryToken()
            if let limit {
                let current = try coordinator.currentPersistentHistoryToken()
                start.transactionNumbers = current.transactionNumbers.mapValues { max(0, $0 - Int64(limit)) }
            }
            let transactions = try context.execute(.fetchHistory(after: start)).transactions
            return transactions.suffix(limit ?? transactions.count).reversed().map(Self.entry)
        }
    }

    /// Where the store's history stands now: ``refresh(after:)`` reads the saves after it.
    ///
    /// - Throws: ``PlannerError/Kind/storeRefused(_:)`` when the store cannot be read.
    public func mark() throws -> HistoryMark {
        try storeAccess { HistoryMark(token: try context.persistentStoreCoordinator.currentPersistentHistoryToken()) }
    }

    /// Brings the tournament up to date with the saves other processes made after `mark`, and
    /// moves `mark` past them.
    ///
    /// - Returns: Those saves, oldest first; none when the store has not changed.
    /// - Throws: ``PlannerError/Kind/storeRefused(_:)`` when the store cannot be read.
    /// - Complexity: One query when nothing changed; otherwise two more, and the objects the
    ///   saves changed are read again as they are used.
    public func refresh(after mark: inout HistoryMark) throws -> [ChangeLogEntry] {
        try storeAccess {
            let coordinator = context.persistentStoreCoordinator
            guard try coordinator.currentPersistentHistoryToken() != mark.token else { return [] }
            let transactions = try context.execute(.fetchHistory(after: mark.token)).transactions
            context.mergeChanges(fromHistory: transactions)
            mark.token = transactions.reduce(mark.token) { $0.merging($1.token) }
            return transactions.map(Self.entry)
        }
    }

    /// A transaction as a log entry.
    private static func entry(_ transaction: PersistentHistoryTransaction) -> ChangeLogEntry {
        var byEntity: [String: ChangeLogEntry.EntityChanges] = [:]
        var properties: [String: Set<String>] = [:]
        for change in transaction.changes {
            let name = change.changedObjectID.entity.name
            var counts = byEntity[name] ?? ChangeLogEntry.EntityChanges(entity: name)
            switch change.changeType {
            case .insert: counts.inserted += 1
            case .update:
                counts.updated += 1
                properties[name, default: []].formUnion(change.updatedProperties ?? [])
            case .delete: counts.deleted += 1
            }
            byEntity[name] = counts
        }
        return ChangeLogEntry(
            number: transaction.transactionNumber, date: transaction.timestamp, author: transaction.author,
            action: transaction.contextName, program: transaction.bundleID,
            entities: byEntity.values.sorted { $0.entity < $1.entity }.map { entity in
                var entity = entity
                entity.properties = properties[entity.entity, default: []].sorted()
                return entity
            })
    }
}
