import Foundation
import ObjectGraphPostgreSQL
import TestSupport
import Testing

@testable import ObjectGraph

/// Model versions written as Xcode writes them, and stores made with the earlier ones, for
/// migration tests.
enum ModelXML {
    /// A `contents` file with these `<entity>` elements.
    static func model(_ entities: String, identifier: String = "") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" userDefinedModelVersionIdentifier="\(identifier)">
            \(entities)
            </model>
            """.utf8)
    }
}

/// A store for a migration test: a file in a directory of its own, removed with the value, or
/// a schema of its own in the test server's database.
final class MigrationStore {
    /// The kind of store: SQLite or PostgreSQL.
    let kind: StoreKind
    /// The store's own directory, removed with the value.
    private let temporaryDirectory: TemporaryDirectory
    /// The schema of a PostgreSQL store.
    let schema = PostgreSQLTestServer.newSchema()
    /// The directory the store file is in.
    var directory: URL { temporaryDirectory.url }
    var url: URL { directory.appending(path: "store.sqlite") }
    var path: String { url.path }

    /// The store as errors name it: its file's path, or its server and schema.
    var name: String {
        get throws {
            guard kind == .postgreSQL else { return path }
            let url = try PostgreSQLTestServer.connectionURL()
            return "\(PostgreSQLConnection.destination(of: url) ?? url) (schema \(schema))"
        }
    }

    /// Where the store is.
    var location: PersistentStoreCoordinator.StoreLocation {
        get throws {
            kind == .postgreSQL
                ? .postgreSQL(try PostgreSQLTestServer.connectionURL(), schema: schema) : .sqlite(url)
        }
    }

    init(_ kind: StoreKind = .sqlite) throws {
        self.kind = kind
        temporaryDirectory = try TemporaryDirectory(prefix: "og-migration")
    }

    /// Creates the store with one version's model and fills it with `fill`, saved.
    func create(_ xml: Data, _ fill: (ManagedObjectContext) throws -> Void) throws {
        let model = try ManagedObjectModel(xml: xml)
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(try location)
        let context = ManagedObjectContext(coordinator: coordinator)
        try fill(context)
        try context.save()
    }

    /// A context on the store opened with `model` (migrating it when it is older).
    func open(_ model: ManagedObjectModel, options: StoreOptions = StoreOptions()) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(try location, options: options)
        return ManagedObjectContext(coordinator: coordinator)
    }
}

extension ManagedObjectContext {
    /// Inserts an object of `entity` with `values`.
    @discardableResult
    func insert(_ entity: String, _ values: [String: Any?]) throws -> ManagedObject {
        let object = try insertNewObject(forEntityName: entity)
        for (key, value) in values { try object.setValue(value, forKey: key) }
        return object
    }

    /// Every object of `entity`, sorted by `key`.
    func all(_ entity: String, by key: String) throws -> [ManagedObject] {
        try fetch(FetchRequest<ManagedObject>(entityName: entity, sortOrderings: [FetchOrdering(key)]))
    }
}
