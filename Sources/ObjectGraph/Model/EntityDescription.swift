// Unsafe: entities are immortal (`init` leaks a retain), so references to them and to their property
// descriptions skip reference counting (`unowned(unsafe)`, `Unmanaged`); their model-built state skips run-time
// exclusivity checks, and they are `@unchecked Sendable`. Invariants: above `superentity`, and in `init`.

/// A kind of object in a model: its name, its attributes, relationships and fetched
/// properties, its place in an inheritance tree.
///
/// Create entities with their own properties, pass them to ``ManagedObjectModel``, and the
/// model resolves parents, inherited properties, destinations and inverses. An entity is
/// immutable once its model is built, which is why the properties the model fills in opt out
/// of run-time exclusivity checks: objects read them on every property access.
///
/// Entities are never deallocated, as classes are not: object IDs refer to their entity
/// without a reference count, so that copying an ID, which contexts do for every object they
/// read, costs no atomic operation. An entity costs a few hundred bytes; build models once.
public final class EntityDescription: @unchecked Sendable {
    /// The entity's name, such as `"Player"`.
    public let name: String
    /// The name of the typed class generated for the entity (Xcode's `representedClassName`).
    public let managedObjectClassName: String
    /// Whether the entity only serves as a parent: it cannot be instantiated.
    public let isAbstract: Bool
    /// The name of the parent entity, if any.
    public let superentityName: String?
    /// The attributes the entity declares itself (not inherited ones).
    public let ownAttributes: [AttributeDescription]
    /// The relationships the entity declares itself (not inherited ones).
    public let ownRelationships: [RelationshipDescription]
    /// The fetched properties the entity declares itself (not inherited ones).
    public let ownFetchedProperties: [FetchedPropertyDescription]
    /// The entity's name in an earlier version of the model, when it was renamed (Xcode's
    /// "Renaming ID", `elementID`): migration carries the old entity's objects over.
    public let renamingIdentifier: String?
    /// Text mixed into the entity's version hash (Xcode's "Version Hash Modifier"), so that a
    /// change the hash does not see still makes stores of the old version migrate.
    public let versionHashModifier: String?
    /// Keys and values of the application's own (Xcode's "User Info"), as the model file has them.
    public let userInfo: [String: String]
    /// The uniqueness constraints the entity declares, as Core Data's `uniquenessConstraints`:
    /// each lists attributes or to-one relationships (such as `["team", "number"]`) whose values
    /// no two objects of the entity or of its sub-entities may share.
    ///
    /// Stores enforce them: a save that would break one throws ``ConstraintConflict``, in every
    /// process writing to the store. An object with no value for one of the properties is
    /// bound by nothing.
    public let uniquenessConstraints: [[String]]
    /// The fetch indexes the entity declares beyond its attributes' ``AttributeDescription/isIndexed``
    /// (Core Data's `indexes`): on several properties, in descending order, on expressions.
    ///
    /// A SQLite store keeps one index per description, over the elements' columns and
    /// expressions in order, on the table its inheritance tree shares.
    public let indexes: [FetchIndexDescription]

    // Exclusivity unchecked, and `@unchecked Sendable`: the properties below are the entity's only mutable
    // state. The model writes them while it is built, on the thread building it, before the model or its entities
    // are used; afterwards they are only read. Exception: `ManagedObjectModel.register(_:)` writes
    // `managedObjectClass`, which is safe only before the model is shared with other threads or makes objects
    // (nothing enforces it: register classes right after building the model).

    /// The parent entity; set when the model is built.
    public internal(set) weak var superentity: EntityDescription?
    /// The direct children; set when the model is built.
    @exclusivity(unchecked) public internal(set) var subentities: [EntityDescription] = []
    /// All attributes in storage order: inherited ones first, then the entity's own by name;
    /// set when the model is built.
    @exclusivity(unchecked) public internal(set) var attributes: [AttributeDescription] = []
    /// All relationships in storage order, as ``attributes``; set when the model is built.
    @exclusivity(unchecked) public internal(set) var relationships: [RelationshipDescription] = []
    /// Attributes by name, inherited ones included.
    @exclusivity(unchecked) public internal(set) var attributesByName: [String: AttributeDescription] = [:]
    /// Relationships by name, inherited ones included.
    @exclusivity(unchecked) public internal(set) var relationshipsByName: [String: RelationshipDescription] = [:]
    /// All fetched properties, inherited ones first, then the entity's own by name; set when
    /// the model is built.
    @exclusivity(unchecked) public internal(set) var fetchedProperties: [FetchedPropertyDescription] = []
    /// Fetched properties by name, inherited ones included.
    @exclusivity(unchecked) public internal(set) var fetchedPropertiesByName: [String: FetchedPropertyDescription] = [:]
    /// The top of the entity's inheritance tree (itself when it has no parent).
    public var rootEntity: EntityDescription { root ?? self }
    /// The cached root, set when the model is built (`nil` for a root); not reference-counted, as
    /// entities are never deallocated.
    @exclusivity(unchecked) unowned(unsafe) var root: EntityDescription? {
        didSet { rootIdentity = ObjectIdentifier(root ?? self) }
    }
    /// The identity of ``rootEntity``, which object IDs compare and hash without touching a
    /// reference count.
    @exclusivity(unchecked) private(set) var rootIdentity = ObjectIdentifier(EntityDescription.self)
    /// The model the entity belongs to; set when the model is built (which then lives as long
    /// as the entity).
    ///
    /// Not reference-counted: it is set only once the model's checks passed, and a model that
    /// passed them is never deallocated (``ManagedObjectModel``'s `init` leaks a retain).
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var model: ManagedObjectModel?
    /// The entity's number in the model (1-based, by name), Core Data's default `Z_ENT`.
    @exclusivity(unchecked) public internal(set) var entityNumber: Int = 0
    /// Empty relationships (empty sets, no destinations), as an object cut loose from its
    /// context has them; set when the model is built.
    @exclusivity(unchecked) var defaultRelations: [ManagedObject.Relation] = []
    /// The Swift class instantiated for the entity's objects.
    @exclusivity(unchecked) public internal(set) var managedObjectClass: ManagedObject.Type = ManagedObject.self
    /// The uniqueness constraints binding the entity's objects, its ancestors' first, resolved;
    /// set when the model is built.
    @exclusivity(unchecked) var constraints: [UniquenessConstraint] = []
    /// The entity's own ``indexes``, resolved; set when the model is built.
    @exclusivity(unchecked) var resolvedIndexes: [ResolvedFetchIndex] = []
    /// The attributes with a derivation, inherited ones included; set when the model is built.
    @exclusivity(unchecked) var derivedAttributes: [AttributeDescription] = []

    /// Describes an entity.
    ///
    /// - Parameters:
    ///   - name: The entity's name.
    ///   - className: The typed class name; defaults to the entity's name.
    ///   - isAbstract: Whether it only serves as a parent.
    ///   - parent: The name of its parent entity.
    ///   - attributes: The attributes it declares.
    ///   - relationships: The relationships it declares.
    ///   - fetchedProperties: The fetched properties it declares.
    ///   - renamingIdentifier: Its name in an earlier version of the model.
    ///   - versionHashModifier: Text mixed into its version hash.
    ///   - uniquenessConstraints: The property names whose values its objects may not share,
    ///     one list per constraint.
    ///   - indexes: The fetch indexes beyond its attributes' own.
    ///   - userInfo: The application's own keys and values.
    public init(
        _ name: String, className: String? = nil, isAbstract: Bool = false,
        parent: String? = nil,
        attributes: [AttributeDescription] = [], relationships: [RelationshipDescription] = [],
        fetchedProperties: [FetchedPropertyDescription] = [],
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil,
        uniquenessConstraints: [[String]] = [], indexes: [FetchIndexDescription] = [],
        userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.managedObjectClassName = className ?? name
        self.isAbstract = isAbstract
        self.superentityName = parent
        self.ownAttributes = attributes
        self.ownRelationships = relationships
        self.ownFetchedProperties = fetchedProperties
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.uniquenessConstraints = uniquenessConstraints
        self.indexes = indexes
        self.userInfo = userInfo
        self.rootIdentity = ObjectIdentifier(self)
        // Leaked on purpose: the entity is never deallocated, which every unretained reference to it relies
        // on (object IDs, `root`, property descriptions' entities, the SQLite store's row layouts).
        _ = Unmanaged.passRetained(self)
    }

    /// The attribute named `name`, inherited ones included.
    ///
    /// Entities with few attributes are scanned: comparing a few short names costs less than
    /// hashing one.
    func attribute(named name: String) -> AttributeDescription? {
        unretainedAttribute(named: name)?.takeUnretainedValue()
    }

    /// The relationship named `name`, inherited ones included (scanned like attributes).
    func relationship(named name: String) -> RelationshipDescription? {
        unretainedRelationship(named: name)?.takeUnretainedValue()
    }

    /// ``attribute(named:)``, not retained: a property read by name changes no reference count.
    ///
    /// Descriptions live as long as the process: each is held by its declaring entity's
    /// ``ownAttributes`` (or ``ownRelationships``), constants of an entity that is never
    /// deallocated. Inlined into the typed accessors, which call it for every read.
    @inline(__always)
    func unretainedAttribute(named name: String) -> Unmanaged<AttributeDescription>? {
        guard attributes.count <= Self.scanLimit else { return attributesByName[name].map(Unmanaged.passUnretained) }
        return Self.scan(attributes, for: name)
    }

    /// ``unretainedAttribute(named:)``, trying the attribute at `hint` (a storage index, as
    /// generated accessors know it) first: one comparison of names instead of a scan.
    @inline(__always)
    func unretainedAttribute(named name: String, hint: Int) -> Unmanaged<AttributeDescription>? {
        if let attribute = Self.property(at: hint, of: attributes, named: name) { return attribute }
        return searchedAttribute(named: name)
    }

    /// ``unretainedAttribute(named:)`` out of line: the rare path of a hint that missed, kept
    /// out of the accessors' code.
    @inline(never)
    private func searchedAttribute(named name: String) -> Unmanaged<AttributeDescription>? {
        unretainedAttribute(named: name)
    }

    /// ``unretainedRelationship(named:)``, trying the relationship at `hint` first (see
    /// ``unretainedAttribute(named:hint:)``).
    @inline(__always)
    func unretainedRelationship(named name: String, hint: Int) -> Unmanaged<RelationshipDescription>? {
        if let relationship = Self.property(at: hint, of: relationships, named: name) { return relationship }
        return searchedRelationship(named: name)
    }

    /// ``unretainedRelationship(named:)`` out of line (see ``searchedAttribute(named:)``).
    @inline(never)
    private func searchedRelationship(named name: String) -> Unmanaged<RelationshipDescription>? {
        unretainedRelationship(named: name)
    }

    /// ``relationship(named:)``, not retained (see ``unretainedAttribute(named:)``).
    func unretainedRelationship(named name: String) -> Unmanaged<RelationshipDescription>? {
        guard relationships.count <= Self.scanLimit else {
            return relationshipsByName[name].map(Unmanaged.passUnretained)
        }
        return Self.scan(relationships, for: name)
    }

    /// The property of a few `properties` named `name`, found by comparing names in turn.
    @inline(__always)
    private static func scan<Property: PropertyDescription>(
        _ properties: [Property], for name: String
    ) -> Unmanaged<Property>? {
        // The buffer's own indices, and no bounds checks; see `unretainedAttribute(named:)` for the result.
        properties.withUnsafeBufferPointer { properties in
            for index in properties.indices where properties[index].name == name {
                return Unmanaged.passUnretained(properties[index])
            }
            return nil
        }
    }

    /// The property at `index` of `properties` if it is named `name`; `nil` when it is not,
    /// or when `index` is out of range (a hint of -1 stands for none).
    @inline(__always)
    private static func property<Property: PropertyDescription>(
        at index: Int, of properties: [Property], named name: String
    ) -> Unmanaged<Property>? {
        // `index` is checked against the buffer once, for no bounds checks after; the property is alive (see
        // `unretainedAttribute(named:)`), so it is read without retaining it.
        properties.withUnsafeBufferPointer { properties in
            guard index >= 0, index < properties.count else { return nil }
            let property = Unmanaged.passUnretained(properties[index])
            return property._withUnsafeGuaranteedRef { $0.name == name } ? property : nil
        }
    }

    /// Up to how many properties of a kind a look-up by name scans instead of hashing.
    private static let scanLimit = 8

    /// A property (attribute, relationship or fetched property) by name, inherited ones
    /// included.
    public func property(named name: String) -> (any PropertyDescription)? {
        attributesByName[name] ?? relationshipsByName[name] ?? fetchedPropertiesByName[name]
    }

    /// Whether this entity is `other` or one of its descendants.
    public func isKind(of other: EntityDescription) -> Bool {
        var current: EntityDescription? = self
        while let entity = current {
            if entity === other { return true }
            current = entity.superentity
        }
        return false
    }

    /// The entity and all of its descendants, parents before children.
    public var selfAndDescendants: [EntityDescription] {
        [self] + subentities.flatMap(\.selfAndDescendants)
    }

    /// The persistent (non-transient) attributes.
    public var persistentAttributes: [AttributeDescription] {
        attributes.filter { !$0.isTransient }
    }
}

extension EntityDescription: CustomStringConvertible {
    /// The entity's name.
    public var description: String { name }
}
