// Unsafe: typed access reads the entity and its descriptions unretained (they are never deallocated), and
// `relatedObjects(forKey:indexHint:)` reinterprets a set whose members are all checked to be `T`s.

import Foundation

/// Typed access for generated classes, and the to-many mutators they use.
extension ManagedObject {
    // MARK: Typed access for generated classes

    // Each typed accessor takes an optional `indexHint`: the property's place among the
    // entity's attributes (or relationships) in the model the class was generated from,
    // inherited ones first. The property there is checked by name and used if it matches, so
    // that a read costs one comparison of names instead of a search; any other model still
    // works, by name.

    /// The value of an attribute as a Swift type; `nil` when empty or of another type.
    ///
    /// - Parameters:
    ///   - key: The attribute's name.
    ///   - indexHint: Where the attribute probably is among the entity's attributes (see above);
    ///     -1 for no hint.
    /// - Precondition: the entity has an attribute `key` (generated code guarantees it).
    @inlinable
    public func attributeValue<T: AttributeConvertible>(forKey key: String, indexHint: Int = -1) -> T? {
        // Inlinable, as the typed accessors below, so that the caller's module specializes it
        // for `T`: generic code would handle each value through its type's metadata.
        T(attributeValue: storedValue(forKey: key, indexHint: indexHint))
    }

    /// Sets an attribute from a Swift value.
    ///
    /// - Parameters:
    ///   - value: The new value; `nil` for none.
    ///   - key: The attribute's name.
    ///   - indexHint: Where the attribute probably is among the entity's attributes; -1 for
    ///     no hint.
    /// - Precondition: the entity has an attribute `key` whose type can hold `T`.
    @inlinable
    public func setAttributeValue<T: AttributeConvertible>(_ value: T?, forKey key: String, indexHint: Int = -1) {
        setStoredValue(value?.attributeValue, forKey: key, indexHint: indexHint)
    }

    /// The destination of a to-one relationship.
    ///
    /// - Parameters:
    ///   - key: The relationship's name.
    ///   - indexHint: Where the relationship probably is among the entity's relationships;
    ///     -1 for no hint.
    /// - Precondition: the entity has a to-one relationship `key`.
    @inlinable
    public func relatedObject<T: ManagedObject>(forKey key: String, indexHint: Int = -1) -> T? {
        relatedObjectForKey(key, indexHint: indexHint) as? T
    }

    /// Sets the destination of a to-one relationship and updates the inverse.
    ///
    /// - Parameters:
    ///   - object: The new destination; `nil` for none.
    ///   - key: The relationship's name.
    ///   - indexHint: Where the relationship probably is among the entity's relationships;
    ///     -1 for no hint.
    /// - Precondition: the entity has a to-one relationship `key`.
    public func setRelatedObject(_ object: ManagedObject?, forKey key: String, indexHint: Int = -1) {
        withRelationship(key, indexHint: indexHint) { relationship in
            guard isReadyForWrite(), object?.isReadyForWrite() != false else { return }
            setRelatedObject(object, for: relationship)
        }
    }

    /// The objects of a to-many relationship.
    ///
    /// - Parameters:
    ///   - key: The relationship's name.
    ///   - indexHint: Where the relationship probably is among the entity's relationships;
    ///     -1 for no hint.
    /// - Precondition: the entity has a to-many relationship `key`.
    /// - Complexity: Loads the relationship with one query on first access.
    @inlinable
    public func relatedObjects<T: ManagedObject>(forKey key: String, indexHint: Int = -1) -> Set<T> {
        let objects = relatedSetForKey(key, indexHint: indexHint)
        // Objects hash and compare by identity whatever their class, so a set whose members
        // are all `T`s is already a valid `Set<T>`: no need to hash them again. (`==` and
        // `hash(into:)` are `ManagedObject`'s, public, not open, so no subclass overrides them; a
        // set of class references has the same layout whatever the class.)
        if objects.allSatisfy({ $0 is T }) { return unsafeBitCast(objects, to: Set<T>.self) }
        return Set(objects.lazy.compactMap { $0 as? T })
    }

    /// The objects of an ordered to-many relationship, in order (Core Data's `NSOrderedSet`).
    ///
    /// - Parameters:
    ///   - key: The relationship's name.
    ///   - indexHint: Where the relationship probably is among the entity's relationships;
    ///     -1 for no hint.
    /// - Precondition: the entity has a to-many relationship `key`; for one that is not
    ///   ordered, the order is unspecified.
    /// - Complexity: Loads the relationship with one query on first access.
    public func orderedRelatedObjects<T: ManagedObject>(forKey key: String, indexHint: Int = -1) -> [T] {
        withRelationship(key, indexHint: indexHint) { relatedList($0) }.compactMap { $0 as? T }
    }

    /// The current value of attribute `key` (a fault fires first).
    @usableFromInline
    func storedValue(forKey key: String, indexHint: Int) -> AttributeValue {
        withAttribute(key, indexHint: indexHint) { attributeValue($0) }
    }

    /// Sets attribute `key` to `value` (`nil` for no value), converted to the attribute's type.
    @usableFromInline
    func setStoredValue(_ value: AttributeValue?, forKey key: String, indexHint: Int) {
        withAttribute(key, indexHint: indexHint) { attribute in
            let stored = value.map { attribute.attributeType.coerce($0) ?? $0 } ?? .null
            setAttributeValue(stored, for: attribute)
        }
    }

    /// The destination of to-one `key`.
    @usableFromInline
    func relatedObjectForKey(_ key: String, indexHint: Int) -> ManagedObject? {
        withRelationship(key, indexHint: indexHint) { relatedObject($0) }
    }

    /// The objects of to-many `key`.
    @usableFromInline
    func relatedSetForKey(_ key: String, indexHint: Int) -> Set<ManagedObject> {
        withRelationship(key, indexHint: indexHint) { relatedSet($0) }
    }

    /// Calls `body` with the entity's attribute `key`, tried at `indexHint` first, retaining
    /// neither (descriptions live as long as the process): the typed accessors' path, which
    /// changes no reference count.
    ///
    /// - Precondition: the entity has an attribute `key`.
    @inline(__always)
    func withAttribute<Result>(
        _ key: String, indexHint: Int, _ body: (AttributeDescription) -> Result
    ) -> Result {
        withProperty(key, kind: "attribute", find: { $0.unretainedAttribute(named: key, hint: indexHint) }, body)
    }

    /// Calls `body` with the entity's relationship `key` (see ``withAttribute(_:indexHint:_:)``).
    ///
    /// - Precondition: the entity has a relationship `key`.
    @inline(__always)
    func withRelationship<Result>(
        _ key: String, indexHint: Int, _ body: (RelationshipDescription) -> Result
    ) -> Result {
        withProperty(key, kind: "relationship", find: { $0.unretainedRelationship(named: key, hint: indexHint) }, body)
    }

    /// Calls `body` with the property `find` finds in the entity; a precondition failure
    /// naming `kind` and `key` when it finds none.
    @inline(__always)
    func withProperty<Property: PropertyDescription, Result>(
        _ key: String, kind: String, find: (EntityDescription) -> Unmanaged<Property>?, _ body: (Property) -> Result
    ) -> Result {
        // Neither is retained: entities and their descriptions are never deallocated (see
        // `EntityDescription.unretainedAttribute(named:)`).
        let entity = objectID.unretainedEntity
        guard let property = entity._withUnsafeGuaranteedRef(find) else { missingProperty(kind, key) }
        return property._withUnsafeGuaranteedRef(body)
    }

    /// Stops with a precondition failure naming the missing property: out of line, so that
    /// the message's code stays out of every accessor.
    @inline(never)
    func missingProperty(_ kind: String, _ key: String) -> Never {
        preconditionFailure("entity '\(entity.name)' has no \(kind) '\(key)'")
    }

    /// Replaces the objects of a to-many relationship, updating inverses.
    ///
    /// - Parameters:
    ///   - objects: The new members.
    ///   - key: The relationship's name.
    ///   - indexHint: Where the relationship probably is among the entity's relationships;
    ///     -1 for no hint.
    public func setRelatedObjects<S: Sequence>(
        _ objects: S, forKey key: String, indexHint: Int = -1
    ) where S.Element: ManagedObject {
        withRelationship(key, indexHint: indexHint) { replaceRelatedObjects(objects.map { $0 }, for: $0) }
    }

    /// Adds an object to a to-many relationship, updating the inverse (`indexHint` as for
    /// ``setRelatedObjects(_:forKey:indexHint:)``).
    public func addRelatedObject(_ object: ManagedObject, forKey key: String, indexHint: Int = -1) {
        let relationship = relationship(key, indexHint: indexHint)
        guard isReadyForWrite(), object.isReadyForWrite() else { return }
        addRelatedObject(object, to: relationship)
    }

    /// Inserts an object into an ordered to-many relationship at `index`, updating the
    /// inverse; a member moves to `index` (`indexHint` as for
    /// ``setRelatedObjects(_:forKey:indexHint:)``).
    ///
    /// `index` is a position among the members as they are before the call (without the
    /// object, when it is a member); past the end means at the end.
    ///
    /// - Precondition: the entity has an ordered to-many relationship `key`.
    public func insertRelatedObject(_ object: ManagedObject, at index: Int, forKey key: String, indexHint: Int = -1) {
        let relationship = relationship(key, indexHint: indexHint)
        precondition(relationship.isOrdered, "relationship '\(entity.name).\(key)' is not ordered")
        guard isReadyForWrite(), object.isReadyForWrite() else { return }
        insertRelatedObject(object, at: index, into: relationship)
    }

    /// Removes an object from a to-many relationship, updating the inverse (`indexHint` as
    /// for ``setRelatedObjects(_:forKey:indexHint:)``).
    public func removeRelatedObject(_ object: ManagedObject, forKey key: String, indexHint: Int = -1) {
        let relationship = relationship(key, indexHint: indexHint)
        guard isReadyForWrite() else { return }
        removeRelatedObject(object, from: relationship)
    }

    /// Adds objects to a to-many relationship, updating inverses (`indexHint` as for
    /// ``setRelatedObjects(_:forKey:indexHint:)``).
    public func addRelatedObjects<S: Sequence>(
        _ objects: S, forKey key: String, indexHint: Int = -1
    ) where S.Element: ManagedObject {
        let relationship = relationship(key, indexHint: indexHint)
        guard isReadyForWrite() else { return }
        for object in objects where object.isReadyForWrite() { addRelatedObject(object, to: relationship) }
    }

    /// Removes objects from a to-many relationship, updating inverses (`indexHint` as for
    /// ``setRelatedObjects(_:forKey:indexHint:)``).
    public func removeRelatedObjects<S: Sequence>(
        _ objects: S, forKey key: String, indexHint: Int = -1
    ) where S.Element: ManagedObject {
        let relationship = relationship(key, indexHint: indexHint)
        guard isReadyForWrite() else { return }
        for object in objects { removeRelatedObject(object, from: relationship) }
    }
}
