/// The kinds of defect the suite counts; any one of them fails the run.
enum DefectKind: CaseIterable, Sendable {
    /// Two teams with one code or one name, or two players of one team with one shirt number.
    case duplicates
    /// A command exited 0 but its write is not in the store (or, for a result, a later
    /// successful write was overwritten by an earlier one).
    case lostWrites
    /// After a kill the store is damaged (`integrity_check` not ok), empty, partial, holds two
    /// tournaments, or is neither the state before the command nor the state after it.
    case tornStores
    /// After a kill em can no longer open and read the store, or SQLite cannot open it.
    case unreadableStores
    /// A command that failed, or ended by itself, left files beside its store or target.
    case leftoverFiles
    /// A command removed the temporary file of a writer still at work (one it held locked).
    case removedLiveFiles
    /// em printed a success message for a write that did not commit (it exited non-zero, or
    /// the row is not in the store).
    case phantomSuccesses
    /// A refusal not as specified: a colliding write refused other than with exit 65 and one
    /// line on standard error, a collision that nobody won, a write without a collision refused,
    /// a write that committed though its command failed, a command that failed on a good input.
    case badRefusals
    /// em crashed (a signal of its own, exit 70) or hung.
    case crashes
    /// A malformed input not answered with the expected exit status, exactly one line on
    /// standard error and nothing on standard output, with the store unchanged.
    case malformedInputs

    /// The kind's line in the report.
    var title: String {
        switch self {
        case .duplicates: "duplicates"
        case .lostWrites: "lost writes"
        case .tornStores: "torn or empty stores"
        case .unreadableStores: "unreadable stores after a kill"
        case .leftoverFiles: "files left by failed commands"
        case .removedLiveFiles: "files of live writers removed"
        case .phantomSuccesses: "success messages for writes that did not commit"
        case .badRefusals: "refusals not as specified, failed good commands"
        case .crashes: "crashes, hangs, internal errors"
        case .malformedInputs: "malformed-input failures"
        }
    }
}
