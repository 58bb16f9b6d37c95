import Foundation
import ObjectGraph

/// Making a store file with its tournament, all at once.
extension Tournament {
    /// Opens the store file at `url`; where there is none, first makes one holding the
    /// tournament `setup()` gives, complete in a temporary file beside `url`, linked into place
    /// only if no store appeared there meanwhile (``NewFile``).
    ///
    /// So no process ever sees a half-made store, a crash leaves either no store or a seeded
    /// one, and processes that start on a new path at once agree on one store holding one
    /// tournament. An empty file at `url` counts as a store not seeded yet: it is opened as it
    /// is.
    ///
    /// - Parameters:
    ///   - url: The store file.
    ///   - setup: The tournament of a new store; called only when one is made.
    /// - Returns: The tournament, and whether this call made its store.
    /// - Throws: What `setup` throws, ``SetupError``, or ``PlannerError`` when the store cannot
    ///   be made or opened; nothing is left at `url` by a store this call failed to make.
    /// - Complexity: Opens the store; making one writes the tournament into the new file in
    ///   batches (``seedNewStore(from:batchSize:)``), so that memory holds one batch of it.
    public static func open(creatingAt url: URL, seededFrom setup: () throws -> SetupData) throws -> (
        tournament: Tournament, created: Bool
    ) {
        var created = false
        if !FileManager.default.fileExists(atPath: url.path) {
            do {
                try NewFile(url: url).create { temporary in
                    // Nobody sees the file before it is linked: it may be seeded in batches.
                    try Tournament(store: .file(temporary)).interchange.seedNewStore(from: setup())
                }
                created = true
            } catch NewFile.Failure.exists {
                // Another process made it first: use theirs.
            } catch NewFile.Failure.refused(let path, let reason) {
                throw PlannerError(.storeRefused("cannot create \(path): \(reason)"))
            }
        }
        return (try Tournament(store: .file(url)), created)
    }

    /// Opens the tournament on a server, making its store in the schema first when there is
    /// none, and seeding it from `setup` when it holds no tournament yet, as
    /// ``open(creatingAt:seededFrom:)`` does for a file.
    ///
    /// The store's tables are made in one transaction (concurrent callers make one store), the
    /// tournament in a second one: a failed seeding leaves an empty store, which the next
    /// call seeds.
    ///
    /// - Returns: The tournament, and whether this call seeded it.
    /// - Throws: What `setup` throws, ``SetupError``, or ``PlannerError`` when the store cannot
    ///   be made or opened.
    public static func open(creatingOn location: TournamentLocation, seededFrom setup: () throws -> SetupData) throws -> (
        tournament: Tournament, created: Bool
    ) {
        let tournament = try Tournament(store: location)
        guard try !tournament.isInitialised else { return (tournament, false) }
        try tournament.interchange.seed(from: setup())
        return (tournament, true)
    }
}
