import Foundation
import Synchronization

/// A global, thread-safe identity for a managed object, valid across contexts.
///
/// An object inserted into a context has a *temporary* ID until it is saved; the save gives it a
/// *permanent* ID made of its entity and its primary key in the store. IDs are values: compare
/// them, keep them in sets, pass them between threads, and turn them back into objects with
/// ``ManagedObjectContext/object(with:)``.
public struct ManagedObjectID: Hashable, Sendable {
    /// How the object is keyed.
    enum Key: Hashable, Sendable {
        /// Allocated in memory on insert; unique within the process.
        case temporary(UInt64)
        /// The row's primary key (`Z_PK`) in its entity's table.
        case permanent(Int64)
    }

    /// The object's (concrete) entity.
    public let entity: EntityDescription
    let key: Key
    /// The identifier (UUID) of the store holding the object, or `nil` while temporary.
    public let storeIdentifier: String?

    init(entity: EntityDescription, key: Key, storeIdentifier: String?) {
        self.entity = entity
        self.key = key
        self.storeIdentifier = storeIdentifier
    }

    private static let temporaryCounter = Atomic<UInt64>(0)

    /// A new process-unique temporary ID for an object of `entity`.
    static func temporary(for entity: EntityDescription) -> ManagedObjectID {
        let next = temporaryCounter.add(1, ordering: .relaxed).newValue
        return ManagedObjectID(entity: entity, key: .temporary(next), storeIdentifier: nil)
    }

    /// Whether the ID is temporary, that is the object has not been saved yet.
    public var isTemporaryID: Bool {
        if case .temporary = key { return true }
        return false
    }

    /// The primary key (`Z_PK`) of a permanent ID, or `nil` for a temporary one.
    public var primaryKey: Int64? {
        if case .permanent(let pk) = key { return pk }
        return nil
    }

    /// A URI naming the object, as Core Data writes it:
    /// `x-coredata://<store UUID>/<Entity>/p<Z_PK>` (temporary: `x-coredata:///<Entity>/t<n>`).
    public var uriRepresentation: URL {
        switch key {
        case .permanent(let pk):
            return URL(string: "x-coredata://\(storeIdentifier ?? "")/\(entity.name)/p\(pk)")!
        case .temporary(let n):
            return URL(string: "x-coredata:///\(entity.name)/t\(n)")!
        }
    }

    /// Two IDs are equal when they name the same row: same inheritance root, same key.
    public static func == (lhs: ManagedObjectID, rhs: ManagedObjectID) -> Bool {
        lhs.key == rhs.key && lhs.entity.rootEntity === rhs.entity.rootEntity
    }

    /// Hashes the inheritance root and the key.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(entity.rootEntity))
        hasher.combine(key)
    }
}

extension ManagedObjectID: CustomStringConvertible {
    /// The URI representation as a string.
    public var description: String { uriRepresentation.absoluteString }
}
