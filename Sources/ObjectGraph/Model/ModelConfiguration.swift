import Foundation

/// A configuration of a model as a store holds it: the configuration's entities, each with its
/// whole inheritance hierarchy, as a hierarchy shares one table and one sequence of primary
/// keys.
///
/// The default configuration (no name) holds every entity. A store of a named one has only its
/// entities' tables, lists only them in `Z_PRIMARYKEY` and records only their version hashes,
/// so that it is compatible with every version of the model whose configuration of that name
/// has the same entities, whatever happens to the others.
struct ModelConfiguration {
    /// The model.
    let model: ManagedObjectModel
    /// The configuration's name; `nil` for the default configuration.
    let name: String?
    /// The entities a store of the configuration holds, sorted by name.
    let entities: [EntityDescription]
    /// The inheritance roots of ``entities``.
    private let roots: Set<ObjectIdentifier>

    /// The configuration `name` of `model` (`nil`: the default configuration).
    ///
    /// - Throws: ``StoreError/unknownConfiguration(_:)`` when the model has no configuration
    ///   of that name.
    init(model: ManagedObjectModel, name: String?) throws(StoreError) {
        guard let members = model.entities(forConfigurationName: name) else { throw .unknownConfiguration(name ?? "") }
        self.model = model
        self.name = name
        let roots = Set(members.map { ObjectIdentifier($0.rootEntity) })
        self.roots = roots
        entities = name == nil ? members : model.entities.filter { roots.contains(ObjectIdentifier($0.rootEntity)) }
    }

    /// Whether the model's every entity is held.
    var holdsEveryEntity: Bool { entities.count == model.entities.count }

    /// Whether a store of the configuration holds the objects of `entity`.
    func holds(_ entity: EntityDescription) -> Bool { roots.contains(ObjectIdentifier(entity.rootEntity)) }

    /// The version hashes of the entities held (see ``ManagedObjectModel/entityVersionHashes``).
    var entityVersionHashes: [String: [UInt8]] {
        let hashes = model.entityVersionHashes
        return holdsEveryEntity ? hashes : hashes.filter { name in entities.contains { $0.name == name.key } }
    }

    /// Checks that a store of this configuration can join a coordinator whose stores hold
    /// `others`: objects of one entity live in one store, and relationships do not cross
    /// stores (Core Data has none that do).
    ///
    /// - Throws: ``StoreError/entityInTwoStores(entity:configuration:otherConfiguration:)``,
    ///   ``StoreError/relationshipAcrossStores(relationship:configuration:destinationConfiguration:)``
    ///   or ``StoreError/relationshipOutsideConfiguration(relationship:destination:configuration:)``.
    func checkJoining(_ others: [ModelConfiguration]) throws(StoreError) {
        for entity in entities {
            if let other = others.first(where: { $0.holds(entity) }) {
                throw .entityInTwoStores(entity: entity.name, configuration: name, otherConfiguration: other.name)
            }
        }
        for entity in entities {
            for relationship in entity.ownRelationships where !relationship.isTransient && !holds(relationship.destinationEntity)
            {
                let qualified = "\(entity.name).\(relationship.name)"
                if let other = others.first(where: { $0.holds(relationship.destinationEntity) }) {
                    throw .relationshipAcrossStores(
                        relationship: qualified, configuration: name, destinationConfiguration: other.name)
                }
                throw .relationshipOutsideConfiguration(
                    relationship: qualified, destination: relationship.destinationEntityName, configuration: name)
            }
        }
    }
}
