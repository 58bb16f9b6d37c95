import ObjectGraph

/// A part of the planner that works in a ``Tournament``'s context: the session's context,
/// look-ups, store access and rule set, shared by every service.
protocol TournamentService {
    /// The session the service works in.
    var tournament: Tournament { get }
}

extension TournamentService {
    /// The session's context.
    var context: ManagedObjectContext { tournament.context }

    /// Look-ups and labels.
    var lookup: Lookup { tournament.lookup }

    /// Runs framework calls, turning their errors into ``PlannerError/Kind/storeRefused(_:)``.
    func storeAccess<T>(_ body: () throws -> T) throws -> T { try tournament.storeAccess(body) }

    /// The objects `request` fetches, its errors as ``PlannerError/Kind/storeRefused(_:)``.
    func fetch<T: ManagedObject>(_ request: FetchRequest<T>) throws -> [T] {
        try storeAccess { try context.fetch(request) }
    }

    /// The planner's own predicate `format` with its arguments bound.
    ///
    /// - Throws: ``PlannerError/Kind/storeRefused(_:)`` for a format that does not parse (a
    ///   mistake in the planner, not in user input).
    func predicate(_ format: String, _ arguments: Any?...) throws -> FetchPredicate {
        do {
            return try FetchPredicate(format: format, argumentArray: arguments)
        } catch {
            throw PlannerError(.storeRefused("internal predicate \(quoted(format)): \(error)"))
        }
    }

    /// The rule set the tournament plays by.
    func ruleSet() throws -> RuleSet { try tournament.ruleSet() }
}
