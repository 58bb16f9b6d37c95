import Foundation

/// What a store records of the model that wrote it: the property list in its `Z_METADATA`
/// row, under Core Data's keys (`NSStoreModelVersionHashes`, `NSStoreModelVersionIdentifiers`).
///
/// Read a store's with ``PersistentStoreCoordinator/metadataForPersistentStore(at:)`` and ask a
/// model which of its versions wrote it with ``ManagedObjectModel/version(matching:configurationName:)``.
public struct StoreMetadata: Codable, Equatable, Sendable {
    /// `"SQLite"`.
    public internal(set) var storeType: String?
    /// The store's UUID, also in the row's `Z_UUID` column.
    public internal(set) var storeUUID: String?
    /// Each entity's version hash, by entity name.
    public internal(set) var entityVersionHashes: [String: Data]
    /// The version of the hashing scheme (Core Data's current one is 3).
    var modelVersionHashesVersion: Int?
    /// The version identifiers of the model that wrote the store (`[""]` when it had none).
    public internal(set) var versionIdentifiers: [String]?
    /// The version of the framework that wrote the store.
    var persistenceFrameworkVersion: Int?
    /// The version of ObjectGraph's layout of the store.
    var storeFormat: Int?
    /// The indexes the store was last given (``StoreSchema/indexSignature``), so that opening
    /// it with a model whose indexes differ adds and drops them.
    var indexSignature: String?

    private enum CodingKeys: String, CodingKey {
        case storeType = "NSStoreType"
        case storeUUID = "NSStoreUUID"
        case entityVersionHashes = "NSStoreModelVersionHashes"
        case modelVersionHashesVersion = "NSStoreModelVersionHashesVersion"
        case versionIdentifiers = "NSStoreModelVersionIdentifiers"
        case persistenceFrameworkVersion = "NSPersistenceFrameworkVersion"
        case storeFormat = "ObjectGraphStoreFormat"
        case indexSignature = "ObjectGraphIndexes"
    }

    /// Whether Core Data wrote the store (ObjectGraph records its layout's version, Core Data
    /// does not): its tables are then checked against the model, as its version hashes are
    /// Core Data's own.
    public var isWrittenByCoreData: Bool { storeFormat == nil }

    /// Reads the metadata from a property list in any format.
    ///
    /// - Throws: `DecodingError` when `data` is no property list or lacks the version hashes.
    init(propertyList data: Data) throws {
        self = try PropertyListDecoder().decode(StoreMetadata.self, from: data)
    }

    /// The metadata as a binary property list.
    func propertyList() throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try encoder.encode(self)
    }
}
