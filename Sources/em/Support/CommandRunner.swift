import EMPlanner
import Foundation

/// The life of a one-shot command, in one place: open the store, run the command, save.
///
/// Errors are not caught here: they reach `EM.main()`, which reports them with
/// ``ErrorReporter/report(_:parsedBy:at:)``. Nothing is saved when the command throws.
enum CommandRunner {
    /// Runs `command` on the store named by its `--store`.
    ///
    /// What the command prints reaches standard output only once its changes are saved: a
    /// save that fails leaves only its error. A save that meets a conflict (another process
    /// saved what the command read, or a key it gives) runs the command again on a fresh
    /// session, up to ``attempts`` times: it lands, the last one winning, unless its own
    /// preconditions no longer hold, which it then reports as usual.
    ///
    /// - Throws: The planner's errors, or the store's when it cannot be opened or written.
    /// - Complexity: Opens the store, and writes one transaction if the command changed anything.
    static func run(_ command: some StoreCommand) throws {
        try run(store: command.store, mode: .oneShot, creatingWith: command.setupOfNewStore) { session in
            try session.perform(command)
        }
    }

    /// Runs `body` on a session of `store` and saves what it changed, as ``run(_:)`` runs a
    /// command: output held until the save, and all again on a fresh session when the save
    /// meets a conflict.
    ///
    /// - Throws: What `body` throws, the planner's errors, or the store's when it cannot be
    ///   opened or written.
    static func run(
        store: StoreOptions, mode: Session.Mode, creatingWith setup: (() throws -> SetupData)? = nil,
        _ body: (Session) throws -> Void
    ) throws {
        for attempt in 1... {
            do {
                try Terminal.holdingOutput {
                    let session = try Session(store: store, mode: mode, creatingWith: setup)
                    try body(session)
                    try session.tournament.save()
                }
                return
            } catch let error as PlannerError where attempt < attempts {
                switch error.kind {
                case .conflict, .keyTaken: break
                default: throw error
                }
                // Another process saved what this one read, or a key this one gives: run again
                // on what is there now (where the command's own checks see that key taken),
                // after a random pause so that racing processes spread out.
                usleep(UInt32.random(in: 5_000...(20_000 * UInt32(attempt))))
            }
        }
    }

    /// How many times a command whose save meets a conflict runs before the conflict is its
    /// error.
    static let attempts = 10
}
