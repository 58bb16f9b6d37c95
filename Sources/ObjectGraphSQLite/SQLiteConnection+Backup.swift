import CSQLite

extension SQLiteConnection {
    /// Copies the main database into a new file at `path` with SQLite's online backup API: a
    /// consistent copy even while other connections write (the copy restarts when they do).
    ///
    /// The copy is written to `path` directly: a database already there is overwritten; any
    /// other file there makes the backup fail, so remove it first.
    ///
    /// - Parameter path: The copy's path.
    /// - Throws: ``SQLiteError`` when the copy cannot be opened or written.
    /// - Complexity: Reads every page of the database, writes every page of the copy.
    package func backup(to path: String) throws {
        let destination = try SQLiteConnection(path: path)
        // The copy takes the source's page size and journal mode; a stale copy is overwritten.
        guard let backup = sqlite3_backup_init(destination.handle.pointer, "main", handle.pointer, "main") else {
            throw destination.handle.error(sqlite3_errcode(destination.handle.pointer), sql: nil)
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, -1)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(5) }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finish == SQLITE_OK else {
            throw destination.handle.error(code == SQLITE_DONE ? finish : code, sql: nil)
        }
    }

    /// Sets whether closing the connection checkpoints the write-ahead log.
    ///
    /// On (SQLite's default), closing moves the log into the database and deletes it. A
    /// connection that only looked at a file it then refuses turns it off, so that the file and
    /// its `-wal` stay byte for byte as they were.
    package func setCheckpointsOnClose(_ enabled: Bool) {
        _ = og_sqlite3_set_no_checkpoint_on_close(handle.pointer, enabled ? 0 : 1)
    }
}
