import Foundation

/// Whether a store's metadata matches this model, or one of its versions.
extension ManagedObjectModel {
    /// The version of this model whose entity version hashes are those a store recorded
    /// (``StoreMetadata/entityVersionHashes``), or `nil` when none is.
    ///
    /// - Parameters:
    ///   - metadata: The store's metadata.
    ///   - configurationName: The configuration the store holds (`nil`, the default: every
    ///     entity); the version's configuration of that name is compared.
    /// - Throws: ``ModelError`` naming a version that does not build.
    public func version(
        matching metadata: StoreMetadata, configurationName: String? = nil
    ) throws(ModelError) -> ManagedObjectModel? {
        guard let configuration = try? ModelConfiguration(model: self, name: configurationName) else { return nil }
        return try configuration.version(matching: metadata)?.model
    }

    /// Whether a store with this metadata was written by this model (its entity version
    /// hashes are this model's): ``isConfiguration(withName:compatibleWithStoreMetadata:)`` for
    /// the default configuration.
    public func isCompatible(with metadata: StoreMetadata) -> Bool {
        isConfiguration(withName: nil, compatibleWithStoreMetadata: metadata)
    }

    /// Whether a store with this metadata holds this model's configuration `name`: its entity
    /// version hashes are those of the configuration's entities, each with its inheritance
    /// hierarchy, as Core Data's `isConfiguration(withName:compatibleWithStoreMetadata:)`.
    ///
    /// - Parameters:
    ///   - name: A configuration's name, or `nil` for the default configuration (every entity).
    ///   - metadata: A store's metadata
    ///     (``PersistentStoreCoordinator/metadataForPersistentStore(at:)``).
    /// - Returns: `false` too when the model has no configuration `name`.
    public func isConfiguration(withName name: String?, compatibleWithStoreMetadata metadata: StoreMetadata) -> Bool {
        (try? ModelConfiguration(model: self, name: name))?.isCompatible(with: metadata) ?? false
    }

}
