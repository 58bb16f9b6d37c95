import Foundation
// Re-exported for the files of this target that use StoreKind without importing TestSupport
// themselves (those under Fetching/).
@_exported import TestSupport
import Testing

@testable import ObjectGraph

/// A model, a coordinator with a fresh store, and a context, for one test.
///
/// SQLite stores live in their own temporary directory, removed when the stack goes away.
final class TestStack {
    let model: ManagedObjectModel
    let coordinator: PersistentStoreCoordinator
    let context: ManagedObjectContext
    /// The temporary directory of a SQLite stack's store file, removed with the stack.
    private let temporaryDirectory: TemporaryDirectory?
    /// The directory of a SQLite stack's store file.
    var directory: URL? { temporaryDirectory?.url }
    /// Contexts made by ``newContext()``, kept alive for the test: objects do not retain their
    /// context, as in Core Data.
    private var contexts: [ManagedObjectContext] = []

    /// The store file of a SQLite stack.
    var storeURL: URL? { directory?.appending(path: "store.sqlite") }
    /// Where a SQLite or PostgreSQL stack's store is, for another coordinator to open it.
    var location: PersistentStoreCoordinator.StoreLocation? {
        storeURL.map(PersistentStoreCoordinator.StoreLocation.sqlite) ?? postgreSQLLocation
    }
    /// Where a PostgreSQL stack's store is.
    private(set) var postgreSQLLocation: PersistentStoreCoordinator.StoreLocation?

    /// The options the store was opened with.
    let options: StoreOptions

    init(_ kind: StoreKind, model: ManagedObjectModel? = nil, options: StoreOptions = StoreOptions()) throws {
        self.model = try model ?? TestStack.tournamentModel()
        self.options = options
        coordinator = PersistentStoreCoordinator(model: self.model)
        switch kind {
        case .inMemory:
            temporaryDirectory = nil
            try coordinator.addPersistentStore(.inMemory, options: options)
        case .sqlite:
            let directory = try TemporaryDirectory(prefix: "og")
            temporaryDirectory = directory
            try coordinator.addPersistentStore(.sqlite(directory.file("store.sqlite")), options: options)
        case .postgreSQL:
            temporaryDirectory = nil
            let location = PersistentStoreCoordinator.StoreLocation.postgreSQL(
                try PostgreSQLTestServer.connectionURL(), schema: PostgreSQLTestServer.newSchema())
            postgreSQLLocation = location
            try coordinator.addPersistentStore(location, options: options)
        }
        context = ManagedObjectContext(coordinator: coordinator)
    }

    /// The stack whose store this one reopened, kept alive with its directory.
    private var original: TestStack?

    /// A stack of its own on the store of `other` (a SQLite file or a PostgreSQL schema), as
    /// another process would open it with `options`.
    static func reopening(_ other: TestStack, options: StoreOptions) throws -> TestStack {
        let location = try #require(other.location)
        let stack = try TestStack(other.model, at: location, options: options)
        stack.original = other
        return stack
    }

    private init(_ model: ManagedObjectModel, at location: PersistentStoreCoordinator.StoreLocation, options: StoreOptions) throws
    {
        self.model = model
        self.options = options
        coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(location, options: options)
        temporaryDirectory = nil
        if case .postgreSQL = location { postgreSQLLocation = location }
        context = ManagedObjectContext(coordinator: coordinator)
    }

    /// Another context on the same coordinator (sees only saved state).
    func newContext() -> ManagedObjectContext {
        let context = ManagedObjectContext(coordinator: coordinator)
        contexts.append(context)
        return context
    }

    /// A context on a coordinator of its own, on the same store file or schema, as another
    /// process would have (for a SQLite or PostgreSQL stack; another context of this
    /// coordinator otherwise).
    func separateContext() throws -> ManagedObjectContext {
        guard let location else { return newContext() }
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(location, options: options)
        let context = ManagedObjectContext(coordinator: coordinator)
        contexts.append(context)
        return context
    }

    /// The statements the SQLite store's connection runs while `body` runs.
    func trace(_ body: () throws -> Void) rethrows -> [String] {
        let connection = (coordinator.persistentStores[0].store as! SQLiteStore).connection
        var statements: [String] = []
        connection.traceHandler = { statements.append($0) }
        defer { connection.traceHandler = nil }
        try body()
        return statements
    }

    /// The fixture model with the generated classes registered.
    static func tournamentModel() throws -> ManagedObjectModel {
        let model = try TournamentModel.loadFixture()
        try model.register(TournamentClasses.all)
        return model
    }
}

/// The ID of the object a failing save names as its conflict, or `nil` (recorded) when `body`
/// does not fail that way.
func conflictID(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> ManagedObjectID? {
    do {
        try body()
        Issue.record("the save succeeded", sourceLocation: sourceLocation)
    } catch StoreError.conflict(let id) {
        return id
    } catch {
        Issue.record("expected a conflict, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

extension ManagedObjectContext {
    /// Inserts an object of `entity` with the given values.
    @discardableResult
    func make(_ entity: String, _ values: [String: Any?] = [:]) throws -> ManagedObject {
        let object = try insertNewObject(forEntityName: entity)
        for (key, value) in values { try object.setValue(value, forKey: key) }
        return object
    }

    /// All objects of an entity matching `format`, sorted by `sort`.
    func all(_ entity: String, _ format: String? = nil, _ arguments: Any?..., sort: [String] = []) throws -> [ManagedObject] {
        var request = FetchRequest<ManagedObject>(entityName: entity)
        if let format { request.predicate = try FetchPredicate(format: format, argumentArray: arguments) }
        request.sortOrderings = sort.map(FetchOrdering.init(parsing:))
        return try fetch(request)
    }
}

extension ManagedObject {
    /// A property value for assertions, `nil` for unknown keys.
    subscript(_ key: String) -> Any? {
        (try? value(forKey: key)) ?? nil
    }

    /// A string attribute.
    func string(_ key: String) -> String? { self[key] as? String }
}
