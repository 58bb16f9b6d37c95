/// A failure found by the command line itself rather than by the planner.
enum EMError: Error, CustomStringConvertible {
    /// An input file does not exist or cannot be read.
    case unreadableInput(path: String)
    /// An input file is not what it should be, such as a script that is not UTF-8 text.
    case invalidInput(path: String, reason: String)
    /// No store at a path the user named: em makes only the default store by itself.
    case noStore(path: String)
    /// No store at a path the user named, in a folder that does not exist either.
    case noStoreFolder(path: String, folder: String)
    /// The server's schema named holds no store (named without its password).
    case noServerStore(name: String)
    /// A store the user named holds no tournament: em seeds only the default store by itself.
    case noTournament(path: String)
    /// An output file exists already or cannot be written.
    case cannotCreate(path: String, reason: String)
    /// The request does not fit where it was made (e.g. `--store` inside the shell).
    case usage(String)
    /// The shell refuses to end while there are unsaved changes.
    case unsavedChanges(count: Int)

    /// The exit status this failure ends `em` with.
    var status: ExitStatus {
        switch self {
        case .unreadableInput, .noStore, .noStoreFolder, .noServerStore, .noTournament: .noInput
        case .invalidInput: .data
        case .cannotCreate: .cannotCreate
        case .usage: .usage
        case .unsavedChanges: .refused
        }
    }

    /// One line saying what is wrong.
    var description: String {
        switch self {
        case .unreadableInput(let path): "cannot read \(path): no such file or not readable"
        case .invalidInput(let path, let reason): "cannot read \(path): \(reason)"
        case .noStore(let path): "no store at \(path): create one with `em init --store \(path)`"
        case .noStoreFolder(let path, let folder): "no store at \(path): its folder \(folder) does not exist"
        case .noServerStore(let name): "no store at \(name): create one with `em init --store` and the same URL"
        case .noTournament(let path): "the store at \(path) holds no tournament: seed it with `em init --store \(path)`"
        case .cannotCreate(let path, let reason): "cannot write \(path): \(reason)"
        case .usage(let message): message
        case .unsavedChanges(let count):
            "\(Count(count, "unsaved change")): type 'save' to keep them, 'rollback' to drop them, or 'quit --force'"
        }
    }
}
