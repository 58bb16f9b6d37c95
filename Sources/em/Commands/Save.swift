import ArgumentParser
import EMPlanner
import Foundation

/// `em save --to FILE`: writes the whole tournament to a new store file or a setup plist; in
/// the shell, plain `save` keeps the unsaved changes.
struct Save: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Write a store, plist or Football.TXT file; in the shell, save.",
        discussion: """
            --as sqlite writes a ready-made store to ship; --as plist writes a setup that \
            'em init --setup FILE' reads again, losing nothing; --as football-txt writes \
            openfootball's Football.TXT, which 'em import' reads again (without --to, to \
            standard output): the matches with results, goals, and line-ups with their cards; \
            with --to, each team's squad in squads/TEAM.txt beside the file (its folder made \
            if missing), as openfootball keeps them ('em import FILE --squads squads' reads \
            them back). What the format \
            cannot hold (head coaches, cards of players in no line-up and of officials, dates \
            of birth but their year, given names of several words) is named on standard \
            error, one line per kind, counted. Without --as, the file's extension says which: .sqlite, \
            .sqlite3, .db or .store for a store, .plist for a plist, .txt for Football.TXT; \
            any other is refused. An existing file is never overwritten; the new one \
            appears complete or not at all. --to postgresql://host/database?schema=NAME \
            copies the tournament into a schema of a PostgreSQL server that holds none. In the shell, 'save' without --to saves the \
            session's unsaved changes to its store; in a script that 'em run' runs, it does \
            nothing, since the script is saved at its end. 'em export' is the same command.

            Examples:
              em save --to euro2012.sqlite
              em save --to euro2012.plist --as plist
              em export --as football-txt --to euro2012/euro.txt
              em export --as football-txt
            """,
        aliases: ["export"])

    /// The kinds of file `save` writes.
    enum FileKind: String, CaseIterable, ExpressibleByArgument {
        /// An ObjectGraph SQLite store with the planner's model.
        case sqlite
        /// A setup property list.
        case plist
        /// openfootball's Football.TXT.
        case footballText = "football-txt"

        /// The kind a file name's extension (any case) stands for, if any.
        init?(extensionOf path: String) {
            switch URL(filePath: path).pathExtension.lowercased() {
            case "sqlite", "sqlite3", "db", "store": self = .sqlite
            case "plist": self = .plist
            case "txt": self = .footballText
            default: return nil
            }
        }
    }

    @OptionGroup var store: StoreOptions

    /// The file to write.
    @Option(help: ArgumentHelp("The new file to write.", valueName: "file"))
    var to: String?

    /// What to write; from the file's extension when not given.
    @Option(
        name: .customLong("as"), help: ArgumentHelp("What to write: sqlite, plist or football-txt.", valueName: "kind"))
    var kind: FileKind?

    func validate() throws {
        if let kind, kind != .footballText, to == nil { throw ValidationError("--as \(kind.rawValue) needs --to FILE") }
        guard let to else { return }
        if let server = TournamentLocation(serverURL: to) {
            if let problem = server.problem { throw ValidationError("--to: \(problem)") }
        } else {
            _ = try fileKind(of: to)
        }
    }

    /// What to write to `path`: `--as`, else what its extension stands for.
    private func fileKind(of path: String) throws -> FileKind {
        guard let kind = kind ?? FileKind(extensionOf: path) else {
            throw ValidationError(
                "cannot tell what to write from the name \(path): end it in .sqlite, .plist or .txt, or give --as sqlite|plist|football-txt"
            )
        }
        return kind
    }

    func run(in session: Session) throws {
        if kind == .footballText, to == nil {
            Terminal.write(try session.tournament.interchange.footballText())
            try warnOfLosses(in: session.tournament, squads: false)
            return
        }
        guard let to else {
            switch session.mode {
            case .oneShot: throw ValidationError("Missing expected option '--to <file>'")
            case .shell:
                try session.tournament.save()
                Terminal.print("saved")
            case .script:
                // The script is one transaction, saved at its end.
                break
            }
            return
        }
        if case .script(dryRun: true) = session.mode {
            Terminal.print("dry run: \(to) not written")
            return
        }
        if let server = TournamentLocation(serverURL: to) {
            try session.tournament.interchange.writeStore(to: server)
            Terminal.print("wrote \(server)")
            return
        }
        let url = URL(filePath: to)
        switch try fileKind(of: to) {
        case .sqlite:
            try session.tournament.interchange.writeStore(to: url)
        case .plist:
            try write(session.tournament.interchange.exportSetup().plistData(), to: url)
        case .footballText:
            let squads = try writeFootballText(of: session.tournament, to: url)
            Terminal.print("wrote \(to)" + (squads == 0 ? "" : " and \(Count(squads, "squad file")) in squads/ beside it"))
            try warnOfLosses(in: session.tournament, squads: true)
            return
        }
        Terminal.print("wrote \(to)")
    }

    /// Writes the tournament's Football.TXT to `url` and its squads into a `squads` folder
    /// beside it, as openfootball keeps them, making the folders; none of the files may exist
    /// yet.
    ///
    /// - Returns: How many squad files were written.
    private func writeFootballText(of tournament: Tournament, to url: URL) throws -> Int {
        let folder = url.deletingLastPathComponent().appending(path: "squads")
        let squads = try tournament.interchange.footballTextSquads().map { (url: folder.appending(path: $0.name), text: $0.text) }
        let files = squads + [(url: url, text: try tournament.interchange.footballText())]
        for file in files where FileManager.default.fileExists(atPath: file.url.path) {
            throw EMError.cannotCreate(path: file.url.path, reason: "it exists already")
        }
        let made = squads.isEmpty ? url.deletingLastPathComponent() : folder
        do {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        } catch {
            throw EMError.cannotCreate(path: made.path, reason: error.systemReason)
        }
        for file in files { try write(Data(file.text.utf8), to: file.url) }
        return squads.count
    }

    /// Says on standard error, one line each, what Football.TXT could not hold.
    private func warnOfLosses(in tournament: Tournament, squads: Bool) throws {
        for loss in try tournament.interchange.footballTextLosses(squads: squads) { Terminal.diagnose("warning: \(loss)") }
    }

    /// Writes `data` to the new file `url`, complete or not at all.
    private func write(_ data: Data, to url: URL) throws {
        do {
            try NewFile(url: url).write(data)
        } catch .exists(let path) {
            throw EMError.cannotCreate(path: path, reason: "it exists already")
        } catch .refused(let path, let reason) {
            throw EMError.cannotCreate(path: path, reason: reason)
        }
    }
}
