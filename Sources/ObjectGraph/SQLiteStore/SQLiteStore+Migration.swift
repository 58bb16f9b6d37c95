import Foundation
import ObjectGraphSQLite

extension SQLiteStore {
    /// Migrates the store behind `connection`, written by `source`, a configuration of an older
    /// version of the model, to the configuration of the same name `configuration`:
    /// lightweight migration, inferred from the two versions.
    ///
    /// The mapping and the data's required values are checked with reads first. Then a copy
    /// of the store is made beside it with SQLite's online backup (`<store>.migration-backup`),
    /// the migration runs in one transaction on the store itself, and the copy is removed. A
    /// process killed at any moment leaves the store at the old version, intact, or at the new
    /// one, complete.
    ///
    /// - Throws: ``StoreError/cannotMigrate(path:_:)`` for a change that cannot be inferred,
    ///   before anything is written, or for objects that share the values of a uniqueness
    ///   constraint (the transaction is rolled back); ``StoreError/database(_:)`` when SQLite
    ///   fails (rolled back too).
    static func migrate(
        _ connection: SQLiteConnection, path: String, from source: ModelConfiguration, to configuration: ModelConfiguration
    ) throws(StoreError) {
        let model = configuration.model
        let mapping: ModelMapping
        do {
            mapping = try ModelMapping.inferred(from: source.model, to: model).restricted(from: source, to: configuration)
            try mapping.check()
        } catch {
            throw .cannotMigrate(path: path, error)
        }
        let numbers = try entityNumbers(on: connection)
        var migration = StoreMigration(mapping: mapping, sourceNumbers: numbers, database: connection)
        do {
            try migration.checkRequiredValues()
        } catch let error as MigrationError {
            throw .cannotMigrate(path: path, error)
        } catch {
            throw .database(error as? SQLiteError ?? SQLiteError(resultCode: 1, message: "\(error)"))
        }
        let backup = path + ".migration-backup"
        // A copy left by a migration that was killed, or any file of that name, is replaced.
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: backup + suffix) }
        defer { try? FileManager.default.removeItem(atPath: backup) }
        try wrap {
            try connection.backup(to: backup)
            try connection.inTransaction {
                // Another process may have migrated the store since it was read.
                let metadata = try readMetadata(on: connection, path: path)
                if configuration.isCompatible(with: metadata) { return }
                guard source.isCompatible(with: metadata) else {
                    throw StoreError.incompatibleModel(path: path, entities: configuration.differingEntities(metadata))
                }
                do {
                    try migration.run()
                } catch let duplicates as DuplicateValues {
                    throw StoreError.cannotMigrate(path: path, duplicates.migrationError(from: source.model, to: model))
                }
                let migrated = metadata.migrated(to: configuration)
                try connection.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob([UInt8](try migrated.propertyList()))])
            }
        }
    }

    /// The entity numbers a store's `Z_PRIMARYKEY` records, by entity name.
    static func entityNumbers(on connection: SQLiteConnection) throws(StoreError) -> [String: Int] {
        let rows = try wrap { try connection.prepare("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY").rows() }
        var numbers: [String: Int] = [:]
        for row in rows {
            guard case .integer(let number) = row[0], case .text(let name) = row[1], !SQLHistory.isHistoryNumber(Int(number))
            else { continue }
            numbers[name] = Int(number)
        }
        return numbers
    }

    /// The metadata in a store's `Z_METADATA` row.
    static func readMetadata(on connection: SQLiteConnection, path: String) throws(StoreError) -> StoreMetadata {
        let rows = try wrap { try connection.prepare("SELECT Z_PLIST FROM Z_METADATA").rows() }
        guard case .blob(let bytes) = rows.first?.first, let metadata = try? StoreMetadata(propertyList: Data(bytes)) else {
            throw .notAStore(path: path, reason: "its Z_METADATA row is missing or unreadable")
        }
        return metadata
    }

    /// Gives a store of the model the model's indexes when the metadata says they differ (an
    /// index added to or removed from the model, which its version hashes do not see), and
    /// records them; a store whose indexes are the model's is only read.
    ///
    /// A store Core Data wrote keeps the indexes it has and gets only the unique indexes of
    /// the model's uniqueness constraints that it lacks; its metadata stays as Core Data
    /// wrote it.
    ///
    /// - Throws: ``StoreError/cannotMigrate(path:_:)`` when the rows break a uniqueness
    ///   constraint whose index the store lacks; ``StoreError/database(_:)``. The store is
    ///   left as it was.
    static func synchroniseIndexes(
        _ connection: SQLiteConnection, path: String, model: ManagedObjectModel, schema: StoreSchema, metadata: StoreMetadata
    ) throws(StoreError) {
        let signature = schema.indexSignature
        let keepsMetadata = metadata.isWrittenByCoreData
        guard keepsMetadata || metadata.indexSignature != signature else { return }
        try wrap {
            // Core Data's stores are read first, so that one with its indexes is not locked.
            if keepsMetadata, try indexChanges(for: schema, on: connection, keepingStoreIndexes: true).isEmpty {
                return
            }
            try connection.inTransaction {
                do {
                    try indexChanges(for: schema, on: connection, keepingStoreIndexes: keepsMetadata)
                        .apply(on: connection)
                } catch let duplicates as DuplicateValues {
                    throw StoreError.cannotMigrate(path: path, duplicates.migrationError(from: model, to: model))
                }
                guard !keepsMetadata else { return }
                var updated = metadata
                updated.indexSignature = signature
                try connection.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob([UInt8](try updated.propertyList()))])
            }
        }
    }
}
