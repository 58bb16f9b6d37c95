import EMPlanner
import Foundation

extension Session {
    /// Copies the tournament the store holds to a new store beside it, before `--force`
    /// replaces it: `STORE.YYYYMMDD-HHMMSS.bak` next to a file, the schema
    /// `SCHEMA_backup_YYYYMMDD_HHMMSS` on the same server; the time is UTC, and a number
    /// follows it when that name is taken.
    ///
    /// - Returns: The backup, as `--store` opens it.
    /// - Throws: ``PlannerError`` if the copy cannot be written; nothing is replaced then.
    /// - Complexity: Loads the whole tournament; writes one new store.
    func backUp() throws -> String {
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
                return "memory"
            }
            do {
                try tournament.writeStore(to: backup)
            } catch let error as PlannerError {
                switch error.kind {
                case .fileExists, .alreadyInitialised: continue
                default: throw error
                }
            }
            if case .file(let url) = backup { return url.path }
            return backup.description
        }
        preconditionFailure("no backup name is free")
    }
}
