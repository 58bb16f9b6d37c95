// Unsafe: an ID holds its entity `unowned(unsafe)`, safe because entities are never deallocated (see
// `EntityDescription`); the invariant is at `storedEntity`.

import Foundation
import Synchronization

/// A global, thread-safe identity for a managed object, valid across contexts.
///
/// An object inserted into a context has a *temporary* ID until it is saved; the save gives it a
/// *permanent* ID made of its entity, its store and its primary key in that store. IDs are
/// values: compare them, keep them in sets, pass them between threads, and turn them back into
/// objects with ``ManagedObjectContext/object(with:)``.
///
/// An ID is two words, the entity and one packed integer, so that copying, hashing and
/// comparing it is cheap: contexts keep one per object, in their registry and in their fault
/// batches. The integer holds the key in its low 47 bits and, for a permanent ID, a small
/// process-wide number standing for the store's UUID in the bits above (see `StoreTags`).
public struct ManagedObjectID: Hashable, Sendable {
    /// How the object is keyed.
    enum Key: Hashable, Sendable {
        /// Allocated in memory on insert; unique within the process.
        case temporary(UInt64)
        /// The row's primary key (`Z_PK`) in its entity's table.
        case permanent(Int64)
    }

    /// The object's (concrete) entity.
    public var entity: EntityDescription { storedEntity }
    /// The entity, not retained: entity descriptions live as long as the process (see
    /// ``storedEntity``).
    var unretainedEntity: Unmanaged<EntityDescription> { Unmanaged.passUnretained(storedEntity) }
    /// The entity, not reference-counted: entities are never deallocated (see
    /// ``EntityDescription``), so copying an ID costs no atomic reference-count operation.
    private unowned(unsafe) let storedEntity: EntityDescription
    /// The store's tag (0 for a temporary ID) above ``keyBits`` bits of key.
    private let packed: UInt64

    /// How many low bits of ``packed`` hold the key: primary keys and temporary numbers stay
    /// below 2⁴⁷ (about 1.4 × 10¹⁴).
    static let keyBits: UInt64 = 47
    private static let keyMask: UInt64 = (1 << keyBits) - 1
    /// The largest primary key an ID can hold.
    static let maxPrimaryKey = Int64(keyMask)

    /// A temporary ID numbered `number`.
    private init(entity: EntityDescription, temporary number: UInt64) {
        precondition(number <= Self.keyMask, "the process ran out of temporary object IDs")
        self.storedEntity = entity
        self.packed = number
    }

    /// The permanent ID of the row `primaryKey` of `entity` in the store tagged `storeTag`.
    ///
    /// - Precondition: `0 ≤ primaryKey ≤` ``maxPrimaryKey``; `storeTag` comes from
    ///   ``StoreTags/tag(for:)``.
    init(entity: EntityDescription, primaryKey: Int64, storeTag: UInt16) {
        precondition(primaryKey >= 0 && primaryKey <= Self.maxPrimaryKey, "primary key \(primaryKey) out of range")
        precondition(storeTag != 0, "a permanent ID needs a store")
        self.storedEntity = entity
        self.packed = UInt64(storeTag) << Self.keyBits | UInt64(primaryKey)
    }

    private static let temporaryCounter = Atomic<UInt64>(0)

    /// A new process-unique temporary ID for an object of `entity`.
    static func temporary(for entity: EntityDescription) -> ManagedObjectID {
        ManagedObjectID(entity: entity, temporary: temporaryCounter.add(1, ordering: .relaxed).newValue)
    }

    /// The tag of the store holding the object; 0 for a temporary ID.
    var storeTag: UInt16 { UInt16(truncatingIfNeeded: packed >> Self.keyBits) }

    /// How the object is keyed, temporary or permanent.
    var key: Key {
        storeTag == 0 ? .temporary(packed) : .permanent(Int64(packed & Self.keyMask))
    }

    /// The identifier (UUID) of the store holding the object, or `nil` while temporary.
    public var storeIdentifier: String? {
        storeTag == 0 ? nil : StoreTags.identifier(for: storeTag)
    }

    /// The number of a temporary ID, or `nil` for a permanent one.
    var temporaryNumber: UInt64? { storeTag == 0 ? packed : nil }

    /// Whether the ID is temporary, that is the object has not been saved yet.
    public var isTemporaryID: Bool { storeTag == 0 }

    /// The primary key (`Z_PK`) of a permanent ID, or `nil` for a temporary one.
    public var primaryKey: Int64? {
        storeTag == 0 ? nil : Int64(packed & Self.keyMask)
    }

    /// A key that sorts IDs as fetches do when no ordering decides: permanent IDs by primary
    /// key (then root entity number), before temporary ones in the order they were made.
    var saveOrder: UInt64 {
        // Permanent: the key, then the root entity's number, below 2^63; temporary: above.
        storeTag == 0
            ? 1 << 63 | packed
            : (packed & Self.keyMask) << 16 | UInt64(truncatingIfNeeded: entity.rootEntity.entityNumber & 0xFFFF)
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

    /// Two IDs are equal when they name the same row: same inheritance root, same key (the
    /// store is not compared, as before IDs carried it).
    public static func == (lhs: ManagedObjectID, rhs: ManagedObjectID) -> Bool {
        lhs.identityBits == rhs.identityBits && lhs.storedEntity.rootIdentity == rhs.storedEntity.rootIdentity
    }

    /// Hashes the inheritance root and the key.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedEntity.rootIdentity)
        hasher.combine(identityBits)
    }

    /// The identity of the entity's inheritance root, which equal IDs share.
    var rootIdentity: ObjectIdentifier { storedEntity.rootIdentity }

    /// A well-mixed hash of the inheritance root and the key, for ``ObjectHashTable``: equal IDs
    /// have equal values.
    var tableHash: Int {
        let root = UInt64(UInt(bitPattern: storedEntity.rootIdentity))
        return Int(truncatingIfNeeded: ((identityBits ^ root >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 17)
    }

    /// The key without the store: the number, and whether it is temporary in the top bit.
    private var identityBits: UInt64 {
        storeTag == 0 ? packed : packed & Self.keyMask | 1 << 63
    }
}

extension ManagedObjectID: CustomStringConvertible {
    /// The URI representation as a string.
    public var description: String { uriRepresentation.absoluteString }
}

/// Small process-wide numbers standing for store UUIDs inside ``ManagedObjectID``s.
///
/// An ID then needs no string of its own. A UUID keeps its tag for the life of the process;
/// opening the same store again gives the same tag.
enum StoreTags {
    /// Tags and the store UUIDs they stand for.
    ///
    /// Tag 0 stands for none (a temporary ID).
    struct Table {
        /// The most tags the table hands out.
        let capacity: Int
        private var identifiers: [String] = [""]
        private var tags: [String: UInt16] = [:]

        /// A table handing out at most `capacity` tags (at most `UInt16.max`).
        init(capacity: Int = Int(UInt16.max)) {
            self.capacity = min(capacity, Int(UInt16.max))
        }

        /// The tag of a store UUID, allocated on first use.
        ///
        /// - Throws: ``StoreError/tooManyStores(limit:)`` when all tags are taken.
        mutating func tag(for identifier: String) throws(StoreError) -> UInt16 {
            if let tag = tags[identifier] { return tag }
            guard identifiers.count <= capacity else { throw .tooManyStores(limit: capacity) }
            let tag = UInt16(identifiers.count)
            identifiers.append(identifier)
            tags[identifier] = tag
            return tag
        }

        /// The store UUID `tag` stands for.
        func identifier(for tag: UInt16) -> String { identifiers[Int(tag)] }
    }

    private static let table = Mutex(Table())

    /// The tag of a store UUID, allocated on first use.
    ///
    /// - Throws: ``StoreError/tooManyStores(limit:)`` once 65,535 distinct stores were opened
    ///   in this process.
    static func tag(for identifier: String) throws(StoreError) -> UInt16 {
        try table.withLock { (table) throws(StoreError) in try table.tag(for: identifier) }
    }

    /// The store UUID a tag stands for.
    static func identifier(for tag: UInt16) -> String {
        table.withLock { $0.identifier(for: tag) }
    }
}
