// Unsafe: a built model is immortal (`init` leaks a retain), so its entities name it `unowned(unsafe)`; its few
// mutable properties skip run-time exclusivity checks, and it is `@unchecked Sendable`. Invariants: above
// `versionName`, at `registeredClasses`, and in `init`.

import Foundation

/// The schema of an object graph: its entities, named fetch request templates and
/// configurations.
///
/// Build one in code from ``EntityDescription`` values, or load the XML Xcode writes for a data
/// model with ``ManagedObjectModel/init(contentsOf:)``. Building checks the model as Xcode would
/// (parents exist, no inheritance cycle, every relationship has a matching inverse, values fit
/// their types) and throws a ``ModelError`` naming the entity and property at fault.
///
/// A model that was built is never deallocated, as its entities are not (see
/// ``EntityDescription``): an entity names its model, and object IDs, which outlive contexts
/// and coordinators, name their entity. A model costs a few kilobytes; build it once.
public final class ManagedObjectModel: @unchecked Sendable {
    /// All entities, sorted by name.
    public let entities: [EntityDescription]
    /// Entities by name.
    public let entitiesByName: [String: EntityDescription]
    /// Fetch request templates by name.
    public let fetchRequestTemplates: [String: FetchRequest<ManagedObject>]
    /// The model's version identifiers (Xcode's "Core Data Model Identifier",
    /// `userDefinedModelVersionIdentifier`), recorded in the stores it writes.
    public let versionIdentifiers: Set<String>
    /// The members of each named configuration, by configuration name, sorted by name.
    private let configurationMembers: [String: [EntityDescription]]
    /// Whether an entity has a derived attribute, which saves then compute.
    let hasDerivedAttributes: Bool

    // Exclusivity unchecked, and `@unchecked Sendable`: `versionName`, `history` and `registeredClasses` are the
    // model's only mutable state (its entities: see `EntityDescription`). The initializers set the first two
    // before they return the model (or `ModelHistory` sets an older version's name under its lock, before any
    // other thread sees that version); afterwards they are only read.

    /// The name of the version this model is, in a versioned model (`"EM 2"`); `nil` for a
    /// model built from one version alone.
    @exclusivity(unchecked) public internal(set) var versionName: String?
    /// The other versions of a versioned model; set once, when it is loaded.
    @exclusivity(unchecked) var history: ModelHistory?

    /// Builds and checks a model.
    ///
    /// - Parameters:
    ///   - entities: The entities; parents are named, not nested.
    ///   - fetchRequestTemplates: Named fetch requests, whose predicates may hold `$VARIABLES`.
    ///   - versionIdentifiers: The model's version identifiers.
    ///   - configurations: The names of the entities of each named configuration, by
    ///     configuration name: the subsets of the model a store can hold (see
    ///     ``PersistentStoreCoordinator/addPersistentStore(_:configurationName:options:)``).
    ///   - checkingPatterns: Whether to compile every attribute's regular expression, so that
    ///     an invalid one is refused here. Pass `false` only for a model known to be valid, such
    ///     as one compiled into a program whose tests build it with the check: the first pattern
    ///     compiled in a process sets up ICU's regular expression tables, about 8 M instructions
    ///     of a command line tool's start. An invalid pattern left unchecked makes every value
    ///     of its attribute fail validation when saved.
    /// - Throws: ``ModelError`` for the first problem found.
    public init(
        entities: [EntityDescription],
        fetchRequestTemplates: [String: FetchRequest<ManagedObject>] = [:],
        versionIdentifiers: Set<String> = [],
        configurations: [String: [String]] = [:],
        checkingPatterns: Bool = true
    ) throws(ModelError) {
        var byName: [String: EntityDescription] = [:]
        for entity in entities {
            guard Self.isValidName(entity.name) else { throw ModelError(entity: entity.name, .invalidName) }
            let names =
                entity.ownAttributes.map(\.name) + entity.ownRelationships.map(\.name) + entity.ownFetchedProperties.map(\.name)
            for name in names where !Self.isValidName(name) {
                throw ModelError(entity: entity.name, property: name, .invalidName)
            }
            guard byName[entity.name] == nil else { throw ModelError(entity: entity.name, .duplicateEntity) }
            byName[entity.name] = entity
        }
        try Self.checkUnclaimed(entities)
        let sorted = entities.sorted { $0.name < $1.name }
        self.entities = sorted
        self.entitiesByName = byName
        self.fetchRequestTemplates = fetchRequestTemplates
        self.versionIdentifiers = versionIdentifiers
        self.configurationMembers = try Self.resolveConfigurations(configurations, byName: byName)

        try Self.resolveInheritance(sorted, byName: byName)
        for entity in Self.topDown(sorted) { try Self.flattenProperties(of: entity) }
        for entity in sorted { try Self.resolveRelationships(of: entity, byName: byName) }
        for entity in sorted { try Self.checkAttributes(of: entity, patterns: checkingPatterns) }
        for entity in Self.topDown(sorted) {
            var constraints = entity.superentity?.constraints ?? []
            for names in entity.uniquenessConstraints { constraints.append(try UniquenessConstraint(names: names, of: entity)) }
            entity.constraints = constraints
            try Self.resolveDerivations(of: entity)
            entity.resolvedIndexes = try entity.indexes.map { index throws(ModelError) in
                try ResolvedFetchIndex(index, of: entity)
            }
        }
        for entity in sorted { try Self.resolveFetchedProperties(of: entity, byName: byName) }
        hasDerivedAttributes = sorted.contains { !$0.derivedAttributes.isEmpty }
        for (name, template) in fetchRequestTemplates where byName[template.entityName] == nil {
            throw ModelError(entity: name, .invalidFetchRequest("unknown entity '\(template.entityName)'"))
        }
        // Checked: the entities may now name their model, which lives as long as they do.
        for (number, entity) in sorted.enumerated() {
            entity.entityNumber = number + 1
            entity.model = self
            entity.defaultRelations = entity.relationships.map { $0.isToMany ? $0.emptyMembers : .one(nil) }
        }
        // Leaked on purpose: the model is never deallocated, which the entities' unretained `model` relies on.
        _ = Unmanaged.passRetained(self)
    }

    /// The entity named `name`, if any.
    public func entity(named name: String) -> EntityDescription? { entitiesByName[name] }

    /// The names of the model's named configurations, sorted, as Core Data's `configurations`.
    ///
    /// A configuration is a subset of the entities, which a store can hold. The default
    /// configuration, which holds every entity, has no name and is not listed.
    public var configurations: [String] { configurationMembers.keys.sorted() }

    /// The entities of a configuration, sorted by name, as Core Data's
    /// `entities(forConfigurationName:)`.
    ///
    /// - Parameter name: A configuration's name, or `nil` for the default configuration.
    /// - Returns: Every entity for `nil`; the configuration's members for a name; `nil` when
    ///   the model has no configuration of that name.
    public func entities(forConfigurationName name: String?) -> [EntityDescription]? {
        guard let name else { return entities }
        return configurationMembers[name]
    }

    /// Whether `name` can name an entity or a property: ASCII letters, digits and underscores,
    /// starting with a letter.
    private static func isValidName(_ name: String) -> Bool {
        // `| 0x20` lowers an ASCII capital and moves no other byte into a...z.
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// The classes given to ``register(_:)`` and their entities: a few, scanned by identity
    /// when a generated class makes an object (no name to hash).
    ///
    /// Written by ``register(_:)`` only, which must run before the model is shared with other
    /// threads or makes objects (see `EntityDescription.managedObjectClass`; not enforced).
    @exclusivity(unchecked) private var registeredClasses: [(type: ObjectIdentifier, entity: EntityDescription)] = []

    /// The entity `type` was registered for, or else the one it names.
    func entity(for type: ManagedObject.Type) -> EntityDescription? {
        registeredClasses.first { $0.type == ObjectIdentifier(type) }?.entity ?? entitiesByName[type.entityName]
    }

    /// Sets the Swift classes instantiated for entities.
    ///
    /// Each class names its entity with ``ManagedObject/entityName``. Entities without a class
    /// get ``ManagedObject`` itself, or their nearest ancestor's class.
    ///
    /// - Throws: ``ModelError`` when a class names an entity the model lacks.
    public func register(_ classes: [ManagedObject.Type]) throws(ModelError) {
        for type in classes {
            guard let entity = entitiesByName[type.entityName] else {
                throw ModelError(entity: type.entityName, .invalidValue("class \(type) names an unknown entity"))
            }
            entity.managedObjectClass = type
            registeredClasses.removeAll { $0.type == ObjectIdentifier(type) }
            registeredClasses.append((ObjectIdentifier(type), entity))
        }
        for entity in Self.topDown(entities) where !classes.contains(where: { $0.entityName == entity.name }) {
            if let parent = entity.superentity { entity.managedObjectClass = parent.managedObjectClass }
        }
    }

    /// The template named `name` with its `$VARIABLES` replaced by `variables`.
    ///
    /// - Throws: ``ModelError`` for an unknown template, ``FetchPredicateError`` for a variable
    ///   without a value.
    public func fetchRequest(
        fromTemplate name: String, substitutionVariables variables: [String: Any?] = [:]
    ) throws -> FetchRequest<ManagedObject> {
        guard var request = fetchRequestTemplates[name] else {
            throw ModelError(entity: name, .invalidFetchRequest("no template with this name"))
        }
        request.predicate = try request.predicate?.substitutingVariables(variables)
        return request
    }

    /// Per-entity version hashes (32 bytes each).
    ///
    /// They change whenever something that affects storage changes (names, types, optionality,
    /// inheritance, relationships, uniqueness constraints), or a version hash modifier. Indexes
    /// are not part of them, as in Core Data: a store whose indexes differ from the model's
    /// gets the model's when it is opened. Nor are fetched properties, which are not stored.
    public var entityVersionHashes: [String: [UInt8]] {
        var hashes: [String: [UInt8]] = [:]
        for entity in Self.topDown(entities) {
            var digest = SHA256()
            digest.update(field: entity.name)
            digest.update(field: entity.isAbstract ? "abstract" : "concrete")
            if let parent = entity.superentity { digest.update(hashes[parent.name]!) }
            // Only when set, so that the hashes of models without modifiers stay as they were.
            if let modifier = entity.versionHashModifier { digest.update(field: "modifier " + modifier) }
            // Constraints in a canonical order, and only when there are some (as modifiers).
            for constraint in entity.uniquenessConstraints.map({ $0.sorted() }).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                digest.update(field: "unique " + constraint.joined(separator: ","))
            }
            for attribute in entity.ownAttributes.sorted(by: { $0.name < $1.name }) where !attribute.isTransient {
                digest.update(field: "attribute")
                digest.update(field: attribute.name)
                digest.update(field: attribute.attributeType.rawValue)
                digest.update(field: attribute.isOptional ? "optional" : "required")
                if let modifier = attribute.versionHashModifier { digest.update(field: "modifier " + modifier) }
            }
            for relationship in entity.ownRelationships.sorted(by: { $0.name < $1.name }) where !relationship.isTransient {
                digest.update(field: "relationship")
                digest.update(field: relationship.name)
                digest.update(field: relationship.destinationEntityName)
                digest.update(field: relationship.inverseName ?? "")
                digest.update(field: relationship.isToMany ? "to-many" : "to-one")
                // Only when set (as modifiers): an order is a column of its own.
                if relationship.isOrdered { digest.update(field: "ordered") }
                if let modifier = relationship.versionHashModifier { digest.update(field: "modifier " + modifier) }
            }
            hashes[entity.name] = digest.finalize()
        }
        return hashes
    }

    // MARK: Versions

    /// Every version of the versioned model this model was loaded with, oldest first.
    ///
    /// This model is one of them, and the only one when it was built from one version. Older
    /// versions are built on the first call.
    ///
    /// - Throws: ``ModelError`` naming the version that does not build.
    public func versions() throws(ModelError) -> [ManagedObjectModel] {
        guard let history else { return [self] }
        return try history.models(current: self)
    }

    // MARK: Building

    /// Entities ordered so that every parent precedes its children.
    static func topDown(_ entities: [EntityDescription]) -> [EntityDescription] {
        entities.filter { $0.superentity == nil }.flatMap(\.selfAndDescendants)
    }

    /// Checks that no entity serves another model, and no property description another entity.
    ///
    /// A model fills in its entities (numbers, parents, inherited properties), which object IDs
    /// of that model read for good; a description holds its place in its entity (storage index,
    /// declaring entity), so that shared by two entities, one would read and write the other's
    /// slots. An entity of a model that failed its checks has no model and claims nothing.
    private static func checkUnclaimed(_ entities: [EntityDescription]) throws(ModelError) {
        var declarers: [ObjectIdentifier: EntityDescription] = [:]
        for entity in entities {
            guard entity.model == nil else { throw ModelError(entity: entity.name, .entityInAnotherModel) }
            let owned =
                entity.ownAttributes.map { (ObjectIdentifier($0), $0.name, $0.declaringEntity) }
                + entity.ownRelationships.map { (ObjectIdentifier($0), $0.name, $0.declaringEntity) }
                + entity.ownFetchedProperties.map { (ObjectIdentifier($0), $0.name, $0.declaringEntity) }
            for (identity, name, declarer) in owned {
                let built = declarer.flatMap { $0.model == nil ? nil : $0 }
                if let other = declarers.updateValue(entity, forKey: identity) ?? built, other !== entity {
                    throw ModelError(entity: entity.name, property: name, .propertyInAnotherEntity(other.name))
                }
            }
        }
    }

    /// The member entities of each configuration, sorted by name.
    ///
    /// - Throws: ``ModelError/Reason/unknownConfigurationMember(_:)`` naming the first member
    ///   the model lacks.
    private static func resolveConfigurations(
        _ configurations: [String: [String]], byName: [String: EntityDescription]
    ) throws(ModelError) -> [String: [EntityDescription]] {
        var resolved: [String: [EntityDescription]] = [:]
        for (name, members) in configurations.sorted(by: { $0.key < $1.key }) {
            var entities: [EntityDescription] = []
            for member in Set(members).sorted() {
                guard let entity = byName[member] else { throw ModelError(entity: member, .unknownConfigurationMember(name)) }
                entities.append(entity)
            }
            resolved[name] = entities
        }
        return resolved
    }

    private static func resolveInheritance(
        _ entities: [EntityDescription], byName: [String: EntityDescription]
    ) throws(ModelError) {
        for entity in entities {
            guard let parentName = entity.superentityName else { continue }
            guard let parent = byName[parentName] else {
                throw ModelError(entity: entity.name, .unknownParent(parentName))
            }
            // Up the parents until the root, or until an entity comes again: the cycle is
            // reported from that entity (the entity itself, or an ancestor in a cycle of its own).
            var chain = [entity]
            var current: EntityDescription? = parent
            while let ancestor = current {
                if let start = chain.firstIndex(where: { $0 === ancestor }) {
                    let cycle = chain[start...].map(\.name) + [ancestor.name]
                    throw ModelError(entity: ancestor.name, .inheritanceCycle(cycle))
                }
                chain.append(ancestor)
                current = ancestor.superentityName.flatMap { byName[$0] }
            }
            entity.superentity = parent
        }
        for entity in entities {
            entity.subentities = entities.filter { $0.superentity === entity }
            var root = entity
            while let parent = root.superentity { root = parent }
            entity.root = root === entity ? nil : root
        }
    }

    private static func flattenProperties(of entity: EntityDescription) throws(ModelError) {
        var names = Set<String>()
        // Inherited properties first, then the entity's own by name, not as declared: the
        // storage order, and so the index hints of generated accessors, depend on what the
        // model holds only.
        func place<Property: PlacedProperty>(_ own: [Property], after inherited: [Property]) throws(ModelError) -> [Property] {
            var all = inherited
            names.formUnion(inherited.map(\.name))
            for property in own.sorted(by: { $0.name < $1.name }) {
                guard names.insert(property.name).inserted else {
                    throw ModelError(entity: entity.name, property: property.name, .duplicateProperty)
                }
                property.declaringEntity = entity
                property.storageIndex = all.count
                all.append(property)
            }
            return all
        }
        let attributes = try place(entity.ownAttributes, after: entity.superentity?.attributes ?? [])
        let relationships = try place(entity.ownRelationships, after: entity.superentity?.relationships ?? [])
        let fetchedProperties = try place(entity.ownFetchedProperties, after: entity.superentity?.fetchedProperties ?? [])
        entity.attributes = attributes
        entity.relationships = relationships
        entity.fetchedProperties = fetchedProperties
        entity.fetchedPropertiesByName = Dictionary(uniqueKeysWithValues: fetchedProperties.map { ($0.name, $0) })
        entity.attributesByName = Dictionary(uniqueKeysWithValues: attributes.map { ($0.name, $0) })
        entity.relationshipsByName = Dictionary(uniqueKeysWithValues: relationships.map { ($0.name, $0) })
    }

    private static func resolveRelationships(
        of entity: EntityDescription, byName: [String: EntityDescription]
    ) throws(ModelError) {
        for relationship in entity.ownRelationships {
            func fail(_ reason: ModelError.Reason) -> ModelError {
                ModelError(entity: entity.name, property: relationship.name, reason)
            }
            guard let destination = byName[relationship.destinationEntityName] else {
                throw fail(.unknownDestination(relationship.destinationEntityName))
            }
            relationship.resolvedDestination = destination
            if relationship.minCount < 0 || relationship.maxCount < 0
                || (relationship.maxCount > 0 && relationship.minCount > relationship.maxCount)
            {
                throw fail(.invalidValue("minCount \(relationship.minCount), maxCount \(relationship.maxCount)"))
            }
            // Without an inverse, as Core Data allows (and Xcode warns): nothing keeps another
            // side in step.
            guard let inverseName = relationship.inverseName else { continue }
            guard let inverse = destination.relationshipsByName[inverseName] else {
                throw fail(.unknownInverse(inverseName))
            }
            guard inverse.inverseName == relationship.name,
                entity.isKind(of: byName[inverse.destinationEntityName] ?? destination)
            else { throw fail(.inverseMismatch(inverseName)) }
            relationship.inverseRelationship = inverse
        }
    }

    /// Parses the derivation expressions of the entity's own attributes and checks that each
    /// resolves to one value from the entity; lists the entity's derived attributes.
    private static func resolveDerivations(of entity: EntityDescription) throws(ModelError) {
        for attribute in entity.ownAttributes {
            guard let format = attribute.derivationExpression else { continue }
            func fail(_ why: String) -> ModelError {
                ModelError(entity: entity.name, property: attribute.name, .invalidValue("derivation \"\(format)\": \(why)"))
            }
            guard !attribute.isTransient else { throw fail("a transient attribute is not derived") }
            do {
                let expression = try PredicateParser.parseExpression(format)
                let operand = try PredicateEvaluator.resolveDerivation(expression, from: entity)
                attribute.derivation = expression
                // A change to the objects it reads through a relationship with an inverse
                // makes the save derive it again.
                for relationship in operand.firstRelationships { relationship.inverseRelationship?.feedsDerivedAttributes = true }
            } catch let error as UnsupportedFetchError {
                throw fail(error.reason)
            } catch {
                throw fail("\(error)")
            }
        }
        entity.derivedAttributes = entity.attributes.filter { $0.derivation != nil }
    }

    /// Resolves the destination and the variables of each of the entity's own fetched
    /// properties, and checks its request (``FetchedPropertyDescription/resolve(destination:)``).
    private static func resolveFetchedProperties(
        of entity: EntityDescription, byName: [String: EntityDescription]
    ) throws(ModelError) {
        for property in entity.ownFetchedProperties {
            let name = property.fetchRequest.entityName
            guard let destination = byName[name] else {
                throw ModelError(entity: entity.name, property: property.name, .unknownDestination(name))
            }
            do {
                try property.resolve(destination: destination)
            } catch {
                throw ModelError(entity: entity.name, property: property.name, .invalidFetchRequest("\(error)"))
            }
        }
    }

    private static func checkAttributes(of entity: EntityDescription, patterns: Bool) throws(ModelError) {
        for attribute in entity.ownAttributes {
            func fail(_ reason: ModelError.Reason) -> ModelError {
                ModelError(entity: entity.name, property: attribute.name, reason)
            }
            if attribute.attributeType == .undefined, !attribute.isTransient { throw fail(.storedUndefinedAttribute) }
            if attribute.allowsExternalBinaryDataStorage, attribute.attributeType != .binary,
                attribute.attributeType != .transformable
            {
                throw fail(
                    .invalidValue(
                        "allowsExternalBinaryDataStorage on type \(attribute.attributeType.rawValue) (only Binary and Transformable values can live in files)"
                    ))
            }
            for (label, value) in [
                ("default", attribute.defaultValue), ("minimum", attribute.minValue ?? .null),
                ("maximum", attribute.maxValue ?? .null),
            ] where !value.isNull {
                guard attribute.attributeType.coerce(value) != nil else {
                    throw fail(.invalidValue("\(label) \(value) for type \(attribute.attributeType.rawValue)"))
                }
            }
            if patterns, let pattern = attribute.regularExpression {
                guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                    throw fail(.invalidRegularExpression(pattern))
                }
            }
        }
    }
}
