import Foundation
import ObjectGraph

/// Where a tournament is kept: a store file, a PostgreSQL server, or memory.
public enum TournamentLocation: Sendable, Equatable, CustomStringConvertible {
    /// A store file (an ObjectGraph SQLite store), created with the planner's schema if
    /// missing or empty.
    case file(URL)
    /// A schema of a PostgreSQL database, shared by everyone who connects to it: a
    /// `postgresql://` URL or a `key=value` connection string (what it leaves out comes from
    /// libpq's usual sources: `PGHOST`, `PGPASSWORD`, `~/.pgpass`, service files), and the
    /// schema holding the tournament.
    case server(String, schema: String)
    /// Memory only; gone with the ``Tournament``.
    case memory

    /// The schema a server location uses when its URL names none.
    public static let defaultSchema = "public"

    /// The location a `--store` argument names when it is a server's: a `postgresql://` or
    /// `postgres://` URL, whose `schema` query parameter (taken out of the URL given to
    /// libpq) names the schema, by default ``defaultSchema``; `nil` for anything else (a file
    /// path).
    public init?(serverURL text: String) {
        guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://"), var components = URLComponents(string: text)
        else { return nil }
        let schema = components.queryItems?.last { $0.name == "schema" }?.value ?? Self.defaultSchema
        components.queryItems = components.queryItems?.filter { $0.name != "schema" }
        if components.queryItems?.isEmpty == true { components.queryItems = nil }
        self = .server(components.string ?? text, schema: schema)
    }

    /// Why the location cannot name a store, found before connecting to anything: a server's
    /// schema name that is not one; `nil` when it can.
    public var problem: String? {
        guard case .server(_, let schema) = self, !PersistentStoreCoordinator.StoreLocation.isValidSchemaName(schema)
        else { return nil }
        return
            "the schema name \"\(schema)\" is not one: 1 to 63 letters, digits and underscores, not starting with a digit"
    }

    /// The location as messages name it: a file's path, `memory`, or a server's host, port,
    /// database and schema, never with its password.
    public var description: String { storeLocation.description }

    /// Whether the location is a server's.
    public var isServer: Bool {
        if case .server = self { return true }
        return false
    }

    /// The framework's location.
    var storeLocation: PersistentStoreCoordinator.StoreLocation {
        switch self {
        case .file(let url): .sqlite(url)
        case .server(let connection, let schema): .postgreSQL(connection, schema: schema)
        case .memory: .inMemory
        }
    }
}
