import EMPlanner
import Foundation

extension Session {
    /// Copies the tournament the store holds, as saved, to a new store beside it, as
    /// `--force` replaces it.
    ///
    /// The copy is `STORE.YYYYMMDD-HHMMSS.bak` next to a file (whose temporaries, should em be
    /// killed while writing it, the next command on the store removes), the schema
    /// `SCHEMA_backup_YYYYMMDD_HHMMSS` on the same server; the time is UTC, and a number
    /// follows it when that name is taken. The session must have no unsaved changes, which
    /// the copy would lack.
    ///
    /// - Returns: The backup, and its name as `--store` opens it (a server's without the
    ///   password).
    /// - Throws: ``PlannerError`` if the copy cannot be written; nothing is replaced then.
    /// - Complexity: Loads the whole tournament; writes one new store.
    func backUp() throws -> (location: TournamentLocation, name: String) {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(secondsFromGMT: 0)!, from: Date())
        let day = [parts.year!, parts.month!, parts.day!].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
        let time = [parts.hour!, parts.minute!, parts.second!].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
        for attempt in 1... {
            let number = attempt == 1 ? "" : "-\(attempt)"
            let backup: TournamentLocation
            switch location.store {
            case .file(let url):
                backup = .file(
                    url.deletingLastPathComponent().appending(path: "\(url.lastPathComponent).\(day)-\(time)\(number).bak"))
            case .server(let connection, let schema):
                backup = .server(
                    connection, schema: "\(schema.prefix(32))_backup_\(day)_\(time)\(number.replacing("-", with: "_"))")
            case .memory:
                return (.memory, "memory")
            }
            do {
                try tournament.interchange.backUpStore(to: backup)
            } catch let error as PlannerError {
                switch error.kind {
                case .fileExists: continue
                // Another em filling the same new schema at once (it holds something, or its
                // keys collide): a name of its own, a few times over.
                case .alreadyInitialised, .storeRefused, .conflict, .keyTaken:
                    guard backup.isServer, attempt < Self.backupAttempts else { throw error }
                    continue
                default: throw error
                }
            }
            if case .file(let url) = backup { return (backup, url.path) }
            return (backup, backup.description)
        }
        preconditionFailure("no backup name is free")
    }

    /// How many names a backup on a server tries while other ems back up the same schema at
    /// once.
    private static let backupAttempts = 10
}
