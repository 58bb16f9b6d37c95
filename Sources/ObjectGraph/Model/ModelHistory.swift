// Unsafe: `ModelHistory` is `@unchecked Sendable`, made good by its lock (see `built`).

import Foundation

/// The versions of a versioned model, kept by its current version and built on first need
/// (a store of an older version to migrate), once per process.
final class ModelHistory: @unchecked Sendable {
    /// The versions before the current one, oldest first.
    let older: [ModelVersion]
    /// The versions after the current one, oldest first (Xcode lets any version be current).
    let newer: [ModelVersion]
    private let checkingPatterns: Bool
    private let lock = NSLock()
    /// The built versions, oldest first, once built.
    ///
    /// The only mutable state, read and written under `lock` only (the rest are constants of
    /// `Sendable` types): what makes the history `@unchecked Sendable` safe. The versions are
    /// finished, names set, before they are stored here and so seen by other threads.
    private var built: [ManagedObjectModel]?

    init(older: [ModelVersion], newer: [ModelVersion], checkingPatterns: Bool) {
        self.older = older
        self.newer = newer
        self.checkingPatterns = checkingPatterns
    }

    /// Every version built, oldest first, with `model` standing for the current one.
    func models(current model: ManagedObjectModel) throws(ModelError) -> [ManagedObjectModel] {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let models = try older.map(build) + [model] + newer.map(build)
        built = models
        return models
    }

    /// The model of one of the other versions, named.
    private func build(_ version: ModelVersion) throws(ModelError) -> ManagedObjectModel {
        let model: ManagedObjectModel
        do {
            model = try ManagedObjectModel(xml: version.xml, checkingPatterns: checkingPatterns)
        } catch {
            throw ModelError(
                entity: error.entity, property: error.property,
                .unreadableFile("version \"\(version.name)\": \(error)"))
        }
        model.versionName = version.name
        return model
    }
}
