import Foundation

/// The metadata a SQL store writes: the version hashes of its configuration and its indexes.
extension StoreMetadata {
    /// The metadata of a store of `configuration`, whose indexes are `schema`'s: the version
    /// hashes of the configuration's entities.
    init(identifier: String, configuration: ModelConfiguration, schema: StoreSchema) {
        let model = configuration.model
        storeType = "SQLite"
        storeUUID = identifier
        entityVersionHashes = configuration.entityVersionHashes.mapValues { Data($0) }
        modelVersionHashesVersion = 3
        versionIdentifiers = model.versionIdentifiers.isEmpty ? [""] : model.versionIdentifiers.sorted()
        persistenceFrameworkVersion = 1
        storeFormat = 1
        indexSignature = schema.indexSignature
    }

    /// The metadata of this store once migrated to `configuration`: its UUID, the
    /// configuration's version hashes and identifiers.
    func migrated(to configuration: ModelConfiguration) -> StoreMetadata {
        var migrated = StoreMetadata(
            identifier: storeUUID ?? "", configuration: configuration,
            schema: StoreSchema(entities: configuration.entities, entityNumbers: [:]))
        migrated.storeUUID = storeUUID
        return migrated
    }

}
