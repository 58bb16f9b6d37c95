import Foundation

/// Who writes a transaction, as the persistent history records it.
struct HistoryLabels: Hashable, Sendable {
    /// The context's ``ManagedObjectContext/transactionAuthor``.
    var author: String?
    /// The context's ``ManagedObjectContext/name``.
    var contextName: String?

    /// The program's name, recorded as the bundle identifier.
    static let bundleID = ProcessInfo.processInfo.processName
    /// The process's identifier.
    static let processID = String(ProcessInfo.processInfo.processIdentifier)
}
