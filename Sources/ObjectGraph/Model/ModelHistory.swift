// Unsafe: `ModelHistory` is `@unchecked Sendable`, made good by its lock (see `built`).

import Foundation

/// The versions of a versioned model, kept by its current version and built on first need
/// (a store of an older version to migrate), once per process.
final class ModelHistory: @unchecked Sendable {
    /// Every version, oldest first.
    let versions: [ModelVersion]
    /// The name of the current version.
    let current: String
    private let checkingPatterns: Bool
    private let lock = NSLock()
    /// The built versions, oldest first, once built.
    ///
    /// The only mutable state, read and written under `lock` only (the rest are constants of
    /// `Sendable` types): what makes the history `@unchecked Sendable` safe. The versions are
    /// finished, names set, before they are stored here and so seen by other threads.
    private var built: [ManagedObjectModel]?

    init(versions: [ModelVersion], current: String, checkingPatterns: Bool) {
        self.versions = versions
        self.current = current
        self.checkingPatterns = checkingPatterns
    }

    /// Every version built, oldest first, with `model` standing for the current one.
    func models(current model: ManagedObjectModel) throws(ModelError) -> [ManagedObjectModel] {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        var models: [ManagedObjectModel] = []
        for version in versions {
            if version.name == current {
                models.append(model)
                continue
            }
            let older: ManagedObjectModel
            do {
                older = try ManagedObjectModel(xml: version.xml, checkingPatterns: checkingPatterns)
            } catch {
                throw ModelError(
                    entity: error.entity, property: error.property,
                    .unreadableFile("version \"\(version.name)\": \(error)"))
            }
            older.versionName = version.name
            models.append(older)
        }
        built = models
        return models
    }
}
