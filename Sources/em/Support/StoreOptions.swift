import ArgumentParser
import Foundation

/// `--store PATH`: the store file a command opens, shared by every command that opens one.
struct StoreOptions: ParsableArguments {
    /// The store file as given on the command line.
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "The store file.",
            discussion: "Default: $EM_STORE, else $XDG_DATA_HOME/em/em.sqlite, else $HOME/.local/share/em/em.sqlite.",
            valueName: "path"))
    var path: String?

    /// Refuses an empty `--store`, which would name the current directory.
    func validate() throws {
        if path?.isEmpty == true { throw ValidationError("--store needs a file path; it is empty") }
    }

    /// Where a command's store is, and whether the user named it.
    struct Location {
        /// The store file.
        var url: URL
        /// Whether it is the default store, named by neither `--store` nor `$EM_STORE`: the
        /// only one em makes and seeds on first use.
        var isDefault: Bool
    }

    /// The store file: `--store`, else `$EM_STORE`, else `em/em.sqlite` in the user's data
    /// directory (`$XDG_DATA_HOME`, else `$HOME/.local/share`, else the account's home
    /// directory's), whose folder is created if missing.
    ///
    /// - Parameter environment: The environment variables to consult.
    /// - Throws: A file system error if the data directory cannot be created.
    /// - Complexity: May create a directory.
    func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Location {
        if let path { return Location(url: URL(filePath: path), isDefault: false) }
        if let path = environment["EM_STORE"], !path.isEmpty { return Location(url: URL(filePath: path), isDefault: false) }
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
        return Location(url: folder.appending(path: "em.sqlite"), isDefault: true)
    }
}

extension StoreOptions: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .option("store") { $0.path = $1 }
        ])
    }
}
