// Unsafe: a relationship refers to entities and its inverse `unowned(unsafe)`; its model-built state skips
// run-time exclusivity checks, and it is `@unchecked Sendable`. Invariant: above `entity`.

/// A link from the objects of one entity to objects of another, with its inverse.
public final class RelationshipDescription: PropertyDescription, @unchecked Sendable {
    /// The relationship's name.
    public let name: String
    /// The name of the entity it points at.
    public let destinationEntityName: String
    /// The name of the inverse relationship on the destination entity.
    public let inverseName: String?
    /// Whether the relationship holds a set of objects rather than one.
    public let isToMany: Bool
    /// Whether a to-many keeps its objects in an order of the application's choosing (Core
    /// Data's ordered relationship, an `NSOrderedSet`); always `false` for a to-one.
    public let isOrdered: Bool
    /// What deleting the source object does to the destination objects.
    public let deleteRule: DeleteRule
    /// Whether the relationship may be empty when saved.
    public let isOptional: Bool
    /// Whether the relationship lives in memory only.
    public let isTransient: Bool
    /// The fewest objects a to-many relationship may hold (0: no minimum).
    public let minCount: Int
    /// The most objects a to-many relationship may hold (0: no maximum).
    public let maxCount: Int
    /// The relationship's name in an earlier version of the model, when it was renamed
    /// (Xcode's "Renaming ID"): migration carries the old relationship's links over.
    public let renamingIdentifier: String?
    /// Text mixed into the entity's version hash (Xcode's "Version Hash Modifier").
    public let versionHashModifier: String?
    /// Keys and values of the application's own (Xcode's "User Info"), as the model file has them.
    public let userInfo: [String: String]

    // The model sets the stored properties below once, when it is built; afterwards they are
    // only read, so they opt out of run-time exclusivity checks. They are the relationship's only
    // mutable state, and are written on the thread building the model before anything uses it:
    // hence `@unchecked Sendable`. The references are not reference-counted (`unowned(unsafe)`):
    // entities are never deallocated (see `EntityDescription`), nor is a relationship, which its
    // declaring entity's `ownRelationships` holds.

    /// The declaring entity (for an inherited property, the ancestor).
    public var entity: EntityDescription { declaringEntity! }
    /// Set once when the model is built.
    @exclusivity(unchecked) unowned(unsafe) var declaringEntity: EntityDescription?
    /// The entity it points at.
    public var destinationEntity: EntityDescription { resolvedDestination! }
    /// Set once when the model is built.
    @exclusivity(unchecked) unowned(unsafe) var resolvedDestination: EntityDescription?
    /// The inverse relationship; set once when the model is built.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var inverseRelationship: RelationshipDescription?
    /// Whether the derived attributes of its destinations read its sources through its inverse.
    ///
    /// So it is for a player's `team` when a team derives `players.@sum.goals`: a change to a
    /// player makes a save derive its team's attributes again. Set when the model is built.
    @exclusivity(unchecked) var feedsDerivedAttributes = false
    /// Position of the relationship in an object's relationship storage; set by the model.
    @exclusivity(unchecked) var storageIndex: Int = -1

    /// Describes a relationship.
    ///
    /// - Parameters:
    ///   - name: The relationship's name.
    ///   - destination: The entity it points at.
    ///   - inverse: The name of the inverse relationship on the destination.
    ///   - toMany: Whether it holds a set of objects.
    ///   - isOrdered: Whether a to-many keeps its objects in order (ignored for a to-one).
    ///   - deleteRule: What deleting the source does to the destination objects.
    ///   - isOptional: Whether it may be empty when saved.
    ///   - isTransient: Whether it lives in memory only.
    ///   - minCount: Fewest objects of a to-many (0: none required).
    ///   - maxCount: Most objects of a to-many (0: unbounded).
    ///   - renamingIdentifier: Its name in an earlier version of the model.
    ///   - versionHashModifier: Text mixed into its entity's version hash.
    ///   - userInfo: The application's own keys and values.
    public init(
        _ name: String, destination: String, inverse: String?,
        toMany: Bool = false, isOrdered: Bool = false, deleteRule: DeleteRule = .nullify,
        isOptional: Bool = true, isTransient: Bool = false,
        minCount: Int = 0, maxCount: Int = 0,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil,
        userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.destinationEntityName = destination
        self.userInfo = userInfo
        self.inverseName = inverse
        self.isToMany = toMany
        self.isOrdered = toMany && isOrdered
        self.deleteRule = deleteRule
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.minCount = minCount
        self.maxCount = maxCount
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
    }

    /// A loaded to-many with no objects, ordered or not as the relationship is.
    var emptyMembers: ManagedObject.Relation { isOrdered ? .ordered([]) : .many([]) }

    /// Whether both this relationship and its inverse are to-many.
    public var isManyToMany: Bool { isToMany && (inverseRelationship?.isToMany ?? false) }

    /// Whether this is a stored to-many without an inverse: each destination's row keeps the
    /// key of the source holding it in a column of its own (Core Data's `Z<n><NAME>`), so a
    /// destination belongs to one source at most.
    var isToManyWithoutInverse: Bool { isToMany && inverseRelationship == nil && !isTransient }

    /// Whether a save writes this relationship's changes as links between two objects rather
    /// than as a to-one of a row: a many-to-many (its join table) or a to-many without an
    /// inverse (its destinations' key column).
    var isSavedAsLinks: Bool { (isManyToMany && !isTransient) || isToManyWithoutInverse }

    /// The relationship under which the links of this one are saved: itself, or for the side
    /// of a many-to-many that does not name the join table, its inverse (the link's source
    /// and destination then swap).
    var linkOwner: RelationshipDescription { isManyToMany && !ownsJoinTable ? inverseRelationship! : self }

    /// Whether this is a to-one whose inverse is a to-many that cascades: its destination owns
    /// the source, and deleting the owner deletes it.
    var pointsToCascadingOwner: Bool {
        guard !isToMany, let inverse = inverseRelationship else { return false }
        return inverse.isToMany && inverse.deleteRule == .cascade
    }

    /// Whether deleting the source must leave no member's foreign key pointing at it.
    ///
    /// True of a one-to-many whose delete rule takes care of the members (nullify, cascade,
    /// deny), not "no action": the rows of its destinations name the source in a foreign key
    /// that the delete must leave pointing at nothing. When another save gave the source a
    /// member that the deleting context never saw, the delete is a conflict.
    var leavesNoMemberBehindOnDelete: Bool {
        guard isToMany, !isTransient, deleteRule != .noAction, let inverse = inverseRelationship else { return false }
        return !inverse.isToMany && !inverse.isTransient
    }

    /// Whether this relationship may keep an object deleted before it was ever saved.
    ///
    /// It may when the other side's delete rule (deny, no action) does not take it out, or
    /// there is no other side. Saving checks such relationships for references to nothing.
    var canHoldUnsavedDeletedObjects: Bool {
        guard let inverse = inverseRelationship else { return true }
        return inverse.deleteRule == .deny || inverse.deleteRule == .noAction
    }

    /// Whether deleting an object may delete the saved members of this to-many by ID alone.
    ///
    /// It may when it cascades to members that point back through a to-one, and their entity
    /// (sub-entities included) has no other relationship whose delete rule needs the member's
    /// row. Deleting a member then needs nothing but its ID, and the owner it belongs to.
    var cascadesToMembersByID: Bool {
        guard isToMany, !isTransient, deleteRule == .cascade, let inverse = inverseRelationship,
            !inverse.isToMany, !inverse.isTransient, inverse.deleteRule != .deny
        else { return false }
        // No other relationship of a member needs its row, nor names another owner that could
        // list the same member.
        return destinationEntity.selfAndDescendants.allSatisfy { member in
            member.relationships.allSatisfy {
                $0 === inverse || ($0.deleteRule == .noAction && !$0.pointsToCascadingOwner)
            }
        }
    }

    /// Whether this side of a many-to-many names its join table: the side whose entity and
    /// relationship names sort first.
    var ownsJoinTable: Bool {
        guard isManyToMany, !isTransient, let inverse = inverseRelationship, !inverse.isTransient else { return false }
        return (entity.name, name) <= (inverse.entity.name, inverse.name)
    }

}
