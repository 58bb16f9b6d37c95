/// A model that cannot be used, naming the entity and property at fault.
public struct ModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// An entity or property name is not a name: ASCII letters, digits and underscores,
        /// starting with a letter. Such names are what tables, columns, key paths in predicates
        /// and generated classes can spell.
        case invalidName
        /// Two entities share a name.
        case duplicateEntity
        /// The entity belongs to a model built before: an entity serves one model.
        case entityInAnotherModel
        /// The property's description is also declared by the named entity: a description
        /// serves one entity.
        case propertyInAnotherEntity(String)
        /// Two properties of one entity (or of it and an ancestor) share a name.
        case duplicateProperty
        /// The parent entity does not exist.
        case unknownParent(String)
        /// The entity is its own ancestor.
        case inheritanceCycle([String])
        /// A relationship points at an entity that does not exist.
        case unknownDestination(String)
        /// The named inverse does not exist on the destination entity.
        case unknownInverse(String)
        /// The inverse does not point back at this relationship.
        case inverseMismatch(String)
        /// An attribute type name is not one of the supported types.
        case unknownAttributeType(String)
        /// A stored attribute has type Undefined, which only a transient one may have.
        case storedUndefinedAttribute
        /// A value written in the model does not fit the attribute (default, minimum, maximum).
        case invalidValue(String)
        /// A regular expression does not compile.
        case invalidRegularExpression(String)
        /// A fetch request template is broken: unknown entity or unparsable predicate.
        case invalidFetchRequest(String)
        /// The named configuration lists the entity, which the model does not have.
        case unknownConfigurationMember(String)
        /// A uniqueness constraint names no property, a property twice, or one that is not a
        /// stored attribute or to-one relationship of the entity (the constraint and why).
        case invalidUniquenessConstraint(String)
        /// A fetch index names no element, a property that is not a stored attribute or to-one
        /// relationship of the entity, or an expression a store cannot index (the index's
        /// name, the expression and why).
        case invalidFetchIndex(String)
        /// The model file is not readable or not well-formed.
        case unreadableFile(String)
        /// The model is in Xcode 3's binary format (`elements` and `layout` files, no
        /// `contents`), which only Xcode reads (the model's path).
        case binaryFormat(String)
    }

    /// The entity at fault (or the template's name for a fetch request), if any.
    public var entity: String?
    /// The property at fault, if any.
    public var property: String?
    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    public init(entity: String? = nil, property: String? = nil, _ reason: Reason) {
        self.entity = entity
        self.property = property
        self.reason = reason
    }

    /// One sentence naming where and what.
    public var description: String {
        var place = ""
        if let entity { place = "entity '\(entity)'" }
        if let property { place += (place.isEmpty ? "" : ", ") + "property '\(property)'" }
        let what: String
        switch reason {
        case .invalidName: what = "is not a valid name (ASCII letters, digits and underscores, starting with a letter)"
        case .duplicateEntity: what = "is declared twice"
        case .entityInAnotherModel: what = "belongs to another model already (an entity serves one model)"
        case .propertyInAnotherEntity(let other):
            what = "is declared by entity '\(other)' too (a property description serves one entity)"
        case .duplicateProperty: what = "is declared twice (or also by an ancestor)"
        case .unknownParent(let p): what = "has unknown parent entity '\(p)'"
        case .inheritanceCycle(let chain): what = "is part of an inheritance cycle: \(chain.joined(separator: " -> "))"
        case .unknownDestination(let d): what = "points at unknown entity '\(d)'"
        case .unknownInverse(let i): what = "names inverse '\(i)', which its destination does not have"
        case .inverseMismatch(let i): what = "names inverse '\(i)', which does not point back"
        case .unknownAttributeType(let t): what = "has unknown attribute type '\(t)'"
        case .storedUndefinedAttribute: what = "has type Undefined, which only a transient attribute may have"
        case .invalidValue(let v): what = "has a value that does not fit its type: \(v)"
        case .invalidRegularExpression(let r): what = "has an invalid regular expression '\(r)'"
        case .invalidFetchRequest(let why): what = "is an invalid fetch request: \(why)"
        case .unknownConfigurationMember(let configuration):
            what = "is a member of configuration '\(configuration)', but the model has no such entity"
        case .invalidUniquenessConstraint(let why): what = "has an invalid uniqueness constraint: \(why)"
        case .invalidFetchIndex(let why): what = "has an invalid fetch index: \(why)"
        case .unreadableFile(let why): what = "cannot be read: \(why)"
        case .binaryFormat(let path):
            what = "cannot be read: \(path) is in Xcode 3 binary model format: open and save the model in a newer Xcode"
        }
        return place.isEmpty ? "model \(what)" : "\(place) \(what)"
    }
}
