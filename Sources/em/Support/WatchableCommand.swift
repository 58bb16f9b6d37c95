/// A command whose output `--watch` keeps on screen, redrawn whenever the store changes
/// (``Watch``).
protocol WatchableCommand: StoreCommand {
    /// `--watch`.
    var watching: WatchOptions { get set }
    /// Whether the output is for people, above which a watch says what changed; JSON and CSV
    /// are printed whole each time, nothing between them.
    var printsForPeople: Bool { get }
}

extension WatchableCommand {
    /// Runs the command once through ``CommandRunner``, or, with `--watch`, until interrupted
    /// through ``Watch``.
    func run() throws {
        guard watching.watch else { return try CommandRunner.run(self) }
        var drawing = self
        drawing.watching.watch = false
        try Watch.run(drawing)
    }
}
