/// Which element of an earlier model version each element of a later one continues.
///
/// The mapping is inferred from names and renaming identifiers, as Core Data's inferred mapping
/// models do: an entity or property continues the one of the same name, or the one its renaming
/// identifier names. Elements of the later version that continue none are new; those of the
/// earlier version that none continues are removed.
struct ModelMapping {
    /// The earlier version.
    let source: ManagedObjectModel
    /// The later version.
    let destination: ManagedObjectModel
    /// The source entities the store holds (a configuration's, see
    /// ``restricted(from:to:)``), sorted by name.
    private(set) var sourceEntities: [EntityDescription]
    /// The destination entities the store is to hold, sorted by name.
    private(set) var destinationEntities: [EntityDescription]
    /// The source entity's name by destination entity's name.
    private(set) var entities: [String: String] = [:]
    /// The source property's name, by destination entity and destination property name
    /// (inherited properties included, so that an entity moved under a new parent finds its
    /// own earlier properties).
    private(set) var properties: [String: [String: String]] = [:]

    /// Infers the mapping from `source` to `destination`.
    ///
    /// - Throws: ``MigrationError/Reason/ambiguousRename(_:)`` when a renaming identifier matches
    ///   several elements, or two elements continue one.
    init(from source: ManagedObjectModel, to destination: ManagedObjectModel) throws(MigrationError) {
        self.source = source
        self.destination = destination
        sourceEntities = source.entities
        destinationEntities = destination.entities
        let fail = { (entity: String, property: String?, names: [String]) in
            MigrationError(
                sourceVersion: source.versionLabel, destinationVersion: destination.versionLabel,
                entity: entity, property: property, reason: .ambiguousRename(names))
        }
        do {
            entities = try Self.match(
                destination.entities.map { ($0.name, $0.renamingIdentifier) },
                source.entities.map { ($0.name, $0.renamingIdentifier) })
        } catch {
            throw fail(error.element, nil, error.candidates)
        }
        for entity in destination.entities {
            guard let earlier = entities[entity.name].flatMap(source.entity(named:)) else { continue }
            do {
                let attributes = try Self.match(
                    entity.attributes.map { ($0.name, $0.renamingIdentifier) },
                    earlier.attributes.map { ($0.name, $0.renamingIdentifier) })
                let relationships = try Self.match(
                    entity.relationships.map { ($0.name, $0.renamingIdentifier) },
                    earlier.relationships.map { ($0.name, $0.renamingIdentifier) })
                properties[entity.name] = attributes.merging(relationships) { first, _ in first }
            } catch {
                throw fail(entity.name, error.element, error.candidates)
            }
        }
    }

    /// The mapping from this one's source to `next`'s destination: renames along a chain of
    /// versions (v1 → v2 → v3) add up.
    func followed(by next: ModelMapping) -> ModelMapping {
        var properties: [String: [String: String]] = [:]
        for (entity, names) in next.properties {
            guard let middle = next.entities[entity], let earlier = self.properties[middle] else { continue }
            properties[entity] = names.compactMapValues { earlier[$0] }
        }
        return ModelMapping(
            source: source, destination: next.destination, entities: next.entities.compactMapValues { entities[$0] },
            properties: properties)
    }

    private init(
        source: ManagedObjectModel, destination: ManagedObjectModel, entities: [String: String],
        properties: [String: [String: String]]
    ) {
        self.source = source
        self.destination = destination
        sourceEntities = source.entities
        destinationEntities = destination.entities
        self.entities = entities
        self.properties = properties
    }

    /// The mapping of a store holding configuration `source` of the source version, to hold
    /// `destination` of the destination version: entities outside them are neither read nor
    /// written, and a destination entity whose source entity the store did not hold is new.
    func restricted(from source: ModelConfiguration, to destination: ModelConfiguration) -> ModelMapping {
        var mapping = self
        mapping.sourceEntities = source.entities
        mapping.destinationEntities = destination.entities
        mapping.entities = entities.filter { names in
            destination.entities.contains { $0.name == names.key } && source.entities.contains { $0.name == names.value }
        }
        return mapping
    }

    /// The source entity a destination entity continues, if any.
    func sourceEntity(of entity: EntityDescription) -> EntityDescription? {
        entities[entity.name].flatMap(source.entity(named:))
    }

    /// The stored source attribute a destination attribute of `entity` continues, if any.
    func sourceAttribute(of attribute: AttributeDescription, in entity: EntityDescription) -> AttributeDescription? {
        guard let earlier = sourceEntity(of: entity), let name = properties[entity.name]?[attribute.name],
            let attribute = earlier.attributesByName[name], !attribute.isTransient
        else { return nil }
        return attribute
    }

    /// The stored source relationship a destination relationship of `entity` continues, if any.
    func sourceRelationship(
        of relationship: RelationshipDescription, in entity: EntityDescription
    ) -> RelationshipDescription? {
        guard let earlier = sourceEntity(of: entity), let name = properties[entity.name]?[relationship.name],
            let relationship = earlier.relationshipsByName[name], !relationship.isTransient
        else { return nil }
        return relationship
    }

    /// The destination entity continuing a source entity, if any.
    func destinationEntity(of entity: EntityDescription) -> EntityDescription? {
        entities.first { $0.value == entity.name }.flatMap { destination.entity(named: $0.key) }
    }

    // MARK: Checking

    /// Checks what the data cannot tell: types, cardinalities, destinations, and required
    /// properties that would start without a value.
    ///
    /// - Throws: ``MigrationError`` for the first change that cannot be inferred.
    func check() throws(MigrationError) {
        for entity in destinationEntities where sourceEntity(of: entity) != nil {
            func fail(_ property: String, _ reason: MigrationError.Reason) -> MigrationError {
                MigrationError(
                    sourceVersion: source.versionLabel, destinationVersion: destination.versionLabel,
                    entity: entity.name, property: property, reason: reason)
            }
            for attribute in entity.persistentAttributes {
                if let earlier = sourceAttribute(of: attribute, in: entity) {
                    guard earlier.attributeType == attribute.attributeType else {
                        throw fail(attribute.name, .typeChanged(from: earlier.attributeType, to: attribute.attributeType))
                    }
                } else if !attribute.isOptional, attribute.defaultValue.isNull {
                    throw fail(attribute.name, .requiredWithoutDefault(objectsWithoutValue: nil))
                }
            }
            for relationship in entity.relationships where !relationship.isTransient {
                guard let earlier = sourceRelationship(of: relationship, in: entity) else {
                    if !relationship.isOptional {
                        throw fail(relationship.name, .requiredRelationship(objectsWithoutDestination: nil))
                    }
                    continue
                }
                if earlier.isToMany, !relationship.isToMany { throw fail(relationship.name, .toManyBecameToOne) }
                if sourceEntity(of: relationship.destinationEntity) !== earlier.destinationEntity {
                    throw fail(relationship.name, .destinationChanged(earlier.destinationEntityName))
                }
            }
        }
    }

    // MARK: Matching

    /// A renaming identifier that matches several elements, or an element continued twice.
    private struct Ambiguity: Error {
        var element: String
        var candidates: [String]
    }

    /// The source element each destination element continues, by name.
    ///
    /// A destination element with a renaming identifier continues the source element of that
    /// name (or with that identifier); without one, or when none is found, the one of its own
    /// name.
    private static func match(
        _ destination: [(name: String, renaming: String?)], _ source: [(name: String, renaming: String?)]
    ) throws(Ambiguity) -> [String: String] {
        var matches: [String: String] = [:]
        var claimedBy: [String: String] = [:]
        for element in destination {
            var candidates: [String] = []
            if let renaming = element.renaming {
                candidates = source.filter { $0.name == renaming || $0.renaming == renaming }.map(\.name)
            }
            if candidates.isEmpty { candidates = source.filter { $0.name == element.name }.map(\.name) }
            guard candidates.count <= 1 else { throw Ambiguity(element: element.name, candidates: candidates.sorted()) }
            guard let earlier = candidates.first else { continue }
            if let other = claimedBy.updateValue(element.name, forKey: earlier) {
                throw Ambiguity(element: element.name, candidates: [earlier, "claimed by \(other) too"])
            }
            matches[element.name] = earlier
        }
        return matches
    }
}

extension ManagedObjectModel {
    /// The version's name for messages: its ``versionName``, else its version identifiers,
    /// else "unnamed".
    var versionLabel: String {
        versionName ?? (versionIdentifiers.isEmpty ? "unnamed" : versionIdentifiers.sorted().joined(separator: ", "))
    }
}

extension ModelMapping {
    /// The mapping from `source` to `model` along the versions between them, so that renames
    /// declared by each version add up; directly when the versions are not in that order.
    static func inferred(from source: ManagedObjectModel, to model: ManagedObjectModel) throws(MigrationError)
        -> ModelMapping
    {
        let versions = (try? model.versions()) ?? [source, model]
        guard let start = versions.firstIndex(where: { $0 === source }), let end = versions.firstIndex(where: { $0 === model }),
            start < end
        else { return try ModelMapping(from: source, to: model) }
        var mapping = try ModelMapping(from: versions[start], to: versions[start + 1])
        for index in (start + 1)..<end {
            mapping = mapping.followed(by: try ModelMapping(from: versions[index], to: versions[index + 1]))
        }
        return mapping
    }
}
