import ArgumentParser

/// `--watch`: keep the output on screen and redraw it whenever any process saves a change to
/// the store.
struct WatchOptions: ParsableArguments {
    /// Whether to watch.
    @Flag(help: "Redraw whenever any process saves a change to the store, until Ctrl-C.")
    var watch = false

    /// Refuses `--watch` where a command runs once, as a line of `em shell` or `em run`.
    func refuseHere() throws {
        if watch { throw ValidationError("--watch works on the command line only, not in em shell or em run") }
    }
}
