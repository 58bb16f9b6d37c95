import Foundation
import ObjectGraphPostgreSQL

extension PostgreSQLStore {
    /// Migrates the store in the connection's schema to `configuration` by lightweight
    /// migration, and returns the store's new metadata.
    ///
    /// The store was written by `source`, a configuration of an older version of the model; the
    /// mapping is inferred from the two versions.
    ///
    /// Runs in the caller's transaction, which holds the store's advisory lock: PostgreSQL's
    /// DDL is transactional, so a migration that fails, or a server that stops in the middle
    /// of one, leaves the store at the old version, and other processes see it at the old
    /// version or the new one, complete.
    ///
    /// - Throws: ``StoreError/cannotMigrate(path:_:)`` for a change that cannot be inferred,
    ///   before anything is written, or for objects that share the values of a uniqueness
    ///   constraint; the server's errors otherwise.
    static func migrate(
        _ connection: PostgreSQLConnection, name: String, metadata: StoreMetadata, from source: ModelConfiguration,
        to configuration: ModelConfiguration
    ) throws -> StoreMetadata {
        let model = configuration.model
        var migration: StoreMigration
        do {
            let mapping = try ModelMapping.inferred(from: source.model, to: model).restricted(from: source, to: configuration)
            try mapping.check()
            migration = StoreMigration(mapping: mapping, sourceNumbers: try entityNumbers(connection), database: connection)
            try migration.checkRequiredValues()
            try migration.run()
        } catch let error as MigrationError {
            throw StoreError.cannotMigrate(path: name, error)
        } catch let duplicates as DuplicateValues {
            throw StoreError.cannotMigrate(path: name, duplicates.migrationError(from: source.model, to: model))
        }
        let migrated = metadata.migrated(to: configuration)
        try writeMetadata(migrated, on: connection)
        return migrated
    }
}
