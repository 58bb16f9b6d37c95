import Foundation

/// A configuration compared with a store's metadata.
extension ModelConfiguration {
    /// Whether a store with this metadata was written by this configuration: its version hashes
    /// are exactly those of the entities held.
    func isCompatible(with metadata: StoreMetadata) -> Bool {
        let expected = entityVersionHashes
        return expected.count == metadata.entityVersionHashes.count
            && expected.allSatisfy { metadata.entityVersionHashes[$0.key] == Data($0.value) }
    }

    /// The entities whose version hashes differ between this configuration and a store's
    /// metadata, sorted.
    func differingEntities(_ metadata: StoreMetadata) -> [String] {
        let expected = entityVersionHashes
        return Set(expected.keys).union(metadata.entityVersionHashes.keys)
            .filter { expected[$0].map { Data($0) } != metadata.entityVersionHashes[$0] }
            .sorted()
    }

    /// The configuration of this name in the version of the model that wrote a store with this
    /// metadata, or `nil` when no version's is compatible with it.
    ///
    /// - Throws: ``ModelError`` naming a version that does not build.
    func version(matching metadata: StoreMetadata) throws(ModelError) -> ModelConfiguration? {
        if isCompatible(with: metadata) { return self }
        return try model.versions().lazy.compactMap { try? ModelConfiguration(model: $0, name: name) }
            .first { $0.isCompatible(with: metadata) }
    }

}
