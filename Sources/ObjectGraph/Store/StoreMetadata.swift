import Foundation

/// The property list in a store's `Z_METADATA` row, under Core Data's keys.
///
/// Written as a binary property list. Reading needs only the model version hashes, as
/// opening a store checks nothing else; the other keys are there for tools that know Core
/// Data's stores.
struct StoreMetadata: Codable, Equatable {
    /// `"SQLite"`.
    var storeType: String?
    /// The store's UUID, also in the row's `Z_UUID` column.
    var storeUUID: String?
    /// Each entity's version hash, by entity name.
    var modelVersionHashes: [String: Data]
    /// The version of the hashing scheme (Core Data's current one is 3).
    var modelVersionHashesVersion: Int?
    /// The model's version identifiers.
    var modelVersionIdentifiers: [String]?
    /// The version of the framework that wrote the store.
    var persistenceFrameworkVersion: Int?
    /// The version of ObjectGraph's layout of the store.
    var storeFormat: Int?

    private enum CodingKeys: String, CodingKey {
        case storeType = "NSStoreType"
        case storeUUID = "NSStoreUUID"
        case modelVersionHashes = "NSStoreModelVersionHashes"
        case modelVersionHashesVersion = "NSStoreModelVersionHashesVersion"
        case modelVersionIdentifiers = "NSStoreModelVersionIdentifiers"
        case persistenceFrameworkVersion = "NSPersistenceFrameworkVersion"
        case storeFormat = "ObjectGraphStoreFormat"
    }

    /// The metadata of a new store of `model`.
    init(identifier: String, model: ManagedObjectModel) {
        storeType = "SQLite"
        storeUUID = identifier
        modelVersionHashes = model.entityVersionHashes.mapValues { Data($0) }
        modelVersionHashesVersion = 3
        modelVersionIdentifiers = [""]
        persistenceFrameworkVersion = 1
        storeFormat = 1
    }

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
