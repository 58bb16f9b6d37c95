import EMPlanner

/// The exit status of `em`, following `sysexits.h` where a code fits.
///
/// Every failure is reported as one line on standard error by
/// ``ErrorReporter/report(_:parsedBy:at:)``, and nothing is saved when a command fails.
enum ExitStatus: Int32 {
    /// The command did what it was asked.
    case success = 0
    /// The command refused (the shell asked to quit with unsaved changes).
    case refused = 1
    /// The command line is wrong: unknown command or option, bad option value (`EX_USAGE`).
    case usage = 64
    /// The request breaks the tournament's rules or names something unknown (`EX_DATAERR`).
    case data = 65
    /// An input file is missing or unreadable (`EX_NOINPUT`).
    case noInput = 66
    /// A bug in em (`EX_SOFTWARE`).
    case software = 70
    /// An output file exists already or cannot be created (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// The store cannot be opened, read or written (`EX_IOERR`).
    case storeError = 74
    /// Another program changed the store while the command ran; nothing was saved, and the
    /// command may be run again (`EX_TEMPFAIL`).
    case conflict = 75

    /// The status for an error thrown by the planner or em itself; `nil` for errors of the
    /// argument parser, which knows their status.
    init?(for error: any Error) {
        switch error {
        case let error as PlannerError: self = Self(for: error.kind)
        case is SetupError, is ImportError: self = .data
        case let error as EMError: self = error.status
        default: return nil
        }
    }

    private init(for kind: PlannerError.Kind) {
        switch kind {
        case .storeRefused: self = .storeError
        case .conflict: self = .conflict
        case .fileExists, .cannotWrite: self = .cannotCreate
        default: self = .data
        }
    }
}
