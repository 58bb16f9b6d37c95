import Foundation
import Synchronization

/// Who the changes a process saves to tournaments are by, and what made them, as each store's
/// history records them (see ``Tournament/changeLog(limit:)``).
///
/// One signature holds for the whole process: ``Tournament/signature`` is given to every
/// tournament it opens, stores it makes and copies included.
public struct ChangeSignature: Hashable, Sendable {
    /// Who saves: by default the process's user and host, `user@host`.
    public var author: String?
    /// What saves: the command, as `em result 36 2:1`.
    public var action: String?

    /// A signature; by default the process's user and host, with no action.
    public init(author: String? = ChangeSignature.currentUser, action: String? = nil) {
        self.author = author
        self.action = action
    }

    /// The process's user and host, `user@host`: the user's login name (else `$USER`, else
    /// the user ID) and the host's name.
    public static var currentUser: String {
        var user = getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
        if user?.isEmpty ?? true { user = ProcessInfo.processInfo.environment["USER"] }
        var host = [CChar](repeating: 0, count: 256)
        let hostName = gethostname(&host, host.count - 1) == 0 ? String(cString: host) : "localhost"
        return "\(user ?? String(geteuid()))@\(hostName)"
    }
}

extension Tournament {
    /// The signature of the process's saves, kept by every tournament opened after it is set.
    private static let currentSignature = Mutex(ChangeSignature())

    /// Who this process's saves are by and what made them, as the stores' history records
    /// them; set it before opening a tournament.
    public static var signature: ChangeSignature {
        get { currentSignature.withLock { $0 } }
        set { currentSignature.withLock { $0 = newValue } }
    }
}
