/// The life of a one-shot command, in one place: open the store, run the command, save.
///
/// Errors are not caught here: they reach `EM.main()`, which reports them with
/// ``ErrorReporter/report(_:parsedBy:at:)``. Nothing is saved when the command throws.
enum CommandRunner {
    /// Runs `command` on the store named by its `--store`.
    ///
    /// What the command prints reaches standard output only once its changes are saved: a
    /// save that fails leaves only its error.
    ///
    /// - Throws: The planner's errors, or the store's when it cannot be opened or written.
    /// - Complexity: Opens the store, and writes one transaction if the command changed anything.
    static func run(_ command: some StoreCommand) throws {
        try Terminal.holdingOutput {
            let session = try Session(store: command.store, mode: .oneShot, seedingWith: command.setupOfNewStore)
            try session.perform(command)
            try session.tournament.save()
        }
    }
}
