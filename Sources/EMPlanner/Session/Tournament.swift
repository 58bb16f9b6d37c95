import Foundation
import ObjectGraph

/// A tournament kept in a store, as one session: the store opened (or created), one context
/// with the unsaved changes, saving, rolling back, undo and redo, and the change list.
///
/// The work is done by services over the session, each in a folder of its own:
/// ``lookup`` (finding and listing), ``squads``, ``structure`` (teams, groups, the draw),
/// ``fixtures`` (the schedule), ``results`` (results, goals, cards, official orders),
/// ``knockout`` (the bracket), ``reports`` (tables, thirds, what-if, statistics, suspensions),
/// ``interchange`` (seeding, setups, Football.TXT, copies) and ``history`` (who changed what,
/// others' saves). Their edits change the
/// session's context only, and are kept or discarded with ``save()`` or ``rollback()``. Every
/// method throws ``PlannerError`` (seeding also ``SetupError``), one line saying what and
/// where, and leaves the saved store unchanged when it throws.
///
/// ```swift
/// let tournament = try Tournament(store: .file(url))
/// try tournament.interchange.seedIfNeeded()
/// _ = try tournament.squads.addPlayer(team: "GER", givenname: "Mario", name: "Götze", number: 19,
///                                     position: "MF", club: nil, born: nil)
/// try tournament.save()
/// ```
public final class Tournament {
    /// The context holding the tournament's objects and its unsaved changes.
    let context: ManagedObjectContext
    /// Where the tournament is kept.
    public let store: TournamentLocation
    /// The object the last save was refused over because another program changed or deleted
    /// it, until ``refreshConflictingObject()``, a save or a rollback.
    private var conflictingObjectID: ManagedObjectID?

    /// Opens the store, or creates it with the planner's model (unless `createsStore` is
    /// false); never seeds.
    ///
    /// Every save records a transaction in the store's history, signed with ``signature``.
    ///
    /// - Parameters:
    ///   - store: A file, a server's schema, or memory.
    ///   - createsStore: Whether a store is made where there is none.
    /// - Throws: ``PlannerError/Kind/storeRefused(_:)`` for a file that is not a planner store
    ///   (left unchanged) or cannot be opened; ``PlannerError/Kind/noStore(_:)`` where there
    ///   is none and `createsStore` is false.
    /// - Complexity: Opens (and may create) the file.
    public init(store: TournamentLocation, createsStore: Bool = true) throws {
        let model: ManagedObjectModel
        do {
            model = try PlannerModel.load()
        } catch {
            throw PlannerError(.storeRefused("the planner model does not load: \(error)"))
        }
        let coordinator = PersistentStoreCoordinator(model: model)
        do {
            try coordinator.addPersistentStore(
                store.storeLocation, options: StoreOptions(createsStore: createsStore, persistentHistoryTracking: true))
        } catch StoreError.noStore {
            throw PlannerError(.noStore(store.description))
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
        self.store = store
        context = ManagedObjectContext(coordinator: coordinator)
        sign()
    }

    /// Signs the context's saves with the process's ``signature`` as it is now.
    private func sign() {
        let signature = Self.signature
        context.transactionAuthor = signature.author
        context.name = signature.action
    }

    /// Whether the store holds a tournament.
    ///
    /// Seeding records one (its ``Competition``, with the title and rule set) in the seed's own
    /// transaction, and only erasing the tournament removes it. A tournament whose teams were
    /// all removed is still one.
    ///
    /// - Complexity: One `SELECT COUNT`.
    public var isInitialised: Bool {
        get throws {
            try storeAccess { try context.count(for: Competition.fetchRequest()) > 0 }
        }
    }

    /// Whether the context has unsaved changes.
    public var hasChanges: Bool { context.hasChanges }

    /// Writes the context's changes to the store in one transaction.
    ///
    /// - Throws: ``PlannerError/Kind/validation(_:)`` listing the first broken model rule,
    ///   ``PlannerError/Kind/conflict(_:)`` when another program changed what this one read,
    ///   ``PlannerError/Kind/keyTaken(_:)`` when another object has a key this save gives
    ///   (another program saved it meanwhile), or ``PlannerError/Kind/storeRefused(_:)``; the
    ///   context keeps its changes then. Objects are named by their labels.
    /// - Complexity: One transaction.
    public func save() throws {
        sign()
        do {
            try context.save()
            conflictingObjectID = nil
        } catch let errors as ValidationErrors {
            throw PlannerError(.validation(described(errors)))
        } catch let conflict as ConstraintConflict {
            let keys = conflict.constraint.joined(separator: " and ")
            throw PlannerError(
                .keyTaken(
                    "\(label(ofObjectWith: conflict.objectID)) would have the same \(keys) as \(label(ofObjectWith: conflict.conflictingObjectID))"
                ))
        } catch StoreError.conflict(let id) {
            conflictingObjectID = id
            throw PlannerError(
                .conflict("\(label(ofObjectWith: id)) was changed or deleted by another program since it was read"))
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
    }

    /// What `errors` say, their object named by its label rather than its URI:
    /// `team GER Deutschland cannot be deleted: …`, `Player.name is required but empty on player GER 7 -`.
    private func described(_ errors: ValidationErrors) -> String {
        guard let first = errors.errors.first else { return errors.description }
        let label = label(ofObjectWith: first.objectID)
        return errors.description.replacingOccurrences(of: "\(first.entity) \(first.objectID)", with: label)
            .replacingOccurrences(of: "\(first.objectID)", with: label)
    }

    /// The label of the object with `id` (see ``Lookup/label(of:)``), or only its kind (`a team`)
    /// when the store no longer has it.
    private func label(ofObjectWith id: ManagedObjectID) -> String {
        let object = context.object(with: id)
        guard !object.isFault || (try? context.existingObject(with: id)) != nil else {
            let kind = id.entity.name.lowercased()
            return ("aeiou".contains(kind.first ?? "x") ? "an " : "a ") + kind
        }
        return lookup.label(of: object)
    }

    /// Discards the context's unsaved changes.
    public func rollback() {
        context.rollback()
        conflictingObjectID = nil
    }

    /// Reloads the object the last save was refused over (another program changed or deleted
    /// it), dropping this context's unsaved changes to that object only; the other unsaved
    /// changes stay, and the undo history is cleared.
    ///
    /// - Returns: The object's label, or `nil` when no save was refused over an object.
    public func refreshConflictingObject() -> String? {
        guard let id = conflictingObjectID else { return nil }
        let label = label(ofObjectWith: id)
        context.refresh(context.object(with: id))
        context.undoStack?.removeAllActions()
        conflictingObjectID = nil
        return label
    }

    /// Runs framework calls, turning their errors into ``PlannerError/Kind/storeRefused(_:)``.
    func storeAccess<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PlannerError {
            throw error
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
    }
}

@available(*, unavailable)
extension Tournament: Sendable {}

extension Player {
    /// Copies a setup entry's values (not the team).
    func apply(_ entry: SetupData.PlayerEntry) {
        number = Int16(entry.number)
        givenname = entry.givenname
        name = entry.name
        position = entry.position
        club = entry.club
        born = entry.born.flatMap(CalendarDay.utcMidnight)
    }
}
