/// A write made: what was planned, and how em answered.
struct WriteRecord: Sendable {
    /// The write.
    let write: PlannedWrite
    /// How em ran.
    let outcome: EMOutcome

    /// The write, who made it, and the command that repeats it, for messages.
    var label: String {
        "writer \(write.worker) write \(write.index) (\(write.target.label)): \(outcome.commandLine)"
    }
}
