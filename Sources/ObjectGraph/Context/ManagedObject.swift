// Unsafe: the object's stored state skips run-time exclusivity checks (read on every property access), and
// `deinit` reaches the context unretained (`ContextLink`). Invariants: above `objectID`, and in `deinit`.

import Foundation

/// An object of the graph: an instance of an entity, living in one context.
///
/// Read and write properties by name with ``value(forKey:)`` and ``setValue(_:forKey:)``, or
/// through the typed subclasses `og-codegen` generates from the model. Setting one side of a
/// relationship updates the other side. Objects fetched from a store start as *faults* that
/// hold no data; the first access loads it.
///
/// When another save has deleted an object's row, a fault finds nothing: ``value(forKey:)``
/// and ``setValue(_:forKey:)`` throw; the typed getters give `nil`; the setters that cannot
/// throw make no change, on either side of a link, and the context's next save fails as a
/// conflict (``ManagedObjectContext/save()``).
///
/// Objects are confined to their context's thread; pass ``objectID`` between threads instead.
///
/// The object's state is read and written on every property access, so its stored properties
/// opt out of run-time exclusivity checks (`@exclusivity(unchecked)`, about a sixth of a
/// fetch's instructions otherwise); the framework never holds an access to one of them across
/// a call that could touch the same object.
open class ManagedObject: Hashable, CustomStringConvertible {
    /// A related object or set, as held in memory.
    enum Relation {
        /// A to-one whose destination is known only by ID (turned into an object on access).
        case unresolved(ManagedObjectID?)
        /// A resolved to-one.
        case one(ManagedObject?)
        /// A loaded to-many.
        case many(Set<ManagedObject>)
        /// A loaded ordered to-many, in its order.
        case ordered([ManagedObject])
        /// A to-many not loaded yet.
        case manyFault
    }

    /// The entity the object is an instance of.
    public var entity: EntityDescription { objectID.entity }

    // Exclusivity unchecked, for every stored property below: an object is confined to its context's thread
    // (it is not Sendable), and no access to one of them is held across a call that could reach it again; code
    // reads or writes a property and lets go before calling out (`modifyMembers(of:_:)` moves a set out of
    // `relations` before changing it). The only code that runs inside an access is the `deinit` of an object a
    // write releases: it reads the dying object's `link` and, through the registry, other objects' `objectID`,
    // and writing an ID releases nothing. (A subclass `deinit` could break this; generated classes have none.)

    /// The object's ID: temporary until the first save, then permanent.
    @exclusivity(unchecked) public internal(set) var objectID: ManagedObjectID
    /// The context the object lives in, shared by all its objects.
    @exclusivity(unchecked) var link: ContextLink?
    /// Whether the object's data is still to be loaded from the store.
    @exclusivity(unchecked) public internal(set) var isFault: Bool = false
    /// Where the object stands in its context's unsaved changes (kept by the context, with its
    /// sets of inserted, updated and deleted objects).
    @exclusivity(unchecked) var membership = ManagedObjectContext.Membership.clean
    /// The states whose list in ``ManagedObjectContext/pending`` holds the object, one bit per
    /// ``ManagedObjectContext/Membership`` raw value, so that it is never listed twice.
    @exclusivity(unchecked) var listedStates: UInt8 = 0
    /// The lists of its context that keep the object alive (beside its unsaved changes).
    @exclusivity(unchecked) var heldBy: ManagedObjectContext.Holding = []
    /// This object's position in ``faultGroup``. (Declared after the one-byte fields, so that
    /// they all share one word of the object.)
    @exclusivity(unchecked) var faultGroupIndex: Int32 = 0
    /// Current attribute values by storage index, once one changed; empty while they are those
    /// of ``snapshot``, or the defaults for an object never saved (see ``currentValue(_:)``).
    @exclusivity(unchecked) var values: [AttributeValue] = []
    /// Current relationships by storage index, once one was written or a to-many loaded; empty
    /// while they are those of ``snapshot``, or empty relationships for an object never saved
    /// (see ``relation(_:)``).
    ///
    /// The objects kept of fetched properties follow, once one is read (see
    /// ``fetchedObjects(_:)``).
    @exclusivity(unchecked) var relations: [Relation] = []
    /// The last saved (or fetched) state; `nil` for an object never saved.
    ///
    /// On a fault: the row read with a fetch or a to-many relationship, loaded when the fault
    /// fires, or `nil` (read the store).
    @exclusivity(unchecked) var snapshot: Snapshot?
    /// The objects fetched together with this one, loaded together when a fault fires.
    @exclusivity(unchecked) var faultGroup: FaultGroup?

    deinit {
        // The registry does not keep its objects alive: an object leaves it as it goes.
        // The context is reached without retaining it: it is alive while its link names it (see
        // `ContextLink.unretainedContext`), and this runs on its thread, as the object belongs there.
        link?.unretainedContext?._withUnsafeGuaranteedRef { $0.registry.forget(self) }
    }

    /// The entity name generated subclasses stand for; `ManagedObject` itself names none.
    open class var entityName: String { "" }

    /// Creates an object of `entity`, inserting it into `context` when given.
    ///
    /// Prefer ``ManagedObjectContext/insertNewObject(forEntityName:)`` or a generated class's
    /// `init(context:)`.
    public required init(entity: borrowing EntityDescription, insertInto context: ManagedObjectContext?) {
        // Values and relationships start empty: an object without a snapshot reads each
        // attribute's default value and empty relationships until it writes them.
        self.objectID = .temporary(for: entity)
        context?.register(inserted: self)
    }

    /// Creates an object of this class's entity (``entityName``) in `context`.
    ///
    /// - Precondition: the context's model has the entity, and it is not abstract.
    public convenience init(context: ManagedObjectContext) {
        guard let entity = context.model.entity(for: Self.self), !entity.isAbstract else {
            preconditionFailure("\(Self.self) names entity '\(Self.entityName)', which the model lacks or is abstract")
        }
        self.init(entity: entity, insertInto: context)
    }

    /// The context the object lives in; `nil` once deleted and saved, or once the context is
    /// gone.
    public var managedObjectContext: ManagedObjectContext? { link?.context }

    // MARK: State

    /// Whether the object was inserted and not saved yet.
    public var isInserted: Bool { membership == .inserted && managedObjectContext != nil }
    /// Whether the object was changed since it was saved or fetched.
    public var isUpdated: Bool { membership == .updated && managedObjectContext != nil }
    /// Whether the object was deleted and the deletion not saved yet.
    public var isDeleted: Bool { membership == .deleted && managedObjectContext != nil }
    /// Whether the object was deleted by ID as the member of a deleted owner, without its row
    /// ever being read (see ``RelationshipDescription/cascadesToMembersByID``).
    var isDeletedUnread: Bool { membership == .deleted && isFault && snapshot == nil }
    /// Whether the object is inserted, updated or deleted.
    public var hasChanges: Bool { isInserted || isUpdated || isDeleted }

    /// Called once when the object is inserted; override to set up initial values.
    open func awakeFromInsert() {}
    /// Called when the object's data has been loaded from the store.
    open func awakeFromFetch() {}

    // MARK: Key-value access

    /// The value of a property: the attribute's Swift value (`String`, `Int64`, `Double`,
    /// `Decimal`, `Bool`, `Date`, `Data`, `UUID`, `URL`, or `nil`), the related object of a
    /// to-one, the `Set<ManagedObject>` of a to-many, the `[ManagedObject]` of an ordered
    /// to-many, in order, or the `[ManagedObject]` of a fetched property (see
    /// ``fetchedObjects(forKey:)``).
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``, or
    ///   ``ObjectGraphError/objectNotFound(_:)`` when another save deleted the object's row.
    /// - Complexity: May load the object's data (one query), a to-many (one query), or fetch a
    ///   fetched property.
    public func value(forKey key: String) throws(ObjectGraphError) -> Any? {
        if let attribute = entity.attribute(named: key) {
            try requireRow()
            return attributeValue(attribute).anyValue
        }
        guard let relationship = entity.relationship(named: key) else {
            guard let property = entity.fetchedPropertiesByName[key] else { throw .unknownKey(entity: entity.name, key: key) }
            try requireRow()
            return fetchedObjects(property)
        }
        try requireRow()
        if relationship.isOrdered { return relatedList(relationship) }
        return relationship.isToMany ? relatedSet(relationship) : relatedObject(relationship)
    }

    /// Sets a property, recording the change and keeping inverse relationships consistent.
    ///
    /// Attributes take any Swift value their type can hold exactly (an `Int` for a Double, a
    /// `String` for a URI, ...); to-ones take a managed object or `nil`; to-manys take any
    /// sequence of managed objects (an ordered one keeps their order).
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``,
    ///   ``ObjectGraphError/fetchedProperty(entity:key:)``,
    ///   ``ObjectGraphError/typeMismatch(entity:property:expected:found:)``,
    ///   ``ObjectGraphError/foreignObject(_:)`` for an object of another context, or
    ///   ``ObjectGraphError/objectNotFound(_:)`` when another save deleted this object or the
    ///   one it is to point at (nothing is changed).
    public func setValue(_ value: Any?, forKey key: String) throws(ObjectGraphError) {
        if let attribute = entity.attribute(named: key) {
            guard attribute.derivation == nil else { throw .derivedAttribute(entity: entity.name, key: key) }
            let stored = try coerced(value, for: attribute)
            try requireRow()
            setAttributeValue(stored, for: attribute)
            return
        }
        guard let relationship = entity.relationship(named: key) else { throw unsettableKey(key) }
        if relationship.isToMany {
            let objects: [ManagedObject]
            switch value {
            case nil: objects = []
            case let set as Set<ManagedObject>: objects = Array(set)
            case let sequence as any Sequence:
                guard let list = Array(sequence) as? [ManagedObject] else { throw mismatch(relationship, value) }
                objects = list
            default: throw mismatch(relationship, value)
            }
            for object in objects { try checkSameContext(object) }
            try requireRow()
            for object in objects { try object.requireRow() }
            replaceRelatedObjects(objects, for: relationship)
        } else {
            let object: ManagedObject?
            switch value {
            case nil: object = nil
            case let o as ManagedObject: object = o
            default:
                if let value, AttributeValue(any: value) == .null { object = nil } else { throw mismatch(relationship, value) }
            }
            if let object { try checkSameContext(object) }
            try requireRow()
            try object?.requireRow()
            setRelatedObject(object, for: relationship)
        }
    }

    /// The stored value of a property, without inverse bookkeeping (Core Data's primitive
    /// accessors): attributes as ``AttributeValue``'s Swift value, to-ones as an object,
    /// to-manys as a set.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``.
    public func primitiveValue(forKey key: String) throws(ObjectGraphError) -> Any? {
        try value(forKey: key)
    }

    /// Sets a property as stored, with no coercion or inverse update.
    ///
    /// An attribute's value is coerced no further than its type; a relationship is set without
    /// touching the inverse side. The object is still marked as changed, so a save writes it.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``,
    ///   ``ObjectGraphError/fetchedProperty(entity:key:)`` or
    ///   ``ObjectGraphError/typeMismatch(entity:property:expected:found:)``.
    public func setPrimitiveValue(_ value: Any?, forKey key: String) throws(ObjectGraphError) {
        if let attribute = entity.attribute(named: key) {
            setAttributeValue(try coerced(value, for: attribute), for: attribute)
            return
        }
        guard let relationship = entity.relationship(named: key) else { throw unsettableKey(key) }
        fulfillFault()
        if relationship.isToMany {
            guard let objects = (value as? any Sequence).flatMap({ Array($0) as? [ManagedObject] }) ?? (value == nil ? [] : nil)
            else { throw mismatch(relationship, value) }
            loadToMany(relationship)
            let old = relatedSet(relationship)
            for object in old.subtracting(objects) { primitiveRemove(object, from: relationship) }
            for object in objects where !old.contains(object) { primitiveInsert(object, into: relationship) }
            if relationship.isOrdered { primitiveReorder(objects, of: relationship) }
        } else {
            guard value == nil || value is ManagedObject else { throw mismatch(relationship, value) }
            primitiveSetToOne(value as? ManagedObject, for: relationship)
        }
    }

    /// The saved values of the given keys (all attributes and to-ones when `nil`), as they
    /// were when last fetched or saved; empty for an object never saved.
    public func committedValues(forKeys keys: [String]? = nil) -> [String: Any?] {
        guard let snapshot = snapshotForCommittedValues() else { return [:] }
        var result: [String: Any?] = [:]
        for attribute in entity.attributes where !attribute.isTransient && (keys?.contains(attribute.name) ?? true) {
            result[attribute.name] = snapshot.attribute(attribute.storageIndex).anyValue
        }
        for relationship in entity.relationships where !relationship.isToMany && (keys?.contains(relationship.name) ?? true) {
            result[relationship.name] = snapshot.toOne(relationship.storageIndex)
        }
        return result
    }

    /// The attributes and to-ones whose current value differs from the saved one, with their
    /// current values (to-ones as object IDs).
    public func changedValues() -> [String: Any?] {
        guard !isFault else { return [:] }
        let saved = snapshot
        var result: [String: Any?] = [:]
        for attribute in entity.attributes where !attribute.isTransient {
            let current = currentValue(attribute)
            if saved == nil ? !current.isNull : saved!.attribute(attribute.storageIndex) != current {
                result[attribute.name] = current.anyValue
            }
        }
        for relationship in entity.relationships where !relationship.isToMany {
            let current = toOneID(relationship)
            if saved == nil ? current != nil : saved!.toOne(relationship.storageIndex) != current {
                result[relationship.name] = current
            }
        }
        return result
    }

    // MARK: Hashable, description

    /// Objects are equal only to themselves.
    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The hash `Set` and `Dictionary` place the object by.
    ///
    /// It is the object's address mixed with the seed by one multiplication, instead of a
    /// `Hasher` run over it (a to-many's set hashes each member as it grows). Addresses cannot
    /// be chosen by an attacker, so the keyed hash buys nothing here.
    public func _rawHashValue(seed: Int) -> Int {
        let address = UInt64(UInt(bitPattern: ObjectIdentifier(self)))
        let mixed = (address ^ UInt64(UInt(bitPattern: seed))) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }

    /// The entity, the ID and, unless a fault, the attribute values.
    open var description: String {
        if isFault { return "<\(entity.name) \(objectID) fault>" }
        let fields = entity.attributes.map { "\($0.name)=\(currentValue($0))" }
        return "<\(entity.name) \(objectID) \(fields.joined(separator: " "))>"
    }

    // MARK: Helpers

    func relationship(_ key: String, indexHint: Int) -> RelationshipDescription {
        withRelationship(key, indexHint: indexHint) { $0 }
    }

    func coerced(_ value: Any?, for attribute: AttributeDescription) throws(ObjectGraphError) -> AttributeValue {
        guard let wrapped = AttributeValue(any: value), let stored = attribute.attributeType.coerce(wrapped) else {
            throw .typeMismatch(
                entity: entity.name, property: attribute.name,
                expected: attribute.attributeType.rawValue, found: Self.describe(value))
        }
        return stored
    }

    /// The error for setting `key`, which names no attribute or relationship: a fetched
    /// property, or nothing.
    func unsettableKey(_ key: String) -> ObjectGraphError {
        entity.fetchedPropertiesByName[key] == nil
            ? .unknownKey(entity: entity.name, key: key) : .fetchedProperty(entity: entity.name, key: key)
    }

    func mismatch(_ relationship: RelationshipDescription, _ value: Any?) -> ObjectGraphError {
        .typeMismatch(
            entity: entity.name, property: relationship.name,
            expected: relationship.isToMany
                ? "a set of \(relationship.destinationEntity.name)" : relationship.destinationEntity.name,
            found: Self.describe(value))
    }

    func checkSameContext(_ object: ManagedObject) throws(ObjectGraphError) {
        guard object.link === link, link != nil else { throw .foreignObject(object.objectID.description) }
    }

    static func describe(_ value: Any?) -> String {
        guard let value else { return "nil" }
        return "\(type(of: value)) \(String(describing: value).prefix(40))"
    }

    func snapshotForCommittedValues() -> Snapshot? {
        if isFault { fulfillFault() }
        return snapshot
    }
}
