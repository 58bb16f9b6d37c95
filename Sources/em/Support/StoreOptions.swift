import ArgumentParser
import EMPlanner
import Foundation

/// `--store PATH`: the store file a command opens, shared by every command that opens one.
struct StoreOptions: ParsableArguments {
    /// The store file as given on the command line.
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "The store file, or a PostgreSQL server's URL.",
            discussion:
                "A URL postgresql://[user@]host[:port]/database[?schema=NAME] keeps the tournament in that schema (default public) of a PostgreSQL database, shared by everyone who connects to it; a password comes from $PGPASSWORD or ~/.pgpass. Default: $EM_STORE, else $XDG_DATA_HOME/em/em.sqlite, else $HOME/.local/share/em/em.sqlite.",
            valueName: "path"))
    var path: String?

    /// Refuses an empty `--store`, which would name the current directory, and a server URL
    /// whose schema name is not one.
    func validate() throws {
        if path?.isEmpty == true { throw ValidationError("--store needs a file path; it is empty") }
        if let path, let problem = TournamentLocation(serverURL: path)?.problem { throw ValidationError("--store: \(problem)") }
    }

    /// Where a command's store is, and whether the user named it.
    struct Location {
        /// The store: a file, or a server's schema.
        var store: TournamentLocation
        /// Whether it is the default store, named by neither `--store` nor `$EM_STORE`: the
        /// only one em makes and seeds on first use.
        var isDefault: Bool

        /// The store as given: a file path, or a server's URL.
        init(_ text: String, isDefault: Bool = false) {
            store = TournamentLocation(serverURL: text) ?? .file(URL(filePath: text))
            self.isDefault = isDefault
        }

        /// The store as messages name it: a file's path, or a server's host, port, database
        /// and schema, never with a password.
        var name: String { store.description }
    }

    /// The store file: `--store`, else `$EM_STORE`, else `em/em.sqlite` in the user's data
    /// directory (`$XDG_DATA_HOME`, else `$HOME/.local/share`, else the account's home
    /// directory's), whose folder is created if missing.
    ///
    /// - Parameter environment: The environment variables to consult.
    /// - Throws: A file system error if the data directory cannot be created.
    /// - Complexity: May create a directory.
    func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Location {
        if let path { return Location(path) }
        if let path = environment["EM_STORE"], !path.isEmpty {
            if let problem = TournamentLocation(serverURL: path)?.problem { throw ValidationError("$EM_STORE: \(problem)") }
            return Location(path)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(filePath: $0) }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(filePath: $0) }
            ?? (home ?? FileManager.default.homeDirectoryForCurrentUser).appending(path: ".local/share")
        let folder = dataHome.appending(path: "em")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw EMError.cannotCreate(path: folder.path, reason: error.systemReason)
        }
        return Location(folder.appending(path: "em.sqlite").path, isDefault: true)
    }
}

extension StoreOptions: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .option("store") { $0.path = $1 }
        ])
    }
}
